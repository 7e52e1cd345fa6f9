import {
  activityRecordInputSchema,
  FACILITY_TRAIL_AUDIT_LIMIT,
  FACILITY_TRAIL_RECORD_LIMIT,
  type ActivityRecordDto,
  type ActivityRecordInput,
  type ActivityRecordListQuery,
  type ActivityRecordListResponse,
  type ActivityRecordPatch,
  type ActivityRecordTrailResponse,
  type EstimateFailureResponse,
  type FacilityTrailQuery,
  type FacilityTrailResponse,
  type TrailFactor,
} from '@ecc/contracts';
import {
  activityRecordAuditSnapshot,
  activityRecordInputs,
  auditRowToEntry,
  CALCULATION_METHODS,
  createActivityRepository,
  createAuditLogRepository,
  createEmissionFactorRepository,
  createEmissionResultRepository,
  createFacilityRepository,
  createRealmRepository,
  emissionResultValues,
  isRealmFactorKey,
  libraryVersionLabelOf,
  type ActivityRecordRow,
  type ActivityRecordWithEmissions,
  type Database,
  type FacilityRow,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import {
  calculateActivityResults,
  createActivityCalculator,
  FACTOR_LIBRARY_BY_ID,
  isGasId,
  isGwpSetId,
  realmGwpSetId,
  toCo2e,
  type GwpSetId,
  type ActivityCalculator,
  type ActivityResultRow,
  type EmissionFactor,
  type FactorLookup,
  type Scope,
} from '@ecc/domain';
import { fieldRefusal, HttpError, InvalidInputError, zodProblems } from '#platform/errors.ts';
import { describeArithmetic } from './activity-arithmetic.ts';

export const ACTIVITY_RECORD_ENTITY = 'activity-record';
export const ACTIVITY_RECORD_NOT_FOUND = 'Activity record not found';
export const FACILITY_NOT_FOUND = 'Facility not found';

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

/** The realm's GWP set, so a saved record's results match what a bulk recalculation of the realm writes. */
async function realmGwpOf(db: Database, realmId: string): Promise<GwpSetId> {
  const realm = await createRealmRepository(db).findById(realmId);
  return realmGwpSetId(realm?.properties ?? {});
}

/** The realm's own published factor of this key (`realm:<uuid>`), never another realm's or a draft. */
async function findRealmFactor(
  db: Database,
  realmId: string,
  key: string,
): Promise<EmissionFactor | undefined> {
  if (!isRealmFactorKey(key)) return undefined;
  const found = await createEmissionFactorRepository(db).findRealmFactor(realmId, key);
  return found?.status === 'published' ? (found.factor as EmissionFactor) : undefined;
}

async function factorOf(db: Database, realmId: string, key: string): Promise<EmissionFactor | undefined> {
  return isRealmFactorKey(key) ? findRealmFactor(db, realmId, key) : FACTOR_LIBRARY_BY_ID.get(key);
}

/** A record on a realm factor gets a calculator that sees the library and that one factor. */
async function calculatorFor(
  db: Database,
  realmId: string,
  factorKey: string,
  gwp: GwpSetId,
): Promise<ActivityCalculator> {
  if (!isRealmFactorKey(factorKey)) return libraryCalculator(gwp);
  const realmFactor = await findRealmFactor(db, realmId, factorKey);
  const factors: FactorLookup = {
    get: (id) => (id === factorKey ? realmFactor : FACTOR_LIBRARY_BY_ID.get(id)),
  };
  return createActivityCalculator(gwp, { factors, factorVersionOf });
}

/** A write the engine cannot calculate: 422 with every problem named by field, nothing written. */
export class ActivityCalculationError extends Error {
  constructor(readonly body: EstimateFailureResponse) {
    super(body.message);
    this.name = 'ActivityCalculationError';
  }
}

export function toActivityRecordDto(row: ActivityRecordWithEmissions): ActivityRecordDto {
  const { record } = row;
  return {
    id: record.id,
    facilityId: record.facilityId,
    ...activityRecordInputs(record),
    co2eKg: row.co2eKg,
    co2eKgMarket: row.co2eKgMarket,
    createdOn: record.createdOn.toISOString(),
    modifiedOn: record.modifiedOn.toISOString(),
  };
}

async function calculate(
  db: Database,
  realmId: string,
  recordId: string | null,
  input: ActivityRecordInput,
): Promise<CalculatedResults> {
  const gwp = await realmGwpOf(db, realmId);
  const calculator = await calculatorFor(db, realmId, input.factorKey, gwp);
  const outcome = calculateActivityResults(
    {
      id: recordId ?? 'new',
      quantity: input.quantity,
      unit: input.unit,
      factorKey: input.factorKey,
      scope: input.scope as Scope,
      scope3Category: input.scope3Category ?? null,
      certificateCoverage: input.certificateCoverage ?? null,
    },
    calculator,
  );
  if (outcome.ok) return { rows: outcome.rows, gwp };
  throw new ActivityCalculationError({
    message: `The activity record cannot be calculated: ${outcome.errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`,
    items: outcome.errors.map((error) => ({ id: recordId, path: error.path, message: error.message })),
  });
}

interface CalculatedResults {
  rows: readonly ActivityResultRow[];
  gwp: GwpSetId;
}

async function requireFacility(db: Database, realmId: string, slug: string): Promise<FacilityRow> {
  const found = await createFacilityRepository(db).findBySlug(realmId, slug);
  if (!found) throw new HttpError(404, FACILITY_NOT_FOUND);
  return found.facility;
}

async function requireEquipmentOfFacility(
  db: Database,
  realmId: string,
  facilityId: string,
  equipmentId: string | null | undefined,
): Promise<void> {
  if (!equipmentId) return;
  if (!(await createActivityRepository(db).isEquipmentOfFacility(realmId, facilityId, equipmentId))) {
    throw fieldRefusal(400, { 'body/equipmentId': 'No equipment with this id at this facility' });
  }
}

function toColumns(input: ActivityRecordInput) {
  return {
    equipmentId: input.equipmentId ?? null,
    activityType: input.activityType,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    quantity: input.quantity,
    unit: input.unit,
    factorKey: input.factorKey,
    scope: input.scope,
    scope3Category: input.scope3Category ?? null,
    certificateCoverage: input.certificateCoverage ?? null,
    isEstimated: input.isEstimated ?? false,
    notes: input.notes ?? null,
  };
}

export async function listActivityRecords(
  db: Database,
  realmId: string,
  slug: string,
  query: ActivityRecordListQuery,
): Promise<ActivityRecordListResponse> {
  const facility = await requireFacility(db, realmId, slug);
  const { rows, total } = await createActivityRepository(db).listForFacility(realmId, facility.id, query);
  return { results: rows.map(toActivityRecordDto), count: rows.length, total, offset: query.offset };
}

/** Creates a record, its emission results and its audit entry in one transaction. */
export async function createActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  slug: string,
  input: ActivityRecordInput,
): Promise<ActivityRecordDto> {
  const facility = await requireFacility(db, realmId, slug);
  await requireEquipmentOfFacility(db, realmId, facility.id, input.equipmentId);
  const results = await calculate(db, realmId, null, input);
  const id = await db.transaction(async (transaction) => {
    const record = await createActivityRepository(transaction).insert(realmId, {
      ...toColumns(input),
      facilityId: facility.id,
      createdBy: user.id,
    });
    await createEmissionResultRepository(transaction).insertMany(
      realmId,
      emissionResultValues(record, results.rows, results.gwp),
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'create',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: record.id,
      before: null,
      after: activityRecordAuditSnapshot(record, results.rows),
    });
    return record.id;
  });
  return requireRecordDto(db, realmId, id);
}

