import { activityRecordListQuerySchema } from './activities.ts';
import { auditLogFilterSchema } from './audit.ts';
import { emissionFactorListQuerySchema } from './emissions.ts';
import { defineEndpoint } from './endpoint.ts';
import { facilityListQuerySchema, facilitySlugParamsSchema } from './facilities.ts';
import { z } from './zod.ts';

/*
 * Exports (issue 10, item 8): every table can be downloaded as CSV or XLSX with the filters of its list applied.
 * Each export endpoint takes its list's query (without paging) and `format`; the answer is the file, streamed,
 * with a Content-Disposition filename. Masses are raw numbers in kg CO2e with the unit in the column's header.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Text that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe from CSV (formula) injection as OWASP recommends: a leading apostrophe, which
 * spreadsheets show as text. Imports take it off again (`withoutFormulaGuard`), so an export imports back.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse of neutralizeFormula: an apostrophe before a formula character is dropped. */
export function withoutFormulaGuard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A list's query without its paging, plus the format: what an export of that list takes. */
const PAGING = { limit: true, offset: true } as const;
const formatShape = { format: exportFormatSchema };

/** A file download: a stream the browser saves, not JSON. */
const fileDownloadSchema = z.unknown();

/**
 * One export per table, each with the same permission as reading the table and the filters of its list. Their
 * paths sit under `/api/exports/`, where no slug or id of a list's own path can take them.
 */
export const exportEndpoints = {
  facilities: defineEndpoint({
    method: 'GET',
    path: '/api/exports/facilities',
    query: facilityListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  activityRecords: defineEndpoint({
    method: 'GET',
    path: '/api/exports/facilities/:slug/activity-records',
    params: facilitySlugParamsSchema,
    query: activityRecordListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  emissionFactors: defineEndpoint({
    method: 'GET',
    path: '/api/exports/emission-factors',
    query: emissionFactorListQuerySchema.omit(PAGING).extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  auditLog: defineEndpoint({
    method: 'GET',
    path: '/api/exports/audit-log',
    query: auditLogFilterSchema.extend(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/exports/users',
    query: z.object(formatShape),
    responses: { 200: fileDownloadSchema },
  }),
};
