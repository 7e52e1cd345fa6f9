import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  EquipmentItem,
  EquipmentSite,
  EquipmentType,
  EquipmentTypeDetail,
  EquipmentTypeVersion,
} from '@ecc/contracts';
import { BUILT_IN_EQUIPMENT_TYPES } from '@ecc/domain';
import type { Database } from './create-database.ts';
import {
  activityRecords,
  calculationMethods,
  equipment,
  equipmentTypes,
  equipmentTypeVersions,
  facilities,
  type EquipmentTypeRow,
  type EquipmentTypeVersionRow,
} from './schema.ts';

export interface EquipmentTypeVersionValues {
  schema: Record<string, unknown>;
  activityTypes: string[];
  calculationMethodId: string | null;
  createdBy: string | null;
}

export interface NewEquipmentValues {
  facilityId: string;
  equipmentTypeId: string;
  typeVersion: number;
  name: string;
  properties: Record<string, unknown>;
}

function versionRowToVersion(row: EquipmentTypeVersionRow): EquipmentTypeVersion {
  return {
    version: row.version,
    schema: row.schema,
    activityTypes: row.activityTypes,
    calculationMethodId: row.calculationMethodId,
    createdOn: row.createdOn.toISOString(),
  };
}

function typeRowToType(row: EquipmentTypeRow, current: EquipmentTypeVersionRow): EquipmentType {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    currentVersion: row.currentVersion,
    current: versionRowToVersion(current),
  };
}

/**
 * Equipment types (a JSON Schema per version), the equipment at a realm's facilities, and the facilities seen
 * as sites. Every function takes the realm id first and every query filters by it.
 */
