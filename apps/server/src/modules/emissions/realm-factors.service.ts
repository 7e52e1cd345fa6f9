import type {
  EmissionFactorDto,
  RealmEmissionFactorDraftListQuery,
  RealmEmissionFactorDto,
  RealmEmissionFactorInput,
  RealmEmissionFactorListResponse,
} from '@ecc/contracts';
import {
  createEmissionFactorRepository,
  type Database,
  type NewRealmFactor,
  type RealmFactor,
} from '@ecc/db';
import { calculateItem, type InlineFactor } from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { toFactorDto } from './emissions.service.ts';

export const PUBLISHED_FACTOR_MESSAGE =
  'This factor is published and cannot be changed or deleted: results calculated with it must stay reproducible';
export const FACTOR_NOT_FOUND_MESSAGE = 'Emission factor not found';

export function toRealmFactorDto(entry: RealmFactor): RealmEmissionFactorDto {
  const { factor } = entry;
  return {
    ...toFactorDto(factor),
    ...(factor.scope ? { scope: factor.scope } : {}),
    ...(factor.electricityBasis ? { electricityBasis: factor.electricityBasis } : {}),
    ...(factor.calorificBasis ? { calorificBasis: factor.calorificBasis } : {}),
    status: entry.status,
  };
}

/**
 * The engine decides whether a factor is usable (known units and gases, a consistent basis): it is tried on a
 * zero quantity of its own unit, and its complaints about the factor are answered as 422 naming the field.
 */
function checkWithEngine(input: RealmEmissionFactorInput): void {
  const factor: InlineFactor = {
    per: input.per,
    ...(input.gases ? { gases: input.gases } : {}),
    ...(input.co2e ? { co2e: input.co2e } : {}),
    ...(input.hhv ? { hhv: input.hhv } : {}),
    ...(input.electricityBasis ? { electricityBasis: input.electricityBasis } : {}),
    ...(input.calorificBasis ? { calorificBasis: input.calorificBasis } : {}),
  };
  const scope = input.scope ?? 1;
  const calculation = calculateItem(
    {
      id: 'factor',
      quantity: 0,
      unit: input.per,
      factor,
      scope,
      ...(scope === 2 ? { scope2Method: 'market' } : {}),
    },
    'AR5',
  );
  if (calculation.ok) return;
  const problems = calculation.errors
    .filter((error) => error.path === 'factor' || error.path.startsWith('factor.'))
    .map((error): [string, string] => [
      error.path === 'factor' ? 'body' : `body/${error.path.slice('factor.'.length).replaceAll('.', '/')}`,
      error.message,
    ]);
  if (problems.length > 0) throw fieldRefusal(422, Object.fromEntries(problems));
}

function toNewRealmFactor(input: RealmEmissionFactorInput): NewRealmFactor {
  checkWithEngine(input);
  return {
    name: input.name,
    source: input.source,
    year: input.year,
    per: input.per as NewRealmFactor['per'],
    gases: (input.gases ?? {}) as NewRealmFactor['gases'],
    ...(input.co2e ? { co2e: input.co2e as NewRealmFactor['co2e'] } : {}),
    ...(input.hhv ? { hhv: input.hhv as NewRealmFactor['hhv'] } : {}),
    ...(input.scope ? { scope: input.scope } : {}),
    ...(input.electricityBasis ? { electricityBasis: input.electricityBasis } : {}),
    ...(input.calorificBasis ? { calorificBasis: input.calorificBasis } : {}),
  };
}

/** A realm's own factors: drafts can be changed and deleted; publishing makes them usable and immutable. */
export function createRealmFactorService(db: Database) {
  const repository = createEmissionFactorRepository(db);
  return {
    /** The realm's published factors in the library's shape, for the factor list. */
    async listPublished(realmId: string): Promise<EmissionFactorDto[]> {
      return (await repository.listRealmFactors(realmId)).map((entry) => toFactorDto(entry.factor));
    },

    /** One page of the realm's drafts, with what the form needs to publish or delete each. */
    async listDrafts(
      realmId: string,
      query: RealmEmissionFactorDraftListQuery,
    ): Promise<RealmEmissionFactorListResponse> {
      const { rows, total } = await repository.listDrafts(realmId, query);
      const results = rows.map(toRealmFactorDto);
      return { results, count: results.length, total, offset: query.offset };
    },

    async update(
      realmId: string,
      key: string,
      input: RealmEmissionFactorInput,
    ): Promise<RealmEmissionFactorDto> {
      const outcome = await repository.updateDraft(realmId, key, toNewRealmFactor(input));
      if (outcome === 'not-found') throw new HttpError(404, FACTOR_NOT_FOUND_MESSAGE);
      if (outcome === 'published') throw new HttpError(409, PUBLISHED_FACTOR_MESSAGE);
      return toRealmFactorDto(outcome);
    },

    async create(realmId: string, input: RealmEmissionFactorInput): Promise<RealmEmissionFactorDto> {
      return toRealmFactorDto(await repository.createDraft(realmId, toNewRealmFactor(input)));
    },

    async publish(realmId: string, key: string): Promise<RealmEmissionFactorDto> {
      const published = await repository.publish(realmId, key);
      if (!published) throw new HttpError(404, FACTOR_NOT_FOUND_MESSAGE);
      return toRealmFactorDto(published);
    },

    async delete(realmId: string, key: string): Promise<void> {
      const outcome = await repository.deleteDraft(realmId, key);
      if (outcome === 'not-found') throw new HttpError(404, FACTOR_NOT_FOUND_MESSAGE);
      if (outcome === 'published') throw new HttpError(409, PUBLISHED_FACTOR_MESSAGE);
    },
  };
}
