import {
  activityRecordInputSchema,
  type ActivityRecordDto,
  type ActivityRecordInput,
  type ActivityRecordListQuery,
  type ActivityRecordListResponse,
  type ActivityRecordPatch,
  type EstimateFailureResponse,
} from '@ecc/contracts';
import {
  activityRecordAuditSnapshot,
  activityRecordInputs,
  auditActorOf,
  createActivityRepository,
  createAuditLogRepository,
  createEmissionResultRepository,
  createScope3Repository,
  lockResultGwpSets,
  type ActivityRecordRow,
  type ActivityRecordWithEmissions,
  type Database,
  type ResultGwpSets,
  type UserRow,
} from '@ecc/db';
import type { Scope } from '@ecc/domain';
import {
  fieldRefusal,
  HttpError,
  InvalidInputError,
  StaleWriteError,
  zodProblems,
} from '#platform/errors.ts';
import {
  ACTIVITY_RECORD_ENTITY,
  calculateRecordResults,
  SCOPE3_LINE_EDITED_ELSEWHERE,
  resultValuesOf,
  type CalculatedResults,
} from '#platform/record-results.ts';

export const ACTIVITY_RECORD_NOT_FOUND = 'Activity record not found';
export const FACILITY_NOT_FOUND = 'Facility not found';
export const STALE_ACTIVITY_RECORD =
  'Someone else changed this record since you opened it. Reload it to see their change, then make yours again.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    gwpSetId: row.gwpSetId,
    version: record.version,
    createdOn: record.createdOn.toISOString(),
    modifiedOn: record.modifiedOn.toISOString(),
  };
}

/** Calculates inside the caller's transaction, after `lockResultGwpSets` named the sets; 422 when it cannot. */
async function calculate(
  transaction: Database,
  realmId: string,
  recordId: string | null,
  input: ActivityRecordInput,
  gwpSets: ResultGwpSets,
): Promise<CalculatedResults> {
  const calculation = await calculateRecordResults(
    transaction,
    realmId,
    {
      id: recordId ?? 'new',
      quantity: input.quantity,
      unit: input.unit,
      factorKey: input.factorKey,
      scope: input.scope as Scope,
      scope3Category: input.scope3Category ?? null,
      certificateCoverage: input.certificateCoverage ?? null,
      activityType: input.activityType,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      equipmentId: input.equipmentId ?? null,
    },
    gwpSets,
  );
  if (!calculation.ok) {
    throw new ActivityCalculationError({
      message: `The activity record cannot be calculated: ${calculation.errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`,
      items: calculation.errors.map((error) => ({ id: recordId, path: error.path, message: error.message })),
    });
  }
  return calculation.results;
}

/** The facility of a slug, share-locked until the caller's transaction ends (records are added to it). */
async function requireFacilityId(transaction: Database, realmId: string, slug: string): Promise<string> {
  const facilityId = await createActivityRepository(transaction).findFacilityIdForRecords(realmId, slug);
  if (!facilityId) throw new HttpError(404, FACILITY_NOT_FOUND);
  return facilityId;
}

async function requireEquipmentOfFacility(
  transaction: Database,
  realmId: string,
  facilityId: string,
  equipmentId: string | null | undefined,
): Promise<void> {
  if (!equipmentId) return;
  const repository = createActivityRepository(transaction);
  if (!(await repository.isEquipmentOfFacility(realmId, facilityId, equipmentId))) {
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

/**
 * A page of a facility's records with their total, read in one transaction: the count and the page come from the
 * same snapshot (a write between them cannot make `total` disagree with the rows), and the realm scope is bound
 * once instead of around each of the four statements.
 */
export async function listActivityRecords(
  db: Database,
  realmId: string,
  slug: string,
  query: ActivityRecordListQuery,
): Promise<ActivityRecordListResponse> {
  return (await listFacilityActivityRecords(db, realmId, slug, query)).list;
}

/** The page of records and the id of their facility, for the rights check on a kept answer. */
export async function listFacilityActivityRecords(
  db: Database,
  realmId: string,
  slug: string,
  query: ActivityRecordListQuery,
): Promise<{ facilityId: string; list: ActivityRecordListResponse }> {
  return db.transaction(async (transaction) => {
    const repository = createActivityRepository(transaction);
    const facilityId = await repository.findFacilityIdForRecords(realmId, slug);
    if (!facilityId) throw new HttpError(404, FACILITY_NOT_FOUND);
    const { rows, total } = await repository.listForFacility(realmId, facilityId, query);
    const list = { results: rows.map(toActivityRecordDto), count: rows.length, total, offset: query.offset };
    return { facilityId, list };
  });
}

/** Creates a record, its emission results and its audit entry in one transaction. */
export async function createActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  slug: string,
  input: ActivityRecordInput,
  assertCanReadFacility: (facilityId: string) => Promise<void>,
): Promise<ActivityRecordDto> {
  return db.transaction(async (transaction) => {
    const gwpSets = await lockResultGwpSets(transaction, realmId);
    const facilityId = await requireFacilityId(transaction, realmId, slug);
    // A grant limited to some facilities must reach this one: checked on the facility found here, not looked up in
    // a transaction of its own before this one.
    await assertCanReadFacility(facilityId);
    await requireEquipmentOfFacility(transaction, realmId, facilityId, input.equipmentId);
    const results = await calculate(transaction, realmId, null, input, gwpSets);
    const record = await createActivityRepository(transaction).insert(realmId, {
      ...toColumns(input),
      facilityId,
      createdBy: user.id,
    });
    await createEmissionResultRepository(transaction).insertMany(realmId, resultValuesOf(record, results));
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'create',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: record.id,
      before: null,
      after: activityRecordAuditSnapshot(record, results.current),
    });
    return requireRecordDto(transaction, realmId, record.id);
  });
}

