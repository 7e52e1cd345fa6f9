import { rebaseGhgrpReported, type GwpSetId } from '@ecc/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { auditActorOf, createAuditLogRepository } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { emissionResultsAllSets, facilities, realms, users } from './schema.ts';

/** The audit entity of a realm's settings (its GWP set among them), the realm's id as entity id. */
export const REALM_SETTINGS_ENTITY = 'realm-settings';

/** Facilities re-based per statement: their reported years travel as one JSON parameter. */
const REBASE_CHUNK = 1000;

/**
 * Moves a realm to another GWP set, as the last step of the recalculation that wrote every result on it (decision
 * 019). Runs in the caller's transaction, which holds the realm's results lock alone: the realm's setting, the
 * old set's results dropped, the reported (GHGRP) emissions re-based, and the audit entry of the change, all
 * commit together or not at all, so no reader ever sees two sets. Figures stored from a realm's results belong
 * here too, refreshed in the same transaction.
 */
export async function switchRealmGwpSet(
  transaction: Database,
  realmId: string,
  change: { from: GwpSetId; to: GwpSetId; recalculationId: string; actorId: string | null },
): Promise<void> {
  await transaction
    .update(realms)
    .set({
      properties: sql`jsonb_set(${realms.properties}, '{gwpSetId}', to_jsonb(${change.to}::text))`,
      modifiedOn: sql`now()`,
    })
    .where(eq(realms.id, realmId));
  await transaction
    .delete(emissionResultsAllSets)
    .where(and(eq(emissionResultsAllSets.realmId, realmId), ne(emissionResultsAllSets.gwpSetId, change.to)));
  await rebaseReportedEmissions(transaction, realmId, change.to);
  const actor =
    change.actorId === null
      ? undefined
      : (
          await transaction
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(and(eq(users.realmId, realmId), eq(users.id, change.actorId)))
            .limit(1)
        )[0];
  await createAuditLogRepository(transaction).append(realmId, {
    ...auditActorOf(actor ?? { id: null, email: null }),
    action: 'update',
    entityType: REALM_SETTINGS_ENTITY,
    entityId: realmId,
    before: { gwpSetId: change.from },
    after: { gwpSetId: change.to, recalculationId: change.recalculationId },
  });
}

/** Every facility's reported years re-based to `gwp` (`rebaseGhgrpReported`). */
async function rebaseReportedEmissions(transaction: Database, realmId: string, gwp: GwpSetId): Promise<void> {
  const rows = await transaction
    .select({ id: facilities.id, reported: facilities.reported })
    .from(facilities)
    .where(and(eq(facilities.realmId, realmId), sql`${facilities.reported} <> '{}'::jsonb`));
  for (let start = 0; start < rows.length; start += REBASE_CHUNK) {
    const changes = rows
      .slice(start, start + REBASE_CHUNK)
      .map((row) => ({ id: row.id, reported: rebaseGhgrpReported(row.reported, gwp) }));
    await transaction.execute(sql`
      update facilities set reported = change.reported, modified_on = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as change(id uuid, reported jsonb)
      where facilities.realm_id = ${realmId} and facilities.id = change.id`);
  }
}
