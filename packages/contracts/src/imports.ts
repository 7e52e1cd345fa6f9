import { defineEndpoint } from './endpoint.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { exportFormatSchema } from './exports.ts';
import { FACILITY_FIELDS, type FacilityField } from './facilities.ts';
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

/**
 * What the import dialog and the template tell a user about one column: the header the template uses (which
 * the mapping suggestion recognises), whether a row needs it, and the values it accepts.
 */
export interface ImportColumnDescription<Field extends string = string> {
  readonly field: Field;
  readonly header: string;
  readonly isRequired: boolean;
  readonly format: string;
}

const DATE_FORMAT = 'A date as YYYY-MM-DD, or a date cell of a workbook';
const NUMBER_FORMAT = 'with a full stop for decimals and no thousands separators';

/** The columns of an activity data file, in the order of the template. */
export const ACTIVITY_IMPORT_COLUMNS: readonly ImportColumnDescription<ActivityImportField>[] = [
  {
    field: 'facility',
    header: 'Facility',
    isRequired: true,
    format: "The facility's slug or its exact name (not needed when importing from a facility's page)",
  },
  {
    field: 'activityType',
    header: 'Activity type',
    isRequired: true,
    format: 'Any text naming the activity, e.g. Natural gas or Electricity',
  },
  { field: 'periodStart', header: 'Period start', isRequired: true, format: DATE_FORMAT },
  {
    field: 'periodEnd',
    header: 'Period end',
    isRequired: true,
    format: `${DATE_FORMAT}, not before the start`,
  },
  {
    field: 'quantity',
    header: 'Quantity',
    isRequired: true,
    format: `A number of 0 or more, ${NUMBER_FORMAT}`,
  },
  {
    field: 'unit',
    header: 'Unit',
    isRequired: true,
    format: "The quantity's unit, one the factor can convert from, e.g. kWh, MWh, scf, gal, kg",
  },
  {
    field: 'factorKey',
    header: 'Emission factor',
    isRequired: true,
    format: "The emission factor's key as the factor library shows it, e.g. epa-hub-2024-natural-gas-scf",
  },
  { field: 'scope', header: 'Scope', isRequired: false, format: "1, 2 or 3; empty takes the factor's scope" },
  {
    field: 'scope3Category',
    header: 'Scope 3 category',
    isRequired: false,
    format: 'A whole number from 1 to 15',
  },
  {
    field: 'certificateCoverage',
    header: 'Certificate coverage',
    isRequired: false,
    format: 'For Scope 2: the share covered by certificates, a number from 0 to 1',
  },
  { field: 'isEstimated', header: 'Estimated', isRequired: false, format: 'yes or no; empty means no' },
  { field: 'notes', header: 'Notes', isRequired: false, format: 'Any text' },
];

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
  kind: z.enum(['activities', 'ghgrp', 'facilities']),
  fileName: z.string(),
  fileHash: z.string(),
  rowCount: z.number().int(),
  createdOn: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** At most this many rows come back in a preview; the errors always cover every row. */
export const IMPORT_PREVIEW_ROW_LIMIT = 20;

/** A preview of a file before it is imported, for the fields `fields` of one kind of import. */
function importPreviewSchemaOf<const Field extends string>(fields: readonly [Field, ...Field[]]) {
  return z.object({
    fileName: z.string(),
    fileHash: z.string(),
    columns: z.array(z.string()),
    /** The mapping sent, or one suggested from the header names when none was sent. */
    mapping: z.partialRecord(z.enum(fields), z.string()),
    /** Required fields the mapping leaves unmapped; rows are checked only once there are none. */
    missingFields: z.array(z.enum(fields)),
    rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
    rowCount: z.number().int(),
    /** Every error of every row (all of a row's problems, not the first). */
    errors: z.array(importRowErrorSchema),
    /** The batch that already imported this very file (same SHA-256): committing again changes nothing. */
    existingBatch: importBatchSchema.nullable(),
  });
}

export const activityImportPreviewSchema = importPreviewSchemaOf(ACTIVITY_IMPORT_FIELDS);
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

/*
 * Facilities from CSV or XLSX (issue 10, item 2): one facility a row, created, or updated when its slug (given,
 * or made from its name) is one of the realm's facilities. All or nothing, and idempotent by the file's SHA-256.
 */
export const REQUIRED_FACILITY_IMPORT_FIELDS = [
  'name',
  'sector',
  'country',
] as const satisfies readonly FacilityField[];