/** A record with its emissions; ids that are no UUID cannot exist and answer 404 rather than reach a uuid column. */
export async function requireRecord(
  db: Database,
  realmId: string,
  id: string,
): Promise<ActivityRecordWithEmissions> {
  const found = UUID_PATTERN.test(id) ? await createActivityRepository(db).findById(realmId, id) : undefined;
  if (!found) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
  return found;
}

async function requireRecordDto(db: Database, realmId: string, id: string): Promise<ActivityRecordDto> {
  return toActivityRecordDto(await requireRecord(db, realmId, id));
}

/**
 * The record locked for a change made on `version` (when given): 404 when it is gone, 409 with the record as it
 * is now when someone changed it since.
 */
async function lockRecordAtVersion(
  transaction: Database,
  realmId: string,
  id: string,
  version: number | undefined,
): Promise<ActivityRecordRow> {
  const locked = UUID_PATTERN.test(id)
    ? await createActivityRepository(transaction).findForUpdate(realmId, id)
    : undefined;
  if (!locked) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
  if (version !== undefined && locked.version !== version) {
    throw new StaleWriteError(STALE_ACTIVITY_RECORD, await requireRecordDto(transaction, realmId, id));
  }
  return locked;
}

function inputOf(record: ActivityRecordRow): ActivityRecordInput {
  return { ...activityRecordInputs(record), scope: record.scope as Scope };
}

/**
 * Applies a partial change made on the record's `version`, checked as a whole record; results and the audit
 * entry change with it. Everything it reads and writes happens in one transaction with the record locked.
 */
export async function updateActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
  patch: ActivityRecordPatch,
): Promise<ActivityRecordDto> {
  const { version, ...changes } = patch;
  return db.transaction(async (transaction) => {
    const gwpSets = await lockResultGwpSets(transaction, realmId);
    const existing = await lockRecordAtVersion(transaction, realmId, id, version);
    // Edited here, the record would no longer be what its line's details (spend, price index, supplier) say.
    if (await createScope3Repository(transaction).isLine(realmId, id)) {
      throw new HttpError(409, SCOPE3_LINE_EDITED_ELSEWHERE);
    }
    const merged = activityRecordInputSchema.safeParse({ ...inputOf(existing), ...changes });
    if (!merged.success) {
      throw new InvalidInputError(zodProblems(merged.error.issues)).toRefusal();
    }
    await requireEquipmentOfFacility(transaction, realmId, existing.facilityId, merged.data.equipmentId);
    const results = await calculate(transaction, realmId, id, merged.data, gwpSets);
    const previousResults = await createEmissionResultRepository(transaction).listForRecords(realmId, [id]);
    const updated = await createActivityRepository(transaction).update(realmId, id, toColumns(merged.data));
    if (!updated) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
    await createEmissionResultRepository(transaction).replaceForRecord(
      realmId,
      id,
      resultValuesOf(updated, results),
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'update',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: activityRecordAuditSnapshot(existing, previousResults),
      after: activityRecordAuditSnapshot(updated, results.current),
    });
    return requireRecordDto(transaction, realmId, id);
  });
}

/**
 * Deletes a record (its results go with it) if it is still at `version` when one is given; answers the record as
 * it was, so the caller can offer undo.
 */
export async function deleteActivityRecord(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
  version?: number,
): Promise<ActivityRecordDto> {
  return db.transaction(async (transaction) => {
    await lockRecordAtVersion(transaction, realmId, id, version);
    const existing = await requireRecord(transaction, realmId, id);
    const previousResults = await createEmissionResultRepository(transaction).listForRecords(realmId, [id]);
    const deleted = await createActivityRepository(transaction).delete(realmId, id);
    if (!deleted) throw new HttpError(404, ACTIVITY_RECORD_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'delete',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: activityRecordAuditSnapshot(deleted, previousResults),
      after: null,
    });
    return toActivityRecordDto(existing);
  });
}