export function createEquipmentRepository(db: Database) {
  const selectItems = (database: Database) =>
    database
      .select({
        id: equipment.id,
        facilityId: equipment.facilityId,
        facilityName: facilities.name,
        typeKey: equipmentTypes.key,
        typeName: equipmentTypes.name,
        typeVersion: equipment.typeVersion,
        name: equipment.name,
        properties: equipment.properties,
        createdOn: equipment.createdOn,
        modifiedOn: equipment.modifiedOn,
      })
      .from(equipment)
      .innerJoin(
        facilities,
        and(eq(facilities.realmId, equipment.realmId), eq(facilities.id, equipment.facilityId)),
      )
      .innerJoin(
        equipmentTypes,
        and(eq(equipmentTypes.realmId, equipment.realmId), eq(equipmentTypes.id, equipment.equipmentTypeId)),
      );

  type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];
  const toItem = (row: ItemRow): EquipmentItem => ({
    ...row,
    createdOn: row.createdOn.toISOString(),
    modifiedOn: row.modifiedOn.toISOString(),
  });

  async function findItem(database: Database, realmId: string, id: string) {
    const rows = await selectItems(database)
      .where(and(eq(equipment.realmId, realmId), eq(equipment.id, id)))
      .limit(1);
    return rows[0] ? toItem(rows[0]) : undefined;
  }

  /** The item with its row locked until the caller's transaction ends. */
  async function lockItem(realmId: string, id: string) {
    const rows = await selectItems(db)
      .where(and(eq(equipment.realmId, realmId), eq(equipment.id, id)))
      .for('update', { of: equipment })
      .limit(1);
    return rows[0] ? toItem(rows[0]) : undefined;
  }

  async function insertType(
    database: Database,
    realmId: string,
    type: { key: string; name: string } & EquipmentTypeVersionValues,
  ): Promise<EquipmentTypeRow | undefined> {
    const [row] = await database
      .insert(equipmentTypes)
      .values({ realmId, key: type.key, name: type.name, currentVersion: 1 })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    await database.insert(equipmentTypeVersions).values({
      realmId,
      equipmentTypeId: row.id,
      version: 1,
      schema: type.schema,
      activityTypes: type.activityTypes,
      calculationMethodId: type.calculationMethodId,
      createdBy: type.createdBy,
    });
    return row;
  }

  return {
    /** Gives a realm without any equipment type the built-in ones; a realm that has types keeps its own. */
    async ensureBuiltInTypes(realmId: string): Promise<void> {
      const [existing] = await db
        .select({ total: count() })
        .from(equipmentTypes)
        .where(eq(equipmentTypes.realmId, realmId));
      if ((existing?.total ?? 0) > 0) return;
      await db.transaction(async (transaction) => {
        for (const type of BUILT_IN_EQUIPMENT_TYPES) {
          await insertType(transaction, realmId, { ...type, createdBy: null });
        }
      });
    },

    /** The ids of the calculation methods a type version may name. */
    async listCalculationMethodIds(): Promise<string[]> {
      const rows = await db.select({ id: calculationMethods.id }).from(calculationMethods);
      return rows.map((row) => row.id);
    },

    /** The realm's types with their current versions, by name. */
    async listTypes(realmId: string): Promise<EquipmentType[]> {
      const rows = await db
        .select({ type: equipmentTypes, version: equipmentTypeVersions })
        .from(equipmentTypes)
        .innerJoin(
          equipmentTypeVersions,
          and(
            eq(equipmentTypeVersions.realmId, equipmentTypes.realmId),
            eq(equipmentTypeVersions.equipmentTypeId, equipmentTypes.id),
            eq(equipmentTypeVersions.version, equipmentTypes.currentVersion),
          ),
        )
        .where(eq(equipmentTypes.realmId, realmId))
        .orderBy(asc(equipmentTypes.name));
      return rows.map((row) => typeRowToType(row.type, row.version));
    },

    /** A type with every version, newest first. */
    async findType(realmId: string, key: string): Promise<EquipmentTypeDetail | undefined> {
      const [type] = await db
        .select()
        .from(equipmentTypes)
        .where(and(eq(equipmentTypes.realmId, realmId), eq(equipmentTypes.key, key)))
        .limit(1);
      if (!type) return undefined;
      const versions = await db
        .select()
        .from(equipmentTypeVersions)
        .where(
          and(eq(equipmentTypeVersions.realmId, realmId), eq(equipmentTypeVersions.equipmentTypeId, type.id)),
        )
        .orderBy(desc(equipmentTypeVersions.version));
      const current = versions.find((version) => version.version === type.currentVersion);
      if (!current) return undefined;
      return { ...typeRowToType(type, current), versions: versions.map(versionRowToVersion) };
    },

    /** Creates a type at version 1; undefined when the realm already has a type with this key. */
    async createType(
      realmId: string,
      type: { key: string; name: string } & EquipmentTypeVersionValues,
    ): Promise<EquipmentTypeDetail | undefined> {
      const created = await db.transaction((transaction) => insertType(transaction, realmId, type));
      return created ? this.findType(realmId, type.key) : undefined;
    },

    /** Adds the next version and makes it current; undefined when the realm has no type with this key. */
    async addTypeVersion(
      realmId: string,
      key: string,
      values: EquipmentTypeVersionValues & { name?: string },
    ): Promise<EquipmentTypeDetail | undefined> {
      const updated = await db.transaction(async (transaction) => {
        // The increment takes the type's row lock, so two concurrent versions get distinct numbers.
        const [type] = await transaction
          .update(equipmentTypes)
          .set({
            currentVersion: sql`${equipmentTypes.currentVersion} + 1`,
            modifiedOn: new Date(),
            ...(values.name ? { name: values.name } : {}),
          })
          .where(and(eq(equipmentTypes.realmId, realmId), eq(equipmentTypes.key, key)))
          .returning();
        if (!type) return undefined;
        await transaction.insert(equipmentTypeVersions).values({
          realmId,
          equipmentTypeId: type.id,
          version: type.currentVersion,
          schema: values.schema,
          activityTypes: values.activityTypes,
          calculationMethodId: values.calculationMethodId,
          createdBy: values.createdBy,
        });
        return type;
      });
      return updated ? this.findType(realmId, key) : undefined;
    },

    /** The realm's facilities, each with how many pieces of equipment of each type it has. */
    async listSites(realmId: string): Promise<EquipmentSite[]> {
      const sites = await db
        .select({
          id: facilities.id,
          slug: facilities.slug,
          name: facilities.name,
          sector: facilities.sector,
          city: facilities.city,
          state: facilities.state,
          country: facilities.country,
        })
        .from(facilities)
        .where(eq(facilities.realmId, realmId))
        .orderBy(asc(facilities.name));
      const counts = await db
        .select({ facilityId: equipment.facilityId, typeKey: equipmentTypes.key, total: count() })
        .from(equipment)
        .innerJoin(
          equipmentTypes,
          and(
            eq(equipmentTypes.realmId, equipment.realmId),
            eq(equipmentTypes.id, equipment.equipmentTypeId),
          ),
        )
        .where(eq(equipment.realmId, realmId))
        .groupBy(equipment.facilityId, equipmentTypes.key);
      return sites.map((site) => {
        const own = counts.filter((row) => row.facilityId === site.id);
        return {
          ...site,
          equipmentCounts: Object.fromEntries(own.map((row) => [row.typeKey, row.total])),
          equipmentTotal: own.reduce((sum, row) => sum + row.total, 0),
        };
      });
    },

    /** Whether the facility exists; inside a transaction it stays so until the end (key-share lock). */
    async hasFacility(realmId: string, facilityId: string): Promise<boolean> {
      const rows = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, facilityId)))
        .for('key share')
        .limit(1);
      return rows.length > 0;
    },

    /** The filtered equipment in the list's order; with a page, only that page (an export reads them so). */
    async listEquipment(
      realmId: string,
      filter: { facilityId?: string; typeKey?: string },
      page?: { offset: number; limit: number },
    ): Promise<EquipmentItem[]> {
      const query = selectItems(db)
        .where(
          and(
            eq(equipment.realmId, realmId),
            filter.facilityId ? eq(equipment.facilityId, filter.facilityId) : undefined,
            filter.typeKey ? eq(equipmentTypes.key, filter.typeKey) : undefined,
          ),
        )
        // The id breaks ties between equal names, so that pages neither repeat nor skip an item.
        .orderBy(asc(facilities.name), asc(equipmentTypes.name), asc(equipment.name), asc(equipment.id));
      const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
      return rows.map(toItem);
    },

    findEquipment(realmId: string, id: string): Promise<EquipmentItem | undefined> {
      return findItem(db, realmId, id);
    },

    /** The item, locked until the caller's transaction ends (call inside `transaction`). */
    findEquipmentForUpdate(realmId: string, id: string): Promise<EquipmentItem | undefined> {
      return lockItem(realmId, id);
    },

    async createEquipment(realmId: string, values: NewEquipmentValues): Promise<EquipmentItem> {
      const [row] = await db
        .insert(equipment)
        .values({ realmId, ...values })
        .returning({ id: equipment.id });
      const item = row ? await findItem(db, realmId, row.id) : undefined;
      if (!item) throw new Error('The equipment just inserted was not found');
      return item;
    },

    async createManyEquipment(realmId: string, values: readonly NewEquipmentValues[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await db
        .insert(equipment)
        .values(values.map((value) => ({ realmId, ...value })))
        .returning({ id: equipment.id });
      return rows.length;
    },

    /** Replaces name and properties and moves the item to `typeVersion`; undefined when not in the realm. */
    async updateEquipment(
      realmId: string,
      id: string,
      values: { typeVersion: number; name: string; properties: Record<string, unknown> },
    ): Promise<EquipmentItem | undefined> {
      const rows = await db
        .update(equipment)
        .set({ ...values, modifiedOn: new Date() })
        .where(and(eq(equipment.realmId, realmId), eq(equipment.id, id)))
        .returning({ id: equipment.id });
      return rows[0] ? findItem(db, realmId, id) : undefined;
    },

    /**
     * Deletes an item no activity record names; one that records name stays (their figures would lose their
     * source) and the answer says how many. The item is locked while its records are counted, so a record
     * saved meanwhile waits and then finds it gone.
     */
    async deleteEquipment(
      realmId: string,
      id: string,
    ): Promise<'deleted' | 'not-found' | { recordCount: number }> {
      return db.transaction(async (transaction) => {
        const [item] = await transaction
          .select({ id: equipment.id })
          .from(equipment)
          .where(and(eq(equipment.realmId, realmId), eq(equipment.id, id)))
          .for('update')
          .limit(1);
        if (!item) return 'not-found';
        const [records] = await transaction
          .select({ total: count() })
          .from(activityRecords)
          .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.equipmentId, id)));
        const recordCount = records?.total ?? 0;
        if (recordCount > 0) return { recordCount };
        await transaction.delete(equipment).where(and(eq(equipment.realmId, realmId), eq(equipment.id, id)));
        return 'deleted';
      });
    },

    /** The realm's types by key, for seeding: id and current version. */
    async typeIdsByKey(realmId: string, keys: readonly string[]) {
      const rows = await db
        .select({ id: equipmentTypes.id, key: equipmentTypes.key, version: equipmentTypes.currentVersion })
        .from(equipmentTypes)
        .where(and(eq(equipmentTypes.realmId, realmId), inArray(equipmentTypes.key, [...keys])));
      return new Map(rows.map((row) => [row.key, row]));
    },
  };
}

export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>;
