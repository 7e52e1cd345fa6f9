import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { analysisViews, users, type AnalysisViewRow } from './schema.ts';

export interface AnalysisViewWithOwner {
  view: AnalysisViewRow;
  ownerEmail: string;
  ownerName: string | null;
}

export type AnalysisViewValues = Pick<AnalysisViewRow, 'name' | 'visibility' | 'definition'>;

/**
 * Saved analyses (decision 028). Every function takes the realm first; what a user sees is their own views and the
 * realm's shared ones, never another user's private view.
 */
export function createAnalysisViewRepository(db: Database) {
  const visibleTo = (realmId: string, userId: string) =>
    and(
      eq(analysisViews.realmId, realmId),
      or(eq(analysisViews.ownerId, userId), eq(analysisViews.visibility, 'shared')),
    );
  const withOwner = {
    view: analysisViews,
    ownerEmail: users.email,
    ownerName: sql<string | null>`${users.properties}->>'name'`,
  };
  const ownerJoin = and(eq(users.realmId, analysisViews.realmId), eq(users.id, analysisViews.ownerId));

  return {
    /** The user's views and the realm's shared ones, by name. */
    async listVisible(realmId: string, userId: string): Promise<AnalysisViewWithOwner[]> {
      return db
        .select(withOwner)
        .from(analysisViews)
        .innerJoin(users, ownerJoin)
        .where(visibleTo(realmId, userId))
        .orderBy(asc(analysisViews.name), asc(analysisViews.id));
    },

    /** Any view of the realm, whoever owns it: a report shows the view its author chose. */
    async find(realmId: string, id: string): Promise<AnalysisViewRow | undefined> {
      const rows = await db
        .select()
        .from(analysisViews)
        .where(and(eq(analysisViews.realmId, realmId), eq(analysisViews.id, id)))
        .limit(1);
      return rows[0];
    },

    async findVisible(
      realmId: string,
      userId: string,
      id: string,
    ): Promise<AnalysisViewWithOwner | undefined> {
      const rows = await db
        .select(withOwner)
        .from(analysisViews)
        .innerJoin(users, ownerJoin)
        .where(and(visibleTo(realmId, userId), eq(analysisViews.id, id)))
        .limit(1);
      return rows[0];
    },

    /** Undefined when the owner has a view of that name already. */
    async insert(
      realmId: string,
      ownerId: string,
      values: AnalysisViewValues,
    ): Promise<AnalysisViewRow | undefined> {
      const rows = await db
        .insert(analysisViews)
        .values({ realmId, ownerId, ...values })
        .onConflictDoNothing()
        .returning();
      return rows[0];
    },

    /** The owner's view changed; undefined when it is not theirs. */
    async update(
      realmId: string,
      ownerId: string,
      id: string,
      values: AnalysisViewValues,
    ): Promise<AnalysisViewRow | undefined> {
      const rows = await db
        .update(analysisViews)
        .set({ ...values, modifiedOn: new Date() })
        .where(
          and(
            eq(analysisViews.realmId, realmId),
            eq(analysisViews.ownerId, ownerId),
            eq(analysisViews.id, id),
          ),
        )
        .returning();
      return rows[0];
    },

    async findOwnByName(
      realmId: string,
      ownerId: string,
      name: string,
    ): Promise<AnalysisViewRow | undefined> {
      const rows = await db
        .select()
        .from(analysisViews)
        .where(
          and(
            eq(analysisViews.realmId, realmId),
            eq(analysisViews.ownerId, ownerId),
            eq(analysisViews.name, name),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** True when the owner's view was deleted. */
    async delete(realmId: string, ownerId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(analysisViews)
        .where(
          and(
            eq(analysisViews.realmId, realmId),
            eq(analysisViews.ownerId, ownerId),
            eq(analysisViews.id, id),
          ),
        )
        .returning({ id: analysisViews.id });
      return rows.length > 0;
    },
  };
}