/** The columns of a facility file, in the order of the template. */
export const FACILITY_IMPORT_COLUMNS: readonly ImportColumnDescription<FacilityField>[] = [
  { field: 'name', header: 'Name', isRequired: true, format: 'Any text, up to 200 characters' },
  {
    field: 'slug',
    header: 'Slug',
    isRequired: false,
    format:
      'Lower-case letters, digits and hyphens, e.g. north-campus; empty makes one from the name. A slug the realm already has updates that facility',
  },
  {
    field: 'sector',
    header: 'Sector',
    isRequired: true,
    format: 'Any text, e.g. Power Plants or Manufacturing',
  },
  { field: 'naics', header: 'NAICS', isRequired: false, format: 'A NAICS code of 2 to 6 digits' },
  { field: 'address', header: 'Address', isRequired: false, format: 'Any text' },
  { field: 'city', header: 'City', isRequired: false, format: 'Any text' },
  { field: 'state', header: 'State', isRequired: false, format: 'Any text, e.g. TX' },
  { field: 'postalCode', header: 'Postal code', isRequired: false, format: 'Any text' },
  {
    field: 'country',
    header: 'Country',
    isRequired: true,
    format: 'A two-letter ISO 3166 country code, e.g. US, GB or DE',
  },
  {
    field: 'latitude',
    header: 'Latitude',
    isRequired: false,
    format: 'A number from -90 to 90, with the longitude',
  },
  {
    field: 'longitude',
    header: 'Longitude',
    isRequired: false,
    format: 'A number from -180 to 180, with the latitude',
  },
];

export const facilityImportMappingSchema = z.partialRecord(z.enum(FACILITY_FIELDS), z.string().min(1));
export type FacilityImportMapping = z.infer<typeof facilityImportMappingSchema>;

export const facilityImportPreviewSchema = importPreviewSchemaOf(FACILITY_FIELDS);
export type FacilityImportPreview = z.infer<typeof facilityImportPreviewSchema>;

export const facilityImportResultSchema = z.object({
  batch: importBatchSchema,
  /** False when the same file had been imported before: the earlier batch is answered and nothing written. */
  isNew: z.boolean(),
  facilityCount: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
});
export type FacilityImportResult = z.infer<typeof facilityImportResultSchema>;

/** The refusal of a file that is neither (by its content): the message the import dialogs show on the file. */
export const NOT_CSV_OR_XLSX_MESSAGE = 'This is not a CSV or XLSX file';

/** Which template: activity data for the realm (with a facility column) or for one facility's page (without). */
export const IMPORT_TEMPLATE_KINDS = ['activities', 'facility-activities', 'facilities'] as const;
export type ImportTemplateKind = (typeof IMPORT_TEMPLATE_KINDS)[number];

export const importTemplateParamsSchema = z.object({ kind: z.enum(IMPORT_TEMPLATE_KINDS) });
export const importTemplateQuerySchema = z.object({ format: exportFormatSchema });

/** A file's bytes: a stream the browser downloads, not JSON. */
const fileDownloadSchema = z.unknown();

/**
 * The import routes. Their bodies are multipart/form-data (the file in the field `file`; text fields `mapping`
 * as JSON, `facility` as a facility's slug for activity data, `year` for GHGRP), so no body schema is declared.
 */
export const importEndpoints = {
  activityPreview: defineEndpoint({
    method: 'POST',
    path: '/api/imports/activities/preview',
    responses: { 200: activityImportPreviewSchema },
  }),
  activities: defineEndpoint({
    method: 'POST',
    path: '/api/imports/activities',
    responses: { 200: activityImportResultSchema, 422: importFailureSchema },
  }),
  facilityPreview: defineEndpoint({
    method: 'POST',
    path: '/api/imports/facilities/preview',
    responses: { 200: facilityImportPreviewSchema },
  }),
  facilities: defineEndpoint({
    method: 'POST',
    path: '/api/imports/facilities',
    responses: { 200: facilityImportResultSchema, 422: importFailureSchema },
  }),
  ghgrp: defineEndpoint({
    method: 'POST',
    path: '/api/imports/ghgrp',
    responses: { 200: ghgrpImportResultSchema, 422: importFailureSchema },
  }),
  template: defineEndpoint({
    method: 'GET',
    path: '/api/imports/templates/:kind',
    params: importTemplateParamsSchema,
    query: importTemplateQuerySchema,
    responses: { 200: fileDownloadSchema },
  }),
};

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';
/** Largest file an import accepts (the 2020 GHGRP workbook is 2.3 MB). */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;