async function requireRecord(
  db: Database,
  realmId: string,
  id: string,
): Promise<ActivityRecordWithEmissions> {
  // Ids that are no UUID cannot exist; answering 404 keeps them from reaching a uuid column as a 500.
  const found = UUID_PATTERN.test(id) ? await createActivityRepository(db).findById(realmId, id) : undefined;
  if (!found) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
  return found;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requireRecordDto(db: Database, realmId: string, id: string): Promise<ActivityRecordDto> {
  return toActivityRecordDto(await requireRecord(db, realmId, id));
}

function inputOf(record: ActivityRecordRow): ActivityRecordInput {
  return { ...activityRecordInputs(record), scope: record.scope as Scope };
}

/** Applies a partial change, checked as a whole record; results and the audit entry change with it. */
export async function updateActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
  patch: ActivityRecordPatch,
): Promise<ActivityRecordDto> {
  const existing = await requireRecord(db, realmId, id);
  const merged = activityRecordInputSchema.safeParse({ ...inputOf(existing.record), ...patch });
  if (!merged.success) {
    throw new InvalidInputError(zodProblems(merged.error.issues)).toRefusal();
  }
  await requireEquipmentOfFacility(db, realmId, existing.record.facilityId, merged.data.equipmentId);
  const results = await calculate(db, realmId, id, merged.data);
  const previousResults = await createEmissionResultRepository(db).listForRecords(realmId, [id]);
  await db.transaction(async (transaction) => {
    const updated = await createActivityRepository(transaction).update(realmId, id, toColumns(merged.data));
    if (!updated) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
    await createEmissionResultRepository(transaction).replaceForRecord(
      realmId,
      id,
      emissionResultValues(updated, results.rows, results.gwp),
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'update',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: activityRecordAuditSnapshot(existing.record, previousResults),
      after: activityRecordAuditSnapshot(updated, results.rows),
    });
  });
  return requireRecordDto(db, realmId, id);
}

