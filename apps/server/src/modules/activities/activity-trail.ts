import {
  FACILITY_TRAIL_AUDIT_LIMIT,
  FACILITY_TRAIL_RECORD_LIMIT,
  type ActivityRecordTrailResponse,
  type ActivityRecordTrailResult,
  type CalculationMethodDto,
  type FacilityTrailQuery,
  type FacilityTrailResponse,
  type ResultArithmeticDto,
  type TrailFactor,
} from '@ecc/contracts';
import {
  auditRowToEntry,
  CALCULATION_METHODS,
  createActivityRepository,
  createAuditLogRepository,
  createEmissionResultRepository,
  createFacilityRepository,
  readRealmGwpSetId,
  type ActivityRecordRow,
  type ActivityRecordWithEmissions,
  type Database,
  type EmissionResultRow,
} from '@ecc/db';
import {
  explainResult,
  isGasId,
  isGwpSetId,
  isRealmCalculationMethodId,
  toCo2e,
  type EmissionFactor,
} from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';
import { realmCalculationMethods, type RealmCalculationMethod } from '#platform/realm-calculations.ts';
import { ACTIVITY_RECORD_ENTITY, findFactor } from '#platform/record-results.ts';
import { FACILITY_NOT_FOUND, requireRecord, toActivityRecordDto } from './activities.service.ts';

/*
 * Trails (issue 4 item 5, issue 10 item 6): what is behind a record's figures or a facility's total. The
 * arithmetic of each result comes from the domain's `explainResult` over the stored result and the factor it
 * names, so a trail shows the engine's own steps and the stored masses, never a second calculation.
 */

/** The factors of a trail, looked up once each (a facility's records share a handful). */
function factorCache(db: Database, realmId: string) {
  const found = new Map<string, Promise<EmissionFactor | undefined>>();
  return (key: string) => {
    let factor = found.get(key);
    if (!factor) {
      factor = findFactor(db, realmId, key);
      found.set(key, factor);
    }
    return factor;
  };
}

function toTrailFactor(key: string, version: string, factor: EmissionFactor | undefined): TrailFactor {
  if (!factor) return { key, name: key, source: 'Unknown factor', version, year: 0, per: '', gases: {} };
  return {
    key,
    name: factor.name,
    source: factor.source,
    version,
    year: factor.year,
    per: factor.per,
    gases: { ...factor.gases } as TrailFactor['gases'],
    ...(factor.hhv ? { hhv: { ...factor.hhv } } : {}),
  };
}

/** Realm calculations' versions the results name (issue 13 item 2), read once per trail. */
type RealmMethods = ReadonlyMap<string, RealmCalculationMethod>;

async function realmMethodsOf(db: Database, realmId: string, results: readonly EmissionResultRow[]) {
  return realmCalculationMethods(
    db,
    realmId,
    results.map((result) => result.calculationMethodId),
  );
}

function methodOf(id: string, realmMethods: RealmMethods): CalculationMethodDto {
  const realmMethod = realmMethods.get(id);
  if (realmMethod) return { ...realmMethod };
  const method = CALCULATION_METHODS.find((each) => each.id === id);
  return { id, name: method?.name ?? id, formula: method?.formula ?? '' };
}

function arithmeticOf(
  record: ActivityRecordRow,
  result: EmissionResultRow,
  factor: EmissionFactor | undefined,
): ResultArithmeticDto | null {
  // A realm calculation's steps are its formula, shown as the method; the factor arithmetic does not apply.
  if (isRealmCalculationMethodId(result.calculationMethodId)) return null;
  const explained = factor && explainResult(record, result, factor);
  return explained
    ? { ...explained, conversion: [...explained.conversion], gases: [...explained.gases] }
    : null;
}

function trailResult(
  record: ActivityRecordRow,
  result: EmissionResultRow,
  factor: EmissionFactor | undefined,
  realmMethods: RealmMethods,
): ActivityRecordTrailResult {
  return {
    scope2Method: result.scope2Method === '' ? null : (result.scope2Method as 'location' | 'market'),
    gases: result.gases,
    co2eKg: result.co2eKg,
    gwpSetId: result.gwpSetId,
    isFallback: result.isFallback,
    factor: toTrailFactor(result.factorKey, result.factorVersion, factor),
    method: methodOf(result.calculationMethodId, realmMethods),
    arithmetic: arithmeticOf(record, result, factor),
  };
}

const byMethod = (left: EmissionResultRow, right: EmissionResultRow) =>
  left.scope2Method.localeCompare(right.scope2Method);

async function facilitySlugOf(db: Database, realmId: string, facilityId: string): Promise<string> {
  const facility = await createFacilityRepository(db).findById(realmId, facilityId);
  if (!facility) throw new HttpError(404, FACILITY_NOT_FOUND);
  return facility.slug;
}

export async function activityRecordTrail(
  db: Database,
  realmId: string,
  id: string,
): Promise<ActivityRecordTrailResponse> {
  return (await recordTrailOf(db, realmId, id)).trail;
}

async function recordTrailOf(
  db: Database,
  realmId: string,
  id: string,
): Promise<{ record: ActivityRecordRow; trail: ActivityRecordTrailResponse }> {
  const found = await requireRecord(db, realmId, id);
  const [results, audit, facilitySlug, factor] = await Promise.all([
    createEmissionResultRepository(db).listForRecords(realmId, [id]),
    createAuditLogRepository(db).listForEntities(
      realmId,
      ACTIVITY_RECORD_ENTITY,
      [id],
      FACILITY_TRAIL_AUDIT_LIMIT,
    ),
    facilitySlugOf(db, realmId, found.record.facilityId),
    findFactor(db, realmId, found.record.factorKey),
  ]);
  const realmMethods = await realmMethodsOf(db, realmId, results);
  return {
    record: found.record,
    trail: {
      facilitySlug,
      record: toActivityRecordDto(found),
      results: results
        .sort(byMethod)
        .map((result) => trailResult(found.record, result, factor, realmMethods)),
      audit: audit.map(auditRowToEntry),
    },
  };
}

