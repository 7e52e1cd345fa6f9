import {
  createEmissionFactorRepository,
  emissionResultValues,
  gwpSetsToWrite,
  isRealmFactorKey,
  libraryVersionLabelOf,
  realmFactorLookupsOf,
  type ActivityRecordRow,
  type Database,
  type NewEmissionResult,
  type ResultGwpSets,
} from '@ecc/db';
import {
  calculateActivityResults,
  calculateWithBoundCalculation,
  createActivityCalculator,
  FACTOR_LIBRARY_BY_ID,
  type ActivityCalculator,
  type ActivityResultRow,
  type EmissionFactor,
  type FactorLookup,
  type GwpSetId,
  type Scope,
} from '@ecc/domain';
import { equipmentAttributesFor, loadRealmCalculations } from './realm-calculations.ts';

/*
 * One way to turn an activity record into its emission results on every GWP set the realm writes, for every
 * module that writes records one at a time (activity records, Scope 3 lines): the same factors, the same
 * version labels, the same rows.
 */

/** The entity name of activity records in the audit log, whichever module wrote them. */
export const ACTIVITY_RECORD_ENTITY = 'activity-record';

/** The refusal of a change to a Scope 3 line's record made through the activity record API. */
export const SCOPE3_LINE_EDITED_ELSEWHERE =
  'This record is a Scope 3 line: change it on the Scope 3 page, which keeps its spend, supplier and data quality with it';

const factorVersionOf = (_key: string, factor: EmissionFactor) => libraryVersionLabelOf(factor);

/** One calculator for library factors per GWP set for the process: the engine keeps its compiled plans per calculator. */
const libraryCalculators = new Map<GwpSetId, ActivityCalculator>();

function libraryCalculator(gwp: GwpSetId): ActivityCalculator {
  let calculator = libraryCalculators.get(gwp);
  if (!calculator) {
    calculator = createActivityCalculator(gwp, { factorVersionOf });
    libraryCalculators.set(gwp, calculator);
  }
  return calculator;
}

/** The realm's own published factor of this key (`realm:<uuid>`), never another realm's or a draft. */
export async function findRealmFactor(
  db: Database,
  realmId: string,
  key: string,
): Promise<EmissionFactor | undefined> {
  if (!isRealmFactorKey(key)) return undefined;
  const found = await createEmissionFactorRepository(db).findRealmFactor(realmId, key);
  return found?.status === 'published' ? (found.factor as EmissionFactor) : undefined;
}

/** The factor a record names: the library's, or the realm's own published one. */
export async function findFactor(
  db: Database,
  realmId: string,
  key: string,
): Promise<EmissionFactor | undefined> {
  return isRealmFactorKey(key) ? findRealmFactor(db, realmId, key) : FACTOR_LIBRARY_BY_ID.get(key);
}

/** A calculator per GWP set for one record: the library's, or one that also sees the record's realm factor. */
async function calculatorsFor(
  db: Database,
  realmId: string,
  factorKey: string,
): Promise<(gwp: GwpSetId) => ActivityCalculator> {
  if (!isRealmFactorKey(factorKey)) return libraryCalculator;
  const realmFactor = await findRealmFactor(db, realmId, factorKey);
  const factors: FactorLookup = {
    get: (id) => (id === factorKey ? realmFactor : FACTOR_LIBRARY_BY_ID.get(id)),
  };
  return (gwp) => createActivityCalculator(gwp, { factors, factorVersionOf });
}

/** What the engine needs of a record; `id` is `'new'` for one not written yet. */
export interface CalculableRecord {
  readonly id: string;
  readonly quantity: number;
  readonly unit: string;
  readonly factorKey: string;
  readonly scope: Scope;
  readonly scope3Category: number | null;
  readonly certificateCoverage: number | null;
  /** What decides whether a realm calculation is bound to the record (issue 13 item 2). */
  readonly activityType: string;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly equipmentId: string | null;
}

/** A record's results on every set its realm's results are written on; the realm's own set first. */
export interface CalculatedResults {
  readonly sets: readonly GwpSetId[];
  readonly bySet: ReadonlyMap<GwpSetId, readonly ActivityResultRow[]>;
  /** On the realm's own set: what the audit entry and the answer show. */
  readonly current: readonly ActivityResultRow[];
}

export type RecordCalculation =
  | { readonly ok: true; readonly results: CalculatedResults }
  | { readonly ok: false; readonly errors: readonly { readonly path: string; readonly message: string }[] };

/** Calculates inside the caller's transaction, after `lockResultGwpSets` named the sets. */
export async function calculateRecordResults(
  transaction: Database,
  realmId: string,
  record: CalculableRecord,
  gwpSets: ResultGwpSets,
): Promise<RecordCalculation> {
  const calculatorOn = await calculatorsFor(transaction, realmId, record.factorKey);
  const realmCalculations = await loadRealmCalculations(
    transaction,
    realmId,
    await realmFactorLookupsOf(transaction).lookupFor(realmId),
  );
  const equipment =
    record.equipmentId === null
      ? undefined
      : (await equipmentAttributesFor(transaction, realmId, realmCalculations, [record.equipmentId])).get(
          record.equipmentId,
        );
  realmCalculations.datasets.setDate(record.periodStart);
  const sets = gwpSetsToWrite(gwpSets);
  const bySet = new Map<GwpSetId, readonly ActivityResultRow[]>();
  for (const gwp of sets) {
    const bound = realmCalculations.boundFor(gwp, record.activityType, equipment?.typeKey ?? null);
    if (bound.isFound && 'error' in bound) {
      return { ok: false, errors: [{ path: 'activityType', message: bound.error }] };
    }
    const outcome = bound.isFound
      ? calculateWithBoundCalculation({ ...record, attributes: equipment?.properties }, bound.bound)
      : calculateActivityResults(record, calculatorOn(gwp));
    if (!outcome.ok) return { ok: false, errors: outcome.errors };
    bySet.set(gwp, outcome.rows);
  }
  return { ok: true, results: { sets, bySet, current: bySet.get(gwpSets.current) ?? [] } };
}

/** The rows `emission_results` gets for a written record. */
export function resultValuesOf(
  record: Pick<ActivityRecordRow, 'id' | 'facilityId' | 'periodStart'>,
  results: CalculatedResults,
): NewEmissionResult[] {
  return results.sets.flatMap((gwp) => emissionResultValues(record, results.bySet.get(gwp) ?? [], gwp));
}
