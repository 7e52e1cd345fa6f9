import {
  CHANGE_REASONS_EXCEED_CHANGE,
  DEFAULT_CONSOLIDATION_APPROACH,
  INVENTORY_NO_PREVIOUS_YEAR,
  DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
  INVENTORY_NO_DATA,
  consolidationApproachSchema,
  type ChangeDirection,
  type ChangeReasonsResponse,
  type InventoryQuery,
  type RecordedChangeReason,
  type InventoryResponse,
  type InventoryYearsResponse,
} from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createInventoryRepository,
  createOrganisationRepository,
  readRealmGwpSetId,
  type Database,
  type InventoryChangeReasonRow,
  type UserRow,
} from '@ecc/db';
import {
  assembleInventory,
  isChangeOverExplained,
  reportingYearRange,
  type RecordedReason,
} from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

export const CHANGE_REASONS_ENTITY = 'inventory-change-reasons';

async function boundaryOf(db: Database, realmId: string) {
  const row = await createOrganisationRepository(db).findBoundary(realmId);
  return {
    approach: consolidationApproachSchema
      .catch(DEFAULT_CONSOLIDATION_APPROACH)
      .parse(row?.consolidationApproach),
    startMonth: row?.reportingYearStartMonth ?? 1,
    baseYear: row?.baseYear ?? null,
    thresholdPercent: row?.recalculationThresholdPercent ?? DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
  };
}

/**
 * The reporting years with results on the realm's set, ascending, named as the realm names its years (the yearly
 * totals are kept by the realm's reporting year).
 */
export async function inventoryYears(db: Database, realmId: string): Promise<InventoryYearsResponse> {
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  return { years: await createInventoryRepository(db).yearsWithResults(realmId, gwpSetId) };
}

/**
 * The realm's inventory of a reporting year: the database sums by facility from the yearly totals kept by the
 * realm's reporting year (decision 034), the domain consolidates and adds up. 404 naming the year when it has
 * no results.
 */
export async function realmInventory(
  db: Database,
  realmId: string,
  query: InventoryQuery,
): Promise<InventoryResponse> {
  const repository = createInventoryRepository(db);
  const [gwpSetId, boundary] = await Promise.all([readRealmGwpSetId(db, realmId), boundaryOf(db, realmId)]);
  const range = reportingYearRange(query.year, boundary.startMonth);
  const amounts = await repository.facilityAmounts(realmId, gwpSetId, query.year);
  if (amounts.length === 0) throw fieldRefusal(404, { 'querystring/year': INVENTORY_NO_DATA });

  const comparisonYear = async (year: number | null) => {
    if (year === null) return undefined;
    const yearAmounts = await repository.facilityAmounts(realmId, gwpSetId, year, { isCo2eOnly: true });
    return yearAmounts.length === 0 ? undefined : { year, amounts: yearAmounts };
  };
  const [facilities, businessUnits, breakdowns, denominators, baseYear, previousYear, changeReasons] =
    await Promise.all([
      repository.facilities(realmId),
      repository.businessUnits(realmId),
      repository.resultBreakdowns(realmId, gwpSetId, query.year),
      createOrganisationRepository(db).listDenominators(realmId, { year: query.year, scope: 'realm' }),
      comparisonYear(boundary.baseYear),
      comparisonYear(query.year - 1),
      repository.changeReasons(realmId, query.year),
    ]);
  return assembleInventory({
    range,
    gwpSetId,
    approach: boundary.approach,
    facilities,
    businessUnits,
    amounts,
    ...breakdowns,
    denominators: denominators.map(({ denominator }) => ({
      kind: denominator.kind as InventoryResponse['intensities'][number]['kind'],
      amount: denominator.amount,
      unit: denominator.unit,
    })),
    baseYear,
    previousYear,
    recalculationThresholdPercent: boundary.thresholdPercent,
    changeReasons: changeReasons.map(toRecordedReason),
  });
}

function toRecordedReason(row: InventoryChangeReasonRow): RecordedReason {
  return {
    reason: row.reason as RecordedChangeReason,
    co2e: row.co2eKg,
    direction: row.direction as ChangeDirection,
    note: row.note,
  };
}

/** The year's reasons of change with the unidentified remainder; 404 naming the year when it has no results. */
export async function changeReasons(
  db: Database,
  realmId: string,
  year: number,
): Promise<ChangeReasonsResponse> {
  return (await realmInventory(db, realmId, { year })).changeReasons;
}

/**
 * Replaces the year's reasons (CDP C7.9a), refusing reasons that explain more than the change; the change is read
 * in the same transaction as the write, under a lock on the year's reasons, and the write is audited.
 */
export async function updateChangeReasons(
  db: Database,
  realmId: string,
  actor: UserRow,
  year: number,
  reasons: readonly RecordedReason[],
): Promise<ChangeReasonsResponse> {
  return db.transaction(async (transaction) => {
    const repository = createInventoryRepository(transaction);
    await repository.lockChangeReasons(realmId, year);
    const before = (await repository.changeReasons(realmId, year)).map(toRecordedReason);
    const inventory = await realmInventory(transaction, realmId, { year });
    const change = inventory.changeReasons.changeCo2e;
    if (change === null) throw new HttpError(409, INVENTORY_NO_PREVIOUS_YEAR);
    if (isChangeOverExplained(change, reasons)) {
      throw fieldRefusal(400, { 'body/reasons': CHANGE_REASONS_EXCEED_CHANGE });
    }
    await repository.replaceChangeReasons(
      realmId,
      year,
      reasons.map((reason) => ({ ...reason, co2eKg: reason.co2e })),
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action: 'update',
      entityType: CHANGE_REASONS_ENTITY,
      entityId: realmId,
      before: { year, reasons: before },
      after: { year, reasons },
    });
    return (await realmInventory(transaction, realmId, { year })).changeReasons;
  });
}
