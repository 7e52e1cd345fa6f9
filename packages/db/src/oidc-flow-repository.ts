import { and, eq, lte } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { oidcFlows } from './schema.ts';

export type OidcFlowRow = typeof oidcFlows.$inferSelect;

/** Sign-in flows under way; every function that reads one takes the realm id first. */
export function createOidcFlowRepository(db: Database) {
  return {
    /** Stores a flow and drops every expired one, so abandoned flows do not pile up. */
    async insert(flow: OidcFlowRow, now: Date): Promise<void> {
      await db.delete(oidcFlows).where(lte(oidcFlows.expiresAt, now));
      await db.insert(oidcFlows).values(flow);
    },

    /** Removes the realm's flow of this id and answers it: a flow is used once, whatever comes of it. */
    async take(realmId: string, flowIdHash: string): Promise<OidcFlowRow | undefined> {
      const rows = await db
        .delete(oidcFlows)
        .where(and(eq(oidcFlows.realmId, realmId), eq(oidcFlows.flowIdHash, flowIdHash)))
        .returning();
      return rows[0];
    },
  };
}

export type OidcFlowRepository = ReturnType<typeof createOidcFlowRepository>;
