import { rebaseGhgrpReported, type GwpSetId } from '@ecc/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createActivityRepository, type NewActivityRecord } from './activity-repository.ts';
import { auditActorOf, createAuditLogRepository, type NewAuditEntry } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { createEmissionResultRepository, type NewEmissionResult } from './emission-result-repository.ts';
import { gwpSetsToWrite, lockResultGwpSets } from './result-gwp-sets.ts';
import {
  facilities,
  importBatches,
  type ActivityRecordRow,
  type FacilityRow,
  type ImportBatchRow,
} from './schema.ts';

export type ImportKind = ImportBatchRow['kind'];

export interface NewImportBatch {
  kind: ImportKind;
  fileName: string;
  /** SHA-256 of the file's bytes, hex. */
  fileHash: string;
  rowCount: number;
  createdBy: string | null;
  /** The facility every row was written into (an import from a facility's page); absent for the realm's. */
  facilityId?: string | null;
}

/** A facility of a facility file; fields left undefined keep their stored value when the slug exists. */
export interface FacilityImportValues {
  slug: string;
  name: string;
  sector: string;
  country: string;
  naics?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** The columns a facility file may leave out, each updated only when the file has it. */
const OPTIONAL_FACILITY_COLUMNS = [
  'naics',
  'address',
  'city',
  'state',
  'postalCode',
  'latitude',
  'longitude',
] as const satisfies readonly (keyof FacilityImportValues)[];

export interface ImportActor {
  id: string | null;
  email: string | null;
}

/** A facility from a GHGRP workbook; `reported` holds one year, merged into the years already stored. */
export interface GhgrpFacilityValues {
  ghgrpId: string;
  slug: string;
  name: string;
  sector: string;
  naics: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  reported: Record<string, unknown>;
}

export type ImportProgress = (done: number, total: number) => void;

/** `isNew` false: the same file was imported before, and the earlier batch is answered with nothing written. */
export interface ImportCommit {
  batch: ImportBatchRow;
  isNew: boolean;
}

/** Rows per statement: the facility upsert binds 14 values a row, well under PostgreSQL's 65,535. */
const FACILITY_CHUNK = 1000;
const RECORD_CHUNK = 2000;

/**
 * Imports write a batch row and everything the file holds in one transaction, so a failure leaves nothing
 * behind; the batch's unique (realm, kind, file hash) makes a second import of the same file a no-op.
 */
export function createImportRepository(db: Database) {
  async function insertBatch(
    transaction: Database,
    realmId: string,
    batch: NewImportBatch,
  ): Promise<ImportBatchRow | undefined> {
    const rows = await transaction
      .insert(importBatches)
      .values({ ...batch, realmId })
      .onConflictDoNothing()
      .returning();
    return rows[0];
  }

  /** The batch that imported this file (into this facility, when one is given) before, if any. */
  async function findBatch(realmId: string, kind: ImportKind, fileHash: string, facilityId?: string | null) {
    const rows = await db
      .select()
      .from(importBatches)
      .where(
        and(
          eq(importBatches.realmId, realmId),
          eq(importBatches.kind, kind),
          eq(importBatches.fileHash, fileHash),
          facilityId ? eq(importBatches.facilityId, facilityId) : isNull(importBatches.facilityId),
        ),
      )
      .limit(1);
    return rows[0];
  }

  /** A concurrent import of the same file won the race: answer its batch, as a later re-import would. */
  async function earlierBatch(realmId: string, batch: NewImportBatch): Promise<ImportCommit> {
    const existing = await findBatch(realmId, batch.kind, batch.fileHash, batch.facilityId);
    if (!existing) throw new Error('The import batch was neither written nor found');
    return { batch: existing, isNew: false };
  }

  return {
    findBatch,

    /** The realm's facilities by id, slug and name, for resolving the facility column of an activity file. */
    async listFacilityKeys(realmId: string): Promise<{ id: string; slug: string; name: string }[]> {
      return db
        .select({ id: facilities.id, slug: facilities.slug, name: facilities.name })
        .from(facilities)
        .where(eq(facilities.realmId, realmId));
    },

    /**
     * Writes the batch, the records and their results (computed by `resultsOf` once each record has its id, on
     * every GWP set the realm's results are written on), and one audit entry per record, all in one transaction.
     */
    async commitActivities(
      realmId: string,
      batch: NewImportBatch,
      records: readonly Omit<NewActivityRecord, 'importBatchId'>[],
      options: {
        actor: ImportActor;
        resultsOf: (record: ActivityRecordRow, gwpSetIds: readonly GwpSetId[]) => NewEmissionResult[];
        onProgress?: ImportProgress;
      },
    ): Promise<ImportCommit> {
      if (await findBatch(realmId, batch.kind, batch.fileHash, batch.facilityId)) {
        return earlierBatch(realmId, batch);
      }
      const committed = await db.transaction(async (transaction) => {
        const gwpSetIds = gwpSetsToWrite(await lockResultGwpSets(transaction, realmId));
        const inserted = await insertBatch(transaction, realmId, batch);
        if (!inserted) return undefined;
        const activities = createActivityRepository(transaction);
        const results = createEmissionResultRepository(transaction);
        const audit = createAuditLogRepository(transaction);
        options.onProgress?.(0, records.length);
        for (let start = 0; start < records.length; start += RECORD_CHUNK) {
          const chunk = records
            .slice(start, start + RECORD_CHUNK)
            .map((record) => ({ ...record, importBatchId: inserted.id }));
          const rows = await activities.insertMany(realmId, chunk);
          await results.insertMany(
            realmId,
            rows.flatMap((row) => options.resultsOf(row, gwpSetIds)),
          );
          await audit.appendMany(
            realmId,
            rows.map((row): NewAuditEntry => ({
              ...auditActorOf(options.actor),
              action: 'create',
              entityType: 'activity-record',
              entityId: row.id,
              before: null,
              after: { ...row, source: `import ${inserted.fileName} (batch ${inserted.id})` },
            })),
          );
          options.onProgress?.(start + chunk.length, records.length);
        }
        return inserted;
      });
      return committed ? { batch: committed, isNew: true } : earlierBatch(realmId, batch);
    },

    /**
     * Creates facilities, or updates the realm's facility of the same slug (keeping its id, and the stored value
     * of every optional field the file leaves out), with one audit entry per facility naming its before and
     * after, all in one transaction with the batch.
     */
    async upsertFacilities(
      realmId: string,
      batch: NewImportBatch,
      values: readonly FacilityImportValues[],
      options: { actor: ImportActor; onProgress?: ImportProgress },
    ): Promise<ImportCommit & { createdCount: number; updatedCount: number }> {
      if (await findBatch(realmId, batch.kind, batch.fileHash)) {
        return { ...(await earlierBatch(realmId, batch)), createdCount: 0, updatedCount: 0 };
      }
      // The same columns for every row: a column the file has is written, one it lacks is left as stored.
      const updatedColumns = OPTIONAL_FACILITY_COLUMNS.filter((column) =>
        values.some((value) => value[column] !== undefined),
      );
      const committed = await db.transaction(async (transaction) => {
        const inserted = await insertBatch(transaction, realmId, batch);
        if (!inserted) return undefined;
        const audit = createAuditLogRepository(transaction);
        let createdCount = 0;
        options.onProgress?.(0, values.length);
        for (let start = 0; start < values.length; start += FACILITY_CHUNK) {
          const chunk = values.slice(start, start + FACILITY_CHUNK);
          const before = await transaction
            .select()
            .from(facilities)
            .where(
              and(
                eq(facilities.realmId, realmId),
                inArray(
                  facilities.slug,
                  chunk.map((value) => value.slug),
                ),
              ),
            )
            .for('update');
          const beforeBySlug = new Map(before.map((row) => [row.slug, row]));
          const rows: FacilityRow[] = await transaction
            .insert(facilities)
            .values(
              chunk.map((value) => ({
                ...value,
                realmId,
                naics: value.naics ?? null,
                address: value.address ?? null,
                city: value.city ?? null,
                state: value.state ?? null,
                postalCode: value.postalCode ?? null,
                latitude: value.latitude ?? null,
                longitude: value.longitude ?? null,
              })),
            )
            .onConflictDoUpdate({
              target: [facilities.realmId, facilities.slug],
              set: {
                name: sql`excluded.name`,
                sector: sql`excluded.sector`,
                country: sql`excluded.country`,
                ...Object.fromEntries(
                  updatedColumns.map((column) => [column, sql.raw(`excluded.${facilities[column].name}`)]),
                ),
                modifiedOn: sql`now()`,
              },
            })
            .returning();
          await audit.appendMany(
            realmId,
            rows.map((row): NewAuditEntry => {
              const previous = beforeBySlug.get(row.slug);
              if (!previous) createdCount += 1;
              return {
                ...auditActorOf(options.actor),
                action: previous ? 'update' : 'create',
                entityType: 'facility',
                entityId: row.id,
                before: previous ?? null,
                after: { ...row, source: `import ${inserted.fileName} (batch ${inserted.id})` },
              };
            }),
          );
          options.onProgress?.(start + chunk.length, values.length);
        }
        return { batch: inserted, createdCount, updatedCount: values.length - createdCount };
      });
      if (!committed) return { ...(await earlierBatch(realmId, batch)), createdCount: 0, updatedCount: 0 };
      return { ...committed, isNew: true };
    },

    /**
     * Creates or updates facilities by GHGRP id. An existing facility keeps its id and slug and gets the
     * workbook's name, location, NAICS and sector; its `reported` years are merged with the imported one, which
     * is re-based to the realm's GWP set as it stands in the transaction (a switch of sets waits for it).
     */
    async upsertGhgrpFacilities(
      realmId: string,
      batch: NewImportBatch,
      values: readonly GhgrpFacilityValues[],
      options: { actor: ImportActor; onProgress?: ImportProgress },
    ): Promise<ImportCommit & { createdCount: number; updatedCount: number }> {
      if (await findBatch(realmId, batch.kind, batch.fileHash)) {
        return { ...(await earlierBatch(realmId, batch)), createdCount: 0, updatedCount: 0 };
      }
      const committed = await db.transaction(async (transaction) => {
        const { current: gwpSetId } = await lockResultGwpSets(transaction, realmId);
        const inserted = await insertBatch(transaction, realmId, batch);
        if (!inserted) return undefined;
        let createdCount = 0;
        options.onProgress?.(0, values.length);
        for (let start = 0; start < values.length; start += FACILITY_CHUNK) {
          const chunk = values.slice(start, start + FACILITY_CHUNK);
          const rows = await transaction
            .insert(facilities)
            .values(
              chunk.map((value) => ({
                ...value,
                realmId,
                reported: rebaseGhgrpReported(value.reported, gwpSetId),
              })),
            )
            .onConflictDoUpdate({
              target: [facilities.realmId, facilities.ghgrpId],
              targetWhere: sql`${facilities.ghgrpId} is not null`,
              set: {
                name: sql`excluded.name`,
                sector: sql`excluded.sector`,
                naics: sql`excluded.naics`,
                address: sql`excluded.address`,
                city: sql`excluded.city`,
                state: sql`excluded.state`,
                postalCode: sql`excluded.postal_code`,
                country: sql`excluded.country`,
                latitude: sql`excluded.latitude`,
                longitude: sql`excluded.longitude`,
                reported: sql`${facilities.reported} || excluded.reported`,
                modifiedOn: sql`now()`,
              },
            })
            // xmax is 0 on a row version this statement inserted, and set on one it updated.
            .returning({ isCreated: sql<boolean>`(xmax = 0)` });
          createdCount += rows.filter((row) => row.isCreated).length;
          options.onProgress?.(start + chunk.length, values.length);
        }
        const counts = { createdCount, updatedCount: values.length - createdCount };
        await createAuditLogRepository(transaction).append(realmId, {
          ...auditActorOf(options.actor),
          action: 'create',
          entityType: 'import-batch',
          entityId: inserted.id,
          before: null,
          after: { kind: inserted.kind, fileName: inserted.fileName, fileHash: inserted.fileHash, ...counts },
        });
        return { batch: inserted, ...counts };
      });
      if (!committed) return { ...(await earlierBatch(realmId, batch)), createdCount: 0, updatedCount: 0 };
      return { ...committed, isNew: true };
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
