import { isGwpSetId, type GwpSetId } from '@ecc/domain';
import { sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';

/**
 * The GWP sets a realm's results are written on (decision 020): its own, and while a recalculation moves it to
 * another set, that one too, so the run's last step can switch the realm over with every result in place.
 */
export interface ResultGwpSets {
  /** The realm's reporting set, the one every reader sees. */
  readonly current: GwpSetId;
  /** The set an unfinished recalculation moves the realm to; null when none does. */
  readonly pending: GwpSetId | null;
}

/** Every set of `sets`, the current one first. */
export function gwpSetsToWrite(sets: ResultGwpSets): GwpSetId[] {
  return sets.pending === null ? [sets.current] : [sets.current, sets.pending];
}

/** The advisory lock of a realm's results, as SQL over the realm id in `$1` (the bulk recalculation's driver). */
export const RESULT_WRITE_LOCK_KEY_SQL = `hashtextextended('emission_results:' || $1::text, 0)`;

function lockKey(realmId: string) {
  return sql`hashtextextended('emission_results:' || ${realmId}::text, 0)`;
}

function toGwpSetId(value: unknown, what: string): GwpSetId {
  if (!isGwpSetId(value)) throw new Error(`${what} is not a known GWP set: ${String(value)}`);
  return value;
}

async function readResultGwpSets(db: Database, realmId: string): Promise<ResultGwpSets> {
  const result = await db.execute(sql`
    select ecc_realm_gwp_set_id(realm.properties) as current,
           (select run.gwp_set_id from recalculation_runs run
             where run.realm_id = realm.id and run.status in ('queued', 'running')
             limit 1) as target
    from realms realm where realm.id = ${realmId}`);
  const row = (result as unknown as { rows: { current: unknown; target: unknown }[] }).rows[0];
  if (!row) throw new Error(`Realm ${realmId} not found`);
  const current = toGwpSetId(row.current, `Realm ${realmId}'s set`);
  const target = row.target === null ? null : toGwpSetId(row.target, `Realm ${realmId}'s recalculation set`);
  return { current, pending: target === current ? null : target };
}

/**
 * The sets to write a realm's results on, with a shared lock on its results until the caller's transaction
 * ends: call inside `db.transaction`, before calculating. Writers of single records and imports share it; a
 * recalculation batch and the switch to another set take it alone (`lockResultGwpSetsExclusively`), so neither
 * can slip between a writer's reading of the sets and its commit.
 */
export async function lockResultGwpSets(transaction: Database, realmId: string): Promise<ResultGwpSets> {
  await transaction.execute(sql`select pg_advisory_xact_lock_shared(${lockKey(realmId)})`);
  return readResultGwpSets(transaction, realmId);
}

/** As `lockResultGwpSets`, with the lock held alone: no other writer of the realm's results runs meanwhile. */
export async function lockResultGwpSetsExclusively(
  transaction: Database,
  realmId: string,
): Promise<ResultGwpSets> {
  await transaction.execute(sql`select pg_advisory_xact_lock(${lockKey(realmId)})`);
  return readResultGwpSets(transaction, realmId);
}

/** The realm's reporting set as stored now (no lock): what a total with no results is on. */
export async function readRealmGwpSetId(db: Database, realmId: string): Promise<GwpSetId> {
  return (await readResultGwpSets(db, realmId)).current;
}
