import { gwpSetIdSchema } from './emissions.ts';
import { z } from './zod.ts';

/*
 * Imports (issue 4, item 7): activity data from CSV or XLSX with a column mapping, and EPA GHGRP data summary
 * workbooks. Files travel as multipart/form-data (field `file`, and for activity commits a `mapping` field
 * holding this module's mapping as JSON); the answers are JSON, or NDJSON progress lines when the caller
 * sends `Accept: application/x-ndjson`.
 */

/** The activity record fields a file's columns can be mapped to, in the order the mapping step shows them. */
export const ACTIVITY_IMPORT_FIELDS = [
  'facility',
  'activityType',
  'periodStart',
  'periodEnd',
  'quantity',
  'unit',
  'factorKey',
  'scope',
  'scope3Category',
  'certificateCoverage',
  'isEstimated',
  'notes',
] as const;
export type ActivityImportField = (typeof ACTIVITY_IMPORT_FIELDS)[number];

export const REQUIRED_ACTIVITY_IMPORT_FIELDS = [
  'facility',
  'activityType',
  'periodStart',
  'periodEnd',
  'quantity',
  'unit',
  'factorKey',
] as const satisfies readonly ActivityImportField[];

export const ACTIVITY_IMPORT_FIELD_LABELS: Readonly<Record<ActivityImportField, string>> = {
  facility: 'Facility (slug or name)',
  activityType: 'Activity type',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  quantity: 'Quantity',
  unit: 'Unit',
  factorKey: 'Emission factor',
  scope: 'Scope',
  scope3Category: 'Scope 3 category',
  certificateCoverage: 'Certificate coverage (0 to 1)',
  isEstimated: 'Estimated',
  notes: 'Notes',
};

/** Field → the header name of the column that holds it. Unmapped optional fields are left out. */
export const activityImportMappingSchema = z.partialRecord(z.enum(ACTIVITY_IMPORT_FIELDS), z.string().min(1));
export type ActivityImportMapping = z.infer<typeof activityImportMappingSchema>;

export const importRowErrorSchema = z.object({
  /** The row's number in the file, counting the header row of a CSV as row 1 (a sheet's own row number). */
  row: z.number().int(),
  /** The header name of the column, or '' when the problem is the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowErrorBody = z.infer<typeof importRowErrorSchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  kind: z.enum(['activities', 'ghgrp']),
  fileName: z.string(),
  fileHash: z.string(),
  rowCount: z.number().int(),
  createdOn: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** At most this many rows come back in a preview; the errors always cover every row. */
export const IMPORT_PREVIEW_ROW_LIMIT = 20;

export const activityImportPreviewSchema = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  columns: z.array(z.string()),
  /** The mapping sent, or one suggested from the header names when none was sent. */
  mapping: activityImportMappingSchema,
  /** Required fields the mapping leaves unmapped; rows are checked only once there are none. */
  missingFields: z.array(z.enum(ACTIVITY_IMPORT_FIELDS)),
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  rowCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** The batch that already imported this very file (same SHA-256): committing again changes nothing. */
  existingBatch: importBatchSchema.nullable(),
});
export type ActivityImportPreview = z.infer<typeof activityImportPreviewSchema>;

export const activityImportResultSchema = z.object({
  batch: importBatchSchema,
  /** False when the same file had been imported before: the earlier batch is answered and nothing written. */
  isNew: z.boolean(),
  recordCount: z.number().int(),
});
export type ActivityImportResult = z.infer<typeof activityImportResultSchema>;

/** 422 of a commit: every row error, and nothing was written. */
export const importFailureSchema = z.object({
  statusCode: z.literal(422),
  error: z.string(),
  message: z.string(),
  errors: z.array(importRowErrorSchema),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

export const ghgrpImportResultSchema = z.object({
  batch: importBatchSchema,
  isNew: z.boolean(),
  reportingYear: z.number().int(),
  gwpSetId: gwpSetIdSchema,
  facilityCount: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  /** Σ of the workbook's "Total reported direct emissions" (t CO2e on AR4, as published). */
  reportedTotalCo2eT: z.number(),
  /** The same facilities' emissions re-based to the realm's GWP set (t CO2e). */
  rebasedTotalCo2eT: z.number(),
});
export type GhgrpImportResult = z.infer<typeof ghgrpImportResultSchema>;

/** One line of an NDJSON answer: progress while rows are written, then the result or the failure. */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('result'), result: z.unknown() }),
  z.object({ type: z.literal('error'), error: z.unknown() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';
/** Largest file an import accepts (the 2020 GHGRP workbook is 2.3 MB). */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;
