import { and, count, eq, lt } from 'drizzle-orm';
import type { AnalyticsEvent } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { analyticsEvents } from './schema.ts';

/** Analytics events the proxy keeps, always within one realm. */
export function createAnalyticsEventRepository(db: Database) {
  return {
    /** Stores the events in one statement, received at `receivedOn`: all of them or none. */
    async insertMany(
      realmId: string,
      events: readonly AnalyticsEvent[],
      receivedOn: Date = new Date(),
    ): Promise<number> {
      if (events.length === 0) return 0;
      const rows = await db
        .insert(analyticsEvents)
        .values(events.map((event) => ({ realmId, type: event.type, payload: event, receivedOn })))
        .returning({ id: analyticsEvents.id });
      return rows.length;
    },

    /** Deletes the realm's events received before `cutoff` (the retention period); answers how many. */
    async deleteReceivedBefore(realmId: string, cutoff: Date): Promise<number> {
      const rows = await db
        .delete(analyticsEvents)
        .where(and(eq(analyticsEvents.realmId, realmId), lt(analyticsEvents.receivedOn, cutoff)))
        .returning({ id: analyticsEvents.id });
      return rows.length;
    },

    async countByType(realmId: string, type: AnalyticsEvent['type']): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.realmId, realmId), eq(analyticsEvents.type, type)));
      return row?.total ?? 0;
    },

    async listPayloads(realmId: string): Promise<AnalyticsEvent[]> {
      const rows = await db
        .select({ payload: analyticsEvents.payload })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.realmId, realmId))
        .orderBy(analyticsEvents.receivedOn);
      return rows.map((row) => row.payload as AnalyticsEvent);
    },
  };
}
