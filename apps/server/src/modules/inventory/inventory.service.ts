import {
  CHANGE_REASONS_EXCEED_CHANGE,
  INVENTORY_NO_PREVIOUS_YEAR,
  INVENTORY_NO_DATA,
  type ChangeReasonsResponse,
  type InventoryQuery,
  type InventoryResponse,
  type InventoryYearsResponse,
} from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createInventoryRepository,
  readInventoryYears,
  readRealmInventory,
  toRecordedReason,
  type Database,
  type UserRow,
} from '@ecc/db';
import { isChangeOverExplained, type RecordedReason } from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

export const CHANGE_REASONS_ENTITY = 'inventory-change-reasons';

/** The reporting years with results on the realm's set, ascending, named as the realm names its years. */
export async function inventoryYears(db: Database, realmId: string): Promise<InventoryYearsResponse> {
  return { years: await readInventoryYears(db, realmId) };
}

/** The realm's inventory of a reporting year (`readRealmInventory`); 404 naming the year when it has no results. */
export async function realmInventory(
  db: Database,
  realmId: string,
  query: InventoryQuery,
): Promise<InventoryResponse> {
  const inventory = await readRealmInventory(db, realmId, query.year);
  if (inventory === null) throw fieldRefusal(404, { 'querystring/year': INVENTORY_NO_DATA });
  return inventory;
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
