import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import type { InventoryAmountRow } from './inventory-repository.ts';
import {
  assistantConversations,
  assistantMessages,
  type AssistantConversationRow,
  type AssistantMessageRow,
} from './schema.ts';

export type AssistantMessageValues = Pick<AssistantMessageRow, 'role' | 'text' | 'answer'>;

/**
 * The assistant's conversations (issue 14, item 4): each belongs to one user, and every function takes the realm
 * and the user first, so another user's conversation is never found. Also the month sums the assistant reads for
 * periods shorter than a reporting year.
 */
export function createAssistantRepository(db: Database) {
  const ownedBy = (realmId: string, userId: string) =>
    and(eq(assistantConversations.realmId, realmId), eq(assistantConversations.userId, userId));

  return {
    /** The user's conversations, the latest first. */
    async listConversations(realmId: string, userId: string): Promise<AssistantConversationRow[]> {
      return db
        .select()
        .from(assistantConversations)
        .where(ownedBy(realmId, userId))
        .orderBy(desc(assistantConversations.modifiedOn), desc(assistantConversations.id));
    },

    async findConversation(
      realmId: string,
      userId: string,
      id: string,
    ): Promise<AssistantConversationRow | undefined> {
      const rows = await db
        .select()
        .from(assistantConversations)
        .where(and(ownedBy(realmId, userId), eq(assistantConversations.id, id)))
        .limit(1);
      return rows[0];
    },

    async insertConversation(
      realmId: string,
      userId: string,
      title: string,
    ): Promise<AssistantConversationRow> {
      const rows = await db.insert(assistantConversations).values({ realmId, userId, title }).returning();
      const row = rows[0];
      if (!row) throw new Error('The conversation was not stored');
      return row;
    },

    /** Removes the user's conversation with its messages; false when the user has no such conversation. */
    async deleteConversation(realmId: string, userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(assistantConversations)
        .where(and(ownedBy(realmId, userId), eq(assistantConversations.id, id)))
        .returning({ id: assistantConversations.id });
      return rows.length > 0;
    },

    async listMessages(realmId: string, conversationId: string): Promise<AssistantMessageRow[]> {
      return db
        .select()
        .from(assistantMessages)
        .where(
          and(eq(assistantMessages.realmId, realmId), eq(assistantMessages.conversationId, conversationId)),
        )
        .orderBy(asc(assistantMessages.createdOn), asc(assistantMessages.role));
    },

    /** Adds the messages in order (a question, then its answer) and marks the conversation as just used. */
    async appendMessages(
      realmId: string,
      conversationId: string,
      messages: readonly AssistantMessageValues[],
    ): Promise<AssistantMessageRow[]> {
      const now = Date.now();
      const rows = await db
        .insert(assistantMessages)
        .values(
          // A millisecond apart, so that the question sorts before its answer.
          messages.map((message, index) => ({
            ...message,
            realmId,
            conversationId,
            createdOn: new Date(now + index),
          })),
        )
        .returning();
      await db
        .update(assistantConversations)
        .set({ modifiedOn: new Date(now) })
        .where(
          and(eq(assistantConversations.realmId, realmId), eq(assistantConversations.id, conversationId)),
        );
      return rows;
    },

    /**
     * Each facility's sums of the calendar months `from`–`to` (`YYYY-MM`, both included) by scope, Scope 2 method
     * and gas, from the monthly totals the triggers keep (decision 022), on one GWP set.
     */
    async monthAmounts(
      realmId: string,
      gwpSetId: string,
      from: string,
      to: string,
    ): Promise<InventoryAmountRow[]> {
      const result = await db.execute(
        sql`select facility_id, scope, scope2_method, gas,
              sum(gas_kg)::float8 as gas_kg, sum(co2e_kg)::float8 as co2e_kg
            from emission_month_totals
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId}
              and month >= ${`${from}-01`}::date and month <= ${`${to}-01`}::date
            group by facility_id, scope, scope2_method, gas`,
      );
      return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
        facilityId: String(row.facility_id),
        scope: Number(row.scope),
        scope2Method: String(row.scope2_method),
        gas: String(row.gas),
        gasKg: Number(row.gas_kg ?? 0),
        co2eKg: Number(row.co2e_kg ?? 0),
      }));
    },
  };
}

export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
