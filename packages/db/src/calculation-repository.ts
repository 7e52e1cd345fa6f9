import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  calculationBindings,
  calculationDatasets,
  calculationDatasetVersions,
  calculationFolders,
  calculations,
  calculationTestRuns,
  calculationTests,
  calculationVersions,
  equipment,
  equipmentTypes,
  users,
  type CalculationBindingKind,
  type CalculationBindingRow,
  type CalculationDatasetRow,
  type CalculationDatasetVersionRow,
  type CalculationFolderRow,
  type CalculationParameterDeclaration,
  type CalculationRow,
  type CalculationTestRow,
  type CalculationTestRunRow,
  type CalculationVersionRow,
} from './schema.ts';

/*
 * Realm calculations (issue 13 item 2, decision 037). Every function takes the realm first. Reads "visible" to a
 * realm cover its own rows and its ancestors' (inherited, read-only); writes touch the realm's own rows only, and
 * the policies of migration 0028 let a realm read its ancestors' rows but never write them.
 */

/** The realm followed by the realms above it, nearest first: the order in which a name or binding is resolved. */
export async function realmLineage(db: Database, realmId: string): Promise<string[]> {
  const result = await db.execute<{ ids: string[] | string }>(
    sql`select ecc_realm_ancestor_ids(${realmId}::uuid) as ids`,
  );
  const rows = (result as unknown as { rows?: { ids: string[] | string }[] }).rows ?? [];
  const ids = rows[0]?.ids ?? [];
  return [realmId, ...parseUuidArray(ids)];
}

/** The keys of the realms above this one, by id: where an inherited row comes from. */
export async function ancestorRealmKeys(db: Database, realmId: string): Promise<Map<string, string>> {
  const result = await db.execute<{ id: string; key: string }>(
    sql`select id, key from ecc_realm_ancestor_keys(${realmId}::uuid)`,
  );
  const rows = (result as unknown as { rows?: { id: string; key: string }[] }).rows ?? [];
  return new Map(rows.map((row) => [row.id, row.key]));
}

/** Drivers answer a uuid[] as an array (PGlite) or as its text form `{a,b}` (node-postgres without a parser). */
function parseUuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

export interface CalculationVersionFields {
  readonly formula: string;
  readonly parameters: readonly CalculationParameterDeclaration[];
  readonly authorId: string | null;
}

export interface CalculationTestFields {
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly expectedValue: number | null;
  readonly expectedGases: Record<string, number> | null;
  readonly tolerance: number;
}

export interface DatasetVersionFields {
  readonly asOf: string;
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, string | number | null>[];
  readonly fileName: string;
  readonly importedBy: string | null;
}

export interface EquipmentAttributes {
  readonly typeKey: string;
  readonly properties: Record<string, unknown>;
}

/** A version with the display name of its author, null when the author is not one of the reader's realm's users. */
export type CalculationVersionWithAuthorRow = CalculationVersionRow & { readonly authorName: string | null };

/** The first non-blank of the user's name properties, else the email: what the web's user menu shows too. */
const userDisplayName = sql<string | null>`coalesce(
  nullif(btrim(${users.properties} ->> 'name'), ''),
  nullif(btrim(${users.properties} ->> 'displayName'), ''),
  nullif(btrim(${users.properties} ->> 'fullName'), ''),
  ${users.email})`;

/** A calculation with its newest version and newest published version (either may be absent). */
export interface CalculationSummaryRow {
  readonly calculation: CalculationRow;
  readonly latest: CalculationVersionRow | undefined;
  readonly latestPublished: CalculationVersionRow | undefined;
}

