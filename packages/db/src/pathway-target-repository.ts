import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { pathwayTargets, sectorPathways, type PathwayTargetRow, type SectorPathwayRow } from './schema.ts';

export type PathwayTargetValues = Omit<PathwayTargetRow, 'id' | 'realmId' | 'createdOn' | 'modifiedOn'>;
export type SectorPathwayValues = Pick<SectorPathwayRow, 'name' | 'denominatorKind' | 'points'>;

/**
 * The realm's decarbonisation targets and sector pathways (issue 12, item 2). Every function takes the realm id
 * first and touches only that realm's rows.
 */
export function createPathwayTargetRepository(db: Database) {
  return {
    /** By target year, then name. */
    async listTargets(realmId: string): Promise<PathwayTargetRow[]> {
      return db
        .select()
        .from(pathwayTargets)
        .where(eq(pathwayTargets.realmId, realmId))
        .orderBy(asc(pathwayTargets.targetYear), asc(pathwayTargets.name), asc(pathwayTargets.id));
    },

    async findTarget(realmId: string, id: string): Promise<PathwayTargetRow | undefined> {
      const rows = await db
        .select()
        .from(pathwayTargets)
        .where(and(eq(pathwayTargets.realmId, realmId), eq(pathwayTargets.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The target, locked until the transaction ends: call inside the transaction that changes it. */
    async lockTarget(realmId: string, id: string): Promise<PathwayTargetRow | undefined> {
      const rows = await db
        .select()
        .from(pathwayTargets)
        .where(and(eq(pathwayTargets.realmId, realmId), eq(pathwayTargets.id, id)))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async insertTarget(realmId: string, values: PathwayTargetValues): Promise<PathwayTargetRow> {
      const rows = await db
        .insert(pathwayTargets)
        .values({ ...values, realmId })
        .returning();
      return rows[0]!;
    },

    async updateTarget(
      realmId: string,
      id: string,
      values: PathwayTargetValues,
    ): Promise<PathwayTargetRow | undefined> {
      const rows = await db
        .update(pathwayTargets)
        .set({ ...values, modifiedOn: new Date() })
        .where(and(eq(pathwayTargets.realmId, realmId), eq(pathwayTargets.id, id)))
        .returning();
      return rows[0];
    },

    async deleteTarget(realmId: string, id: string): Promise<PathwayTargetRow | undefined> {
      const rows = await db
        .delete(pathwayTargets)
        .where(and(eq(pathwayTargets.realmId, realmId), eq(pathwayTargets.id, id)))
        .returning();
      return rows[0];
    },

    /** The names of the targets that follow the pathway, by name. */
    async targetNamesFollowing(realmId: string, sectorPathwayId: string): Promise<string[]> {
      const rows = await db
        .select({ name: pathwayTargets.name })
        .from(pathwayTargets)
        .where(and(eq(pathwayTargets.realmId, realmId), eq(pathwayTargets.sectorPathwayId, sectorPathwayId)))
        .orderBy(asc(pathwayTargets.name));
      return rows.map((row) => row.name);
    },

    /** By name. */
    async listSectorPathways(realmId: string): Promise<SectorPathwayRow[]> {
      return db
        .select()
        .from(sectorPathways)
        .where(eq(sectorPathways.realmId, realmId))
        .orderBy(asc(sectorPathways.name), asc(sectorPathways.id));
    },

    async findSectorPathway(realmId: string, id: string): Promise<SectorPathwayRow | undefined> {
      const rows = await db
        .select()
        .from(sectorPathways)
        .where(and(eq(sectorPathways.realmId, realmId), eq(sectorPathways.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The pathway, locked until the transaction ends: a target cannot start following it meanwhile. */
    async lockSectorPathway(realmId: string, id: string): Promise<SectorPathwayRow | undefined> {
      const rows = await db
        .select()
        .from(sectorPathways)
        .where(and(eq(sectorPathways.realmId, realmId), eq(sectorPathways.id, id)))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async insertSectorPathway(realmId: string, values: SectorPathwayValues): Promise<SectorPathwayRow> {
      const rows = await db
        .insert(sectorPathways)
        .values({ ...values, realmId })
        .returning();
      return rows[0]!;
    },

    async updateSectorPathway(
      realmId: string,
      id: string,
      values: SectorPathwayValues,
    ): Promise<SectorPathwayRow | undefined> {
      const rows = await db
        .update(sectorPathways)
        .set({ ...values, modifiedOn: new Date() })
        .where(and(eq(sectorPathways.realmId, realmId), eq(sectorPathways.id, id)))
        .returning();
      return rows[0];
    },

    async deleteSectorPathway(realmId: string, id: string): Promise<SectorPathwayRow | undefined> {
      const rows = await db
        .delete(sectorPathways)
        .where(and(eq(sectorPathways.realmId, realmId), eq(sectorPathways.id, id)))
        .returning();
      return rows[0];
    },
  };
}

export type PathwayTargetRepository = ReturnType<typeof createPathwayTargetRepository>;
