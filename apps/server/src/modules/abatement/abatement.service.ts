import {
  DEFAULT_REALM_CURRENCY,
  MEASURE_NAME_TAKEN,
  MEASURE_NOT_FOUND,
  type MeasureDto,
  type MeasureListResponse,
  type MeasureValues,
  type StarterSetResponse,
} from '@ecc/contracts';
import {
  auditActorOf,
  createAbatementRepository,
  createAuditLogRepository,
  measureFieldsOf,
  readRealmCurrency,
  sourceKey,
  type AbatementMeasureRow,
  type Database,
  type SourceEmissions,
  type UserRow,
} from '@ecc/db';
import { STARTER_MEASURES, annualAbatementKg, findMeasurePrerequisiteCycle } from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

export const MEASURE_ENTITY = 'abatement-measure';

type Repository = ReturnType<typeof createAbatementRepository>;

function abatementOf(row: AbatementMeasureRow): MeasureDto['abatement'] {
  return row.abatementKind === 'share'
    ? { kind: 'share', percent: row.abatementPercent ?? 0 }
    : { kind: 'absolute', kgPerYear: row.abatementKg ?? 0 };
}

type SourceNames = Awaited<ReturnType<Repository['sourceNames']>>;

function toDto(
  row: AbatementMeasureRow,
  source: SourceEmissions | undefined,
  names: SourceNames,
): MeasureDto {
  const abatement = abatementOf(row);
  const isShare = abatement.kind === 'share';
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    appliesTo: {
      facilityId: row.facilityId,
      equipmentTypeId: row.equipmentTypeId,
      scope: row.scope as 1 | 2 | 3 | null,
    },
    appliesToNames: {
      facility: row.facilityId === null ? null : (names.facilities.get(row.facilityId) ?? null),
      equipmentType:
        row.equipmentTypeId === null ? null : (names.equipmentTypes.get(row.equipmentTypeId) ?? null),
    },
    abatement,
    annualAbatementKg: annualAbatementKg(abatement, isShare ? (source?.co2eKg ?? null) : null),
    sourceEmissionsKg: isShare ? (source?.co2eKg ?? null) : null,
    sourceYear: isShare ? (source?.year ?? null) : null,
    capex: row.capex,
    annualCost: row.annualCost,
    lifetime: row.lifetime,
    earliestYear: row.earliestYear,
    exclusiveGroup: row.exclusiveGroup,
    prerequisites: row.prerequisites,
    source: { citation: row.sourceCitation, url: row.sourceUrl },
    starterKey: row.starterKey,
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

/**
 * The rows as the API answers them, each share converted with its source's latest-year emissions and each
 * facility and equipment type named (read from the realm's own rows).
 */
async function toDtos(repository: Repository, realmId: string, rows: readonly AbatementMeasureRow[]) {
  const shares = rows.filter((row) => row.abatementKind === 'share');
  const sources = await repository.sourceEmissions(realmId, shares);
  const names = await repository.sourceNames(realmId, {
    facilityIds: rows.flatMap((row) => row.facilityId ?? []),
    equipmentTypeIds: rows.flatMap((row) => row.equipmentTypeId ?? []),
  });
  return rows.map((row) => toDto(row, sources.get(sourceKey(row)), names));
}

function snapshot(row: AbatementMeasureRow) {
  const { id: _id, realmId: _realmId, createdOn: _createdOn, modifiedOn: _modifiedOn, ...fields } = row;
  return fields;
}

/** The realm's currency (decision 050), which every money figure of the library and its exports is in. */
export async function realmCurrencyOf(db: Database, realmId: string): Promise<string> {
  return (await readRealmCurrency(db, realmId))?.currency ?? DEFAULT_REALM_CURRENCY;
}

/** An export's header naming the currency of its figures: `Capex (EUR)`. */
export function moneyHeader(label: string, currency: string): string {
  return `${label} (${currency})`;
}

export async function listMeasures(db: Database, realmId: string): Promise<MeasureListResponse> {
  const repository = createAbatementRepository(db);
  return { results: await toDtos(repository, realmId, await repository.list(realmId)) };
}

export async function readMeasure(db: Database, realmId: string, id: string): Promise<MeasureDto> {
  const repository = createAbatementRepository(db);
  const row = await repository.find(realmId, id);
  if (!row) throw new HttpError(404, MEASURE_NOT_FOUND);
  return (await toDtos(repository, realmId, [row]))[0]!;
}

/**
 * Refuses what the schema cannot see: a facility or equipment type outside the realm, an unknown prerequisite
 * (each named by its index), a prerequisite cycle through the realm's other measures, a name the realm uses.
 */
async function checkMeasure(
  repository: Repository,
  realmId: string,
  values: MeasureValues,
  existing: readonly AbatementMeasureRow[],
  id: string | undefined,
): Promise<void> {
  const { facilityId, equipmentTypeId } = values.appliesTo;
  if (facilityId !== null && !(await repository.hasFacility(realmId, facilityId))) {
    throw fieldRefusal(400, { 'body/appliesTo/facilityId': 'No facility of the realm has this id' });
  }
  if (equipmentTypeId !== null && !(await repository.hasEquipmentType(realmId, equipmentTypeId))) {
    throw fieldRefusal(400, {
      'body/appliesTo/equipmentTypeId': 'No equipment type of the realm has this id',
    });
  }
  const known = new Set(existing.map((row) => row.id));
  const unknown = Object.fromEntries(
    values.prerequisites.flatMap((prerequisite, index) =>
      known.has(prerequisite) && prerequisite !== id
        ? []
        : [
            [
              `body/prerequisites/${index}`,
              prerequisite === id
                ? 'A measure cannot require itself'
                : 'No measure of the library has this id',
            ],
          ],
    ),
  );
  if (Object.keys(unknown).length > 0) throw fieldRefusal(400, unknown);
  const nameById = new Map(existing.map((row) => [row.id, row.name]));
  const ownId = id ?? 'new';
  nameById.set(ownId, values.name);
  // The measure being saved first, so a cycle is told from it.
  const cycle = findMeasurePrerequisiteCycle([
    { id: ownId, prerequisites: values.prerequisites },
    ...existing.filter((row) => row.id !== ownId),
  ]);
  if (cycle) {
    throw fieldRefusal(422, {
      'body/prerequisites': `These prerequisites would form a cycle: ${cycle.map((each) => nameById.get(each) ?? each).join(' → ')}`,
    });
  }
  if (existing.some((row) => row.id !== id && row.name.toLowerCase() === values.name.toLowerCase())) {
    throw fieldRefusal(409, { 'body/name': MEASURE_NAME_TAKEN });
  }
}

export async function createMeasure(
  db: Database,
  realmId: string,
  actor: UserRow,
  values: MeasureValues,
): Promise<MeasureDto> {
  return db.transaction(async (transaction) => {
    const repository = createAbatementRepository(transaction);
    const existing = await repository.lockAll(realmId);
    await checkMeasure(repository, realmId, values, existing, undefined);
    const created = await repository.insert(realmId, measureFieldsOf(values, null));
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'create',
      entityType: MEASURE_ENTITY,
      entityId: created.id,
      before: null,
      after: snapshot(created),
    });
    return (await toDtos(repository, realmId, [created]))[0]!;
  });
}