export function createCalculationRepository(db: Database) {
  async function latestVersions(
    realmIds: readonly string[],
    calculationIds: readonly string[],
  ): Promise<CalculationVersionRow[]> {
    if (calculationIds.length === 0) return [];
    return db
      .select()
      .from(calculationVersions)
      .where(
        and(
          inArray(calculationVersions.realmId, [...realmIds]),
          inArray(calculationVersions.calculationId, [...calculationIds]),
        ),
      )
      .orderBy(asc(calculationVersions.calculationId), desc(calculationVersions.number));
  }

  async function summarize(
    realmIds: readonly string[],
    rows: readonly CalculationRow[],
  ): Promise<CalculationSummaryRow[]> {
    const versions = await latestVersions(
      realmIds,
      rows.map((row) => row.id),
    );
    const latest = new Map<string, CalculationVersionRow>();
    const latestPublished = new Map<string, CalculationVersionRow>();
    for (const version of versions) {
      if (!latest.has(version.calculationId)) latest.set(version.calculationId, version);
      if (version.state === 'published' && !latestPublished.has(version.calculationId)) {
        latestPublished.set(version.calculationId, version);
      }
    }
    return rows.map((calculation) => ({
      calculation,
      latest: latest.get(calculation.id),
      latestPublished: latestPublished.get(calculation.id),
    }));
  }

  return {
    // Folders ---------------------------------------------------------------------------------------------------
    listFolders(realmIds: readonly string[]): Promise<CalculationFolderRow[]> {
      return db
        .select()
        .from(calculationFolders)
        .where(inArray(calculationFolders.realmId, [...realmIds]))
        .orderBy(asc(calculationFolders.name));
    },

    async findFolder(realmId: string, id: string): Promise<CalculationFolderRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationFolders)
        .where(and(eq(calculationFolders.realmId, realmId), eq(calculationFolders.id, id)));
      return row;
    },

    async insertFolder(realmId: string, fields: { name: string; parentId: string | null }) {
      const [row] = await db
        .insert(calculationFolders)
        .values({ realmId, name: fields.name, parentId: fields.parentId })
        .returning();
      return row as CalculationFolderRow;
    },

    async updateFolder(realmId: string, id: string, fields: { name: string; parentId: string | null }) {
      const [row] = await db
        .update(calculationFolders)
        .set({ name: fields.name, parentId: fields.parentId, modifiedOn: new Date() })
        .where(and(eq(calculationFolders.realmId, realmId), eq(calculationFolders.id, id)))
        .returning();
      return row;
    },

    /** The folder's subfolders go with it; its calculations must have left it first (foreign key). */
    async deleteFolder(realmId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(calculationFolders)
        .where(and(eq(calculationFolders.realmId, realmId), eq(calculationFolders.id, id)))
        .returning({ id: calculationFolders.id });
      return deleted.length > 0;
    },

    async countInFolderTree(realmId: string, folderId: string): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        with recursive tree(id) as (
          select id from calculation_folders where realm_id = ${realmId} and id = ${folderId}
          union all
          select folder.id from calculation_folders folder join tree on folder.parent_id = tree.id
            where folder.realm_id = ${realmId}
        )
        select count(*)::integer as count from calculations
          where realm_id = ${realmId} and folder_id in (select id from tree)`);
      const rows = (result as unknown as { rows?: { count: number }[] }).rows ?? [];
      return Number(rows[0]?.count ?? 0);
    },

    // Calculations ----------------------------------------------------------------------------------------------
    async listVisible(realmIds: readonly string[]): Promise<CalculationSummaryRow[]> {
      const rows = await db
        .select()
        .from(calculations)
        .where(inArray(calculations.realmId, [...realmIds]))
        .orderBy(asc(calculations.name));
      return summarize(realmIds, rows);
    },

    async findVisible(realmIds: readonly string[], id: string): Promise<CalculationSummaryRow | undefined> {
      const rows = await db
        .select()
        .from(calculations)
        .where(and(inArray(calculations.realmId, [...realmIds]), eq(calculations.id, id)));
      const [summary] = await summarize(realmIds, rows);
      return summary;
    },

    /** Locks the realm's own calculation for a change decided on what is read next (versions, tests). */
    async lockOwn(realmId: string, id: string): Promise<CalculationRow | undefined> {
      const [row] = await db
        .select()
        .from(calculations)
        .where(and(eq(calculations.realmId, realmId), eq(calculations.id, id)))
        .for('update');
      return row;
    },

    async insertCalculation(
      realmId: string,
      fields: { name: string; folderId: string | null; description: string },
    ): Promise<CalculationRow> {
      const [row] = await db
        .insert(calculations)
        .values({ realmId, ...fields })
        .returning();
      return row as CalculationRow;
    },

    async updateCalculation(
      realmId: string,
      id: string,
      fields: Partial<{ name: string; folderId: string | null; description: string }>,
    ): Promise<CalculationRow | undefined> {
      const [row] = await db
        .update(calculations)
        .set({ ...fields, modifiedOn: new Date() })
        .where(and(eq(calculations.realmId, realmId), eq(calculations.id, id)))
        .returning();
      return row;
    },

    async deleteCalculation(realmId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(calculations)
        .where(and(eq(calculations.realmId, realmId), eq(calculations.id, id)))
        .returning({ id: calculations.id });
      return deleted.length > 0;
    },

    // Versions --------------------------------------------------------------------------------------------------
    listVersions(realmId: string, calculationId: string): Promise<CalculationVersionRow[]> {
      return db
        .select()
        .from(calculationVersions)
        .where(
          and(eq(calculationVersions.realmId, realmId), eq(calculationVersions.calculationId, calculationId)),
        )
        .orderBy(desc(calculationVersions.number));
    },

    /**
     * The versions, newest first, each with its author's display name (their `name`, `displayName` or `fullName`
     * property, else their email) when the author is one of the reader's realm's users: null for a deleted user,
     * another realm's (row-level security lets a realm read its child realms' users, so the join names the
     * reader's realm too) or none. One query, so a long history costs no call per version.
     */
    async listVersionsWithAuthors(
      readerRealmId: string,
      calculationRealmId: string,
      calculationId: string,
    ): Promise<CalculationVersionWithAuthorRow[]> {
      const rows = await db
        .select({ version: calculationVersions, authorName: userDisplayName })
        .from(calculationVersions)
        .leftJoin(users, and(eq(users.id, calculationVersions.authorId), eq(users.realmId, readerRealmId)))
        .where(
          and(
            eq(calculationVersions.realmId, calculationRealmId),
            eq(calculationVersions.calculationId, calculationId),
          ),
        )
        .orderBy(desc(calculationVersions.number));
      return rows.map((row) => ({ ...row.version, authorName: row.authorName }));
    },

    async findVersion(
      realmId: string,
      calculationId: string,
      number: number,
    ): Promise<CalculationVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationVersions)
        .where(
          and(
            eq(calculationVersions.realmId, realmId),
            eq(calculationVersions.calculationId, calculationId),
            eq(calculationVersions.number, number),
          ),
        );
      return row;
    },

    async findVersionById(
      realmIds: readonly string[],
      id: string,
    ): Promise<CalculationVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationVersions)
        .where(and(inArray(calculationVersions.realmId, [...realmIds]), eq(calculationVersions.id, id)));
      return row;
    },

    /** The next version as a draft; call after `lockOwn`, so two saves cannot take one number. */
    async insertVersion(
      realmId: string,
      calculationId: string,
      fields: CalculationVersionFields,
    ): Promise<CalculationVersionRow> {
      const [row] = await db
        .insert(calculationVersions)
        .values({
          realmId,
          calculationId,
          number: sql`(select coalesce(max(number), 0) + 1 from calculation_versions
            where realm_id = ${realmId} and calculation_id = ${calculationId})`,
          formula: fields.formula,
          parameters: [...fields.parameters],
          authorId: fields.authorId,
        })
        .returning();
      return row as CalculationVersionRow;
    },

    async publishVersion(realmId: string, id: string): Promise<CalculationVersionRow | undefined> {
      const [row] = await db
        .update(calculationVersions)
        .set({ state: 'published', publishedOn: new Date() })
        .where(
          and(
            eq(calculationVersions.realmId, realmId),
            eq(calculationVersions.id, id),
            eq(calculationVersions.state, 'draft'),
          ),
        )
        .returning();
      return row;
    },

    async hasPublishedVersion(realmId: string, calculationId: string): Promise<boolean> {
      const rows = await db
        .select({ id: calculationVersions.id })
        .from(calculationVersions)
        .where(
          and(
            eq(calculationVersions.realmId, realmId),
            eq(calculationVersions.calculationId, calculationId),
            eq(calculationVersions.state, 'published'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    // Tests -----------------------------------------------------------------------------------------------------
    listTests(realmIds: readonly string[], calculationId: string): Promise<CalculationTestRow[]> {
      return db
        .select()
        .from(calculationTests)
        .where(
          and(
            inArray(calculationTests.realmId, [...realmIds]),
            eq(calculationTests.calculationId, calculationId),
          ),
        )
        .orderBy(asc(calculationTests.name));
    },

    async insertTest(realmId: string, calculationId: string, fields: CalculationTestFields) {
      const [row] = await db
        .insert(calculationTests)
        .values({ realmId, calculationId, ...fields })
        .returning();
      return row as CalculationTestRow;
    },

    async updateTest(realmId: string, calculationId: string, id: string, fields: CalculationTestFields) {
      const [row] = await db
        .update(calculationTests)
        .set({ ...fields, modifiedOn: new Date() })
        .where(
          and(
            eq(calculationTests.realmId, realmId),
            eq(calculationTests.calculationId, calculationId),
            eq(calculationTests.id, id),
          ),
        )
        .returning();
      return row;
    },

    async deleteTest(realmId: string, calculationId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(calculationTests)
        .where(
          and(
            eq(calculationTests.realmId, realmId),
            eq(calculationTests.calculationId, calculationId),
            eq(calculationTests.id, id),
          ),
        )
        .returning({ id: calculationTests.id });
      return deleted.length > 0;
    },

    async insertTestRuns(
      realmId: string,
      runs: readonly Omit<CalculationTestRunRow, 'id' | 'realmId' | 'ranOn'>[],
    ): Promise<void> {
      if (runs.length === 0) return;
      await db.insert(calculationTestRuns).values(runs.map((run) => ({ realmId, ...run })));
    },

    /** The newest run of each test on each of these versions. */
    async latestTestRuns(
      realmIds: readonly string[],
      versionIds: readonly string[],
    ): Promise<CalculationTestRunRow[]> {
      if (versionIds.length === 0) return [];
      const rows = await db
        .select()
        .from(calculationTestRuns)
        .where(
          and(
            inArray(calculationTestRuns.realmId, [...realmIds]),
            inArray(calculationTestRuns.versionId, [...versionIds]),
          ),
        )
        .orderBy(desc(calculationTestRuns.ranOn));
      const seen = new Set<string>();
      return rows.filter((row) => {
        const key = `${row.versionId}/${row.testId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },

    // Bindings --------------------------------------------------------------------------------------------------
    listBindings(realmIds: readonly string[]): Promise<CalculationBindingRow[]> {
      return db
        .select()
        .from(calculationBindings)
        .where(inArray(calculationBindings.realmId, [...realmIds]))
        .orderBy(asc(calculationBindings.targetKind), asc(calculationBindings.targetKey));
    },

    /** Binds the target to the calculation, replacing the realm's own binding of it. */
    async bind(
      realmId: string,
      fields: {
        targetKind: CalculationBindingKind;
        targetKey: string;
        calculationId: string;
        createdBy: string | null;
      },
    ): Promise<CalculationBindingRow> {
      const [row] = await db
        .insert(calculationBindings)
        .values({ realmId, ...fields })
        .onConflictDoUpdate({
          target: [
            calculationBindings.realmId,
            calculationBindings.targetKind,
            calculationBindings.targetKey,
          ],
          set: { calculationId: fields.calculationId, createdBy: fields.createdBy, modifiedOn: new Date() },
        })
        .returning();
      return row as CalculationBindingRow;
    },

    async unbind(realmId: string, targetKind: CalculationBindingKind, targetKey: string): Promise<boolean> {
      const deleted = await db
        .delete(calculationBindings)
        .where(
          and(
            eq(calculationBindings.realmId, realmId),
            eq(calculationBindings.targetKind, targetKind),
            eq(calculationBindings.targetKey, targetKey),
          ),
        )
        .returning({ id: calculationBindings.id });
      return deleted.length > 0;
    },

    // Datasets --------------------------------------------------------------------------------------------------
    listDatasets(realmIds: readonly string[]): Promise<CalculationDatasetRow[]> {
      return db
        .select()
        .from(calculationDatasets)
        .where(inArray(calculationDatasets.realmId, [...realmIds]))
        .orderBy(asc(calculationDatasets.name));
    },

    listDatasetVersions(
      realmIds: readonly string[],
      datasetIds?: readonly string[],
    ): Promise<CalculationDatasetVersionRow[]> {
      if (datasetIds !== undefined && datasetIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(calculationDatasetVersions)
        .where(
          and(
            inArray(calculationDatasetVersions.realmId, [...realmIds]),
            datasetIds === undefined
              ? undefined
              : inArray(calculationDatasetVersions.datasetId, [...datasetIds]),
          ),
        )
        .orderBy(
          asc(calculationDatasetVersions.datasetId),
          desc(calculationDatasetVersions.asOf),
          desc(calculationDatasetVersions.number),
        );
    },

    async findOwnDatasetByName(realmId: string, name: string): Promise<CalculationDatasetRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationDatasets)
        .where(and(eq(calculationDatasets.realmId, realmId), eq(calculationDatasets.name, name)))
        .for('update');
      return row;
    },

    /** Locks the realm's own dataset for a change decided on what is read next. */
    async lockOwnDataset(realmId: string, id: string): Promise<CalculationDatasetRow | undefined> {
      const [row] = await db
        .select()
        .from(calculationDatasets)
        .where(and(eq(calculationDatasets.realmId, realmId), eq(calculationDatasets.id, id)))
        .for('update');
      return row;
    },

    /** Its versions go with it (foreign key, on delete cascade). */
    async deleteDataset(realmId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(calculationDatasets)
        .where(and(eq(calculationDatasets.realmId, realmId), eq(calculationDatasets.id, id)))
        .returning({ id: calculationDatasets.id });
      return deleted.length > 0;
    },

    async insertDataset(realmId: string, fields: { name: string; description: string }) {
      const [row] = await db
        .insert(calculationDatasets)
        .values({ realmId, ...fields })
        .returning();
      return row as CalculationDatasetRow;
    },

    /** The dataset's next version; call after locking the dataset (`findOwnDatasetByName`). */
    async insertDatasetVersion(
      realmId: string,
      datasetId: string,
      fields: DatasetVersionFields,
    ): Promise<CalculationDatasetVersionRow> {
      const [row] = await db
        .insert(calculationDatasetVersions)
        .values({
          realmId,
          datasetId,
          number: sql`(select coalesce(max(number), 0) + 1 from calculation_dataset_versions
            where realm_id = ${realmId} and dataset_id = ${datasetId})`,
          asOf: fields.asOf,
          columns: [...fields.columns],
          rows: [...fields.rows],
          fileName: fields.fileName,
          importedBy: fields.importedBy,
        })
        .returning();
      await db
        .update(calculationDatasets)
        .set({ modifiedOn: new Date() })
        .where(and(eq(calculationDatasets.realmId, realmId), eq(calculationDatasets.id, datasetId)));
      return row as CalculationDatasetVersionRow;
    },

    /**
     * The activity types the realm's records use and its equipment types name (current versions), sorted, each
     * once; and its equipment types by key. What a binding of the realm may target.
     */
    async bindingTargets(realmId: string): Promise<{
      activityTypes: string[];
      equipmentTypes: { key: string; name: string }[];
    }> {
      const result = await db.execute<{ activity_type: string }>(sql`
        select activity_type from activity_records where realm_id = ${realmId}
        union
        select unnest(version.activity_types) from equipment_type_versions version
          join equipment_types type
            on type.realm_id = version.realm_id and type.id = version.equipment_type_id
              and type.current_version = version.version
          where version.realm_id = ${realmId}
        order by 1`);
      const rows = (result as unknown as { rows?: { activity_type: string }[] }).rows ?? [];
      const types = await db
        .select({ key: equipmentTypes.key, name: equipmentTypes.name })
        .from(equipmentTypes)
        .where(eq(equipmentTypes.realmId, realmId))
        .orderBy(asc(equipmentTypes.name));
      return { activityTypes: rows.map((row) => row.activity_type), equipmentTypes: types };
    },

    /** Equipment's type key and form values, for bindings to equipment types and the attributes parameters. */
    async listEquipmentAttributes(
      realmId: string,
      equipmentIds?: readonly string[],
    ): Promise<Map<string, EquipmentAttributes>> {
      if (equipmentIds !== undefined && equipmentIds.length === 0) return new Map();
      const rows = await db
        .select({ id: equipment.id, typeKey: equipmentTypes.key, properties: equipment.properties })
        .from(equipment)
        .innerJoin(
          equipmentTypes,
          and(
            eq(equipmentTypes.realmId, equipment.realmId),
            eq(equipmentTypes.id, equipment.equipmentTypeId),
          ),
        )
        .where(
          and(
            eq(equipment.realmId, realmId),
            equipmentIds === undefined ? undefined : inArray(equipment.id, [...equipmentIds]),
          ),
        );
      return new Map(rows.map((row) => [row.id, { typeKey: row.typeKey, properties: row.properties }]));
    },

    /** Published versions of the visible calculations, for `#name` calls and bindings (engine). */
    listPublishedVersions(
      realmIds: readonly string[],
      calculationIds: readonly string[],
    ): Promise<CalculationVersionRow[]> {
      if (calculationIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(calculationVersions)
        .where(
          and(
            inArray(calculationVersions.realmId, [...realmIds]),
            inArray(calculationVersions.calculationId, [...calculationIds]),
            eq(calculationVersions.state, 'published'),
          ),
        )
        .orderBy(desc(calculationVersions.number));
    },
  };
}

export type CalculationRepository = ReturnType<typeof createCalculationRepository>;