/** Deletes a record and its results; answers the record as it was, so the caller can offer undo. */
export async function deleteActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
): Promise<ActivityRecordDto> {
  const existing = await requireRecord(db, realmId, id);
  const previousResults = await createEmissionResultRepository(db).listForRecords(realmId, [id]);
  await db.transaction(async (transaction) => {
    const deleted = await createActivityRepository(transaction).delete(realmId, id);
    if (!deleted) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
    await createEmissionResultRepository(transaction).deleteForRecord(realmId, id);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'delete',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: activityRecordAuditSnapshot(deleted, previousResults),
      after: null,
    });
  });
  return toActivityRecordDto(existing);
}

function gasCo2eKg(kg: number, gas: string, gwpSetId: string): number {
  return isGasId(gas) && isGwpSetId(gwpSetId) ? toCo2e(kg, gas, gwpSetId) : 0;
}

function trailFactorOf(key: string, version: string, factor: EmissionFactor | undefined): TrailFactor {
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

function methodOf(id: string) {
  const method = CALCULATION_METHODS.find((each) => each.id === id);
  return { id, name: method?.name ?? id, formula: method?.formula ?? '' };
}

export async function activityRecordTrail(
  db: Database,
  realmId: string,
  id: string,
): Promise<ActivityRecordTrailResponse> {
  const found = await requireRecord(db, realmId, id);
  const [results, audit] = await Promise.all([
    createEmissionResultRepository(db).listForRecords(realmId, [id]),
    createAuditLogRepository(db).listForEntities(
      realmId,
      ACTIVITY_RECORD_ENTITY,
      [id],
      FACILITY_TRAIL_AUDIT_LIMIT,
    ),
  ]);
  const factor = await factorOf(db, realmId, found.record.factorKey);
  return {
    record: toActivityRecordDto(found),
    results: results
      .sort((left, right) => left.scope2Method.localeCompare(right.scope2Method))
      .map((result) => ({
        scope2Method: result.scope2Method === '' ? null : (result.scope2Method as 'location' | 'market'),
        gases: result.gases,
        co2eKg: result.co2eKg,
        gwpSetId: result.gwpSetId,
        isFallback: result.isFallback,
        factor: trailFactorOf(result.factorKey, result.factorVersion, factor),
        method: methodOf(result.calculationMethodId),
        arithmetic: describeArithmetic(found.record, result, factor),
      })),
    audit: audit.map(auditRowToEntry),
  };
}

/** The records, factors, formulas and audit entries behind one of a facility's totals. */
export async function facilityTrail(
  db: Database,
  realmId: string,
  slug: string,
  query: FacilityTrailQuery,
): Promise<FacilityTrailResponse> {
  const facility = await requireFacility(db, realmId, slug);
  let records = await createActivityRepository(db).listForTrail(realmId, facility.id, query);
  const results = await createEmissionResultRepository(db).listForRecords(
    realmId,
    records.map((row) => row.record.id),
    facility.id,
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
  const recordIds = records.map((row) => row.record.id);
  const recordIdSet = new Set(recordIds);
  const usedResults = results.filter((result) => recordIdSet.has(result.activityRecordId));
  const factors = new Map<string, TrailFactor>();
  const methods = new Map<string, ReturnType<typeof methodOf>>();
  for (const result of usedResults) {
    const key = `${result.factorKey}\n${result.factorVersion}`;
    if (!factors.has(key)) {
      const factor = await factorOf(db, realmId, result.factorKey);
      factors.set(key, trailFactorOf(result.factorKey, result.factorVersion, factor));
    }
    methods.set(result.calculationMethodId, methodOf(result.calculationMethodId));
  }
  const audit = await createAuditLogRepository(db).listForEntities(
    realmId,
    ACTIVITY_RECORD_ENTITY,
    recordIds,
    FACILITY_TRAIL_AUDIT_LIMIT,
  );
  return {
    co2eKg,
    recordCount: records.length,
    records: records.slice(0, FACILITY_TRAIL_RECORD_LIMIT).map(toActivityRecordDto),
    factors: [...factors.values()],
    methods: [...methods.values()],
    audit: audit.map(auditRowToEntry),
  };
}