async function requireFacilityId(db: Database, realmId: string, slug: string): Promise<string> {
  const facilityId = await createActivityRepository(db).findFacilityIdForRecords(realmId, slug);
  if (!facilityId) throw new HttpError(404, FACILITY_NOT_FOUND);
  return facilityId;
}

/** The records and results behind one of a facility's totals, with the total on the realm's GWP set. */
async function facilityTotal(db: Database, realmId: string, slug: string, query: FacilityTrailQuery) {
  const facilityId = await requireFacilityId(db, realmId, slug);
  let records: ActivityRecordWithEmissions[] = await createActivityRepository(db).listForTrail(
    realmId,
    facilityId,
    query,
  );
  const results = await createEmissionResultRepository(db).listForRecords(
    realmId,
    records.map((row) => row.record.id),
    facilityId,
  );
  // The total counts Scope 2 location-based, as the facility summary does.
  let totalResults = results.filter((result) => result.scope2Method !== 'market');
  const gas = query.gas;
  if (gas) {
    totalResults = totalResults.filter((result) => result.gases[gas] !== undefined);
    const withGas = new Set(totalResults.map((result) => result.activityRecordId));
    records = records.filter((row) => withGas.has(row.record.id));
  }
  const co2eKg = totalResults.reduce(
    (sum, result) => sum + (gas ? gasCo2eKg(result.gases[gas] ?? 0, gas, result.gwpSetId) : result.co2eKg),
    0,
  );
  const recordIds = new Set(records.map((row) => row.record.id));
  // Every result comes from the one view of the realm's set; with none, the realm's set names the zero.
  const gwpSetId = results[0]?.gwpSetId ?? (await readRealmGwpSetId(db, realmId));
  return {
    records,
    results: results.filter((result) => recordIds.has(result.activityRecordId)),
    co2eKg,
    gwpSetId,
  };
}

function gasCo2eKg(kg: number, gas: string, gwpSetId: string): number {
  return isGasId(gas) && isGwpSetId(gwpSetId) ? toCo2e(kg, gas, gwpSetId) : 0;
}

/** The records, factors, formulas and audit entries behind one of a facility's totals. */
export async function facilityTrail(
  db: Database,
  realmId: string,
  slug: string,
  query: FacilityTrailQuery,
): Promise<FacilityTrailResponse> {
  const total = await facilityTotal(db, realmId, slug, query);
  const factorOf = factorCache(db, realmId);
  const factors = new Map<string, TrailFactor>();
  const methods = new Map<string, CalculationMethodDto>();
  const realmMethods = await realmMethodsOf(db, realmId, total.results);
  for (const result of total.results) {
    const key = `${result.factorKey}\n${result.factorVersion}`;
    if (!factors.has(key)) {
      const factor = await factorOf(result.factorKey);
      factors.set(key, toTrailFactor(result.factorKey, result.factorVersion, factor));
    }
    methods.set(result.calculationMethodId, methodOf(result.calculationMethodId, realmMethods));
  }
  const audit = await createAuditLogRepository(db).listForEntities(
    realmId,
    ACTIVITY_RECORD_ENTITY,
    total.records.map((row) => row.record.id),
    FACILITY_TRAIL_AUDIT_LIMIT,
  );
  return {
    co2eKg: total.co2eKg,
    gwpSetId: total.gwpSetId,
    recordCount: total.records.length,
    records: total.records.slice(0, FACILITY_TRAIL_RECORD_LIMIT).map(toActivityRecordDto),
    factors: [...factors.values()],
    methods: [...methods.values()],
    audit: audit.map(auditRowToEntry),
  };
}

/** One row of a trail's CSV: a record's result with its arithmetic. */
export interface TrailCsvEntry {
  readonly facilitySlug: string;
  readonly record: ActivityRecordRow;
  readonly result: ActivityRecordTrailResult;
}

/** The entries of a record's trail CSV. */
export async function activityRecordTrailEntries(
  db: Database,
  realmId: string,
  id: string,
): Promise<TrailCsvEntry[]> {
  const { record, trail } = await recordTrailOf(db, realmId, id);
  return trail.results.map((result) => ({ facilitySlug: trail.facilitySlug, record, result }));
}

/** The entries of a facility total's trail CSV: every record of the total, each of its results. */
export async function facilityTrailEntries(
  db: Database,
  realmId: string,
  slug: string,
  query: FacilityTrailQuery,
): Promise<TrailCsvEntry[]> {
  const total = await facilityTotal(db, realmId, slug, query);
  const factorOf = factorCache(db, realmId);
  const resultsByRecord = new Map<string, EmissionResultRow[]>();
  for (const result of total.results) {
    const ofRecord = resultsByRecord.get(result.activityRecordId);
    if (ofRecord) ofRecord.push(result);
    else resultsByRecord.set(result.activityRecordId, [result]);
  }
  const entries: TrailCsvEntry[] = [];
  const realmMethods = await realmMethodsOf(db, realmId, total.results);
  for (const { record } of total.records) {
    const factor = await factorOf(record.factorKey);
    for (const result of (resultsByRecord.get(record.id) ?? []).sort(byMethod)) {
      entries.push({ facilitySlug: slug, record, result: trailResult(record, result, factor, realmMethods) });
    }
  }
  return entries;
}
