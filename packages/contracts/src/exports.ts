import { z } from './zod.ts';

/*
 * Exports (issue 10, item 8): every table can be downloaded as CSV or XLSX with the filters of its list applied
 * (the endpoints are in export-endpoints.ts). The answer is the file, streamed, with a Content-Disposition
 * filename. Masses are raw numbers in kg CO2e with the unit in the column's header. This module imports no
 * feature's schemas, so that the import parsers' formula guard does not pull them into the first page load.
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