export async function updateMeasure(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
  values: MeasureValues,
): Promise<MeasureDto> {
  return db.transaction(async (transaction) => {
    const repository = createAbatementRepository(transaction);
    const existing = await repository.lockAll(realmId);
    const before = existing.find((row) => row.id === id);
    if (!before) throw new HttpError(404, MEASURE_NOT_FOUND);
    await checkMeasure(repository, realmId, values, existing, id);
    const updated = await repository.update(realmId, id, measureFieldsOf(values, before.starterKey));
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: MEASURE_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: snapshot(updated),
    });
    return (await toDtos(repository, realmId, [updated]))[0]!;
  });
}

/** Refused (409, naming them) while other measures require it, so no prerequisite points nowhere. */
export async function deleteMeasure(
  db: Database,
  realmId: string,
  actor: UserRow,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const repository = createAbatementRepository(transaction);
    const existing = await repository.lockAll(realmId);
    const before = existing.find((row) => row.id === id);
    if (!before) throw new HttpError(404, MEASURE_NOT_FOUND);
    const dependents = existing.filter((row) => row.prerequisites.includes(id)).map((row) => row.name);
    if (dependents.length > 0) {
      throw new HttpError(
        409,
        `${dependents.join(', ')} ${dependents.length === 1 ? 'requires' : 'require'} this measure: remove it from their prerequisites first`,
      );
    }
    await repository.delete(realmId, id);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'delete',
      entityType: MEASURE_ENTITY,
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
}

/**
 * Adds the starter set's measures the realm has not added yet (by starter key); a starter measure whose name the
 * realm already uses for a measure of its own is left out too, so nothing is overwritten.
 */
export async function addStarterSet(
  db: Database,
  realmId: string,
  actor: UserRow | null,
): Promise<StarterSetResponse> {
  return db.transaction(async (transaction) => {
    const repository = createAbatementRepository(transaction);
    const existing = await repository.lockAll(realmId);
    const keys = new Set(existing.map((row) => row.starterKey));
    const names = new Set(existing.map((row) => row.name.toLowerCase()));
    const audit = createAuditLogRepository(transaction);
    let added = 0;
    for (const starter of STARTER_MEASURES) {
      if (keys.has(starter.key) || names.has(starter.values.name.toLowerCase())) continue;
      const created = await repository.insert(realmId, measureFieldsOf(starter.values, starter.key));
      added += 1;
      if (actor) {
        await audit.append(realmId, {
          ...auditActorOf(actor),
          action: 'create',
          entityType: MEASURE_ENTITY,
          entityId: created.id,
          before: null,
          after: snapshot(created),
        });
      }
    }
    return { added, results: await toDtos(repository, realmId, await repository.list(realmId)) };
  });
}
