import { Readable } from 'node:stream';
import type { CellValue, ImportRow } from '@ecc/domain';
import ExcelJS from 'exceljs';
import { assertInflatedSizeWithin, ZipLimitError } from './zip-inflated-size.ts';

/**
 * What one workbook may hold. The 2020 GHGRP workbook, the largest the product reads, is 2.3 MB packed, 12.7 MB
 * unpacked and 6,600 rows by 40 columns on its largest sheet; these leave room for ten times that and more.
 */
export const WORKBOOK_LIMITS: WorkbookLimits = {
  inflatedBytes: 200 * 1024 * 1024,
  rows: 200_000,
  columns: 500,
};

export interface WorkbookLimits {
  inflatedBytes: number;
  rows: number;
  columns: number;
}

/** exceljs cell values: plain values, or objects for rich text, formulas, hyperlinks and errors. */
function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      result?: unknown;
      formula?: string;
      text?: unknown;
      error?: string;
    };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell || cell.formula !== undefined) return toCellValue(cell.result);
    if (cell.text !== undefined) return toCellValue(cell.text);
    if (cell.error !== undefined) return cell.error;
  }
  return null;
}

export interface WorkbookReadOptions {
  /** The sheet to read; by default the first one. */
  sheetName?: string;
  /** Tests lower them; by default WORKBOOK_LIMITS. */
  limits?: WorkbookLimits;
}

export class WorkbookError extends Error {}

/**
 * The rows of one sheet, read with exceljs's streaming reader (no styles, no whole-workbook model in memory),
 * each with its row number in the sheet. Rows are yielded as they are read, so a caller can stop early.
 */
export async function* readWorksheetRows(
  content: Buffer,
  options: WorkbookReadOptions = {},
): AsyncGenerator<ImportRow> {
  // exceljs's reader waits forever for the ZIP entries of an empty stream.
  if (content.length === 0) throw new WorkbookError('The file is empty');
  const limits = options.limits ?? WORKBOOK_LIMITS;
  try {
    await assertInflatedSizeWithin(
      content,
      limits.inflatedBytes,
      `The workbook unpacks to more than ${limits.inflatedBytes / 1024 / 1024} MB; split it into smaller files`,
    );
  } catch (error) {
    if (error instanceof ZipLimitError) throw new WorkbookError(error.message);
    throw error;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let isFound = false;
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name;
      if (options.sheetName !== undefined && name !== options.sheetName) continue;
      isFound = true;
      for await (const row of worksheet) {
        if (row.number > limits.rows) {
          throw new WorkbookError(
            `The sheet has more than ${limits.rows.toLocaleString('en-US')} rows; split it into smaller files`,
          );
        }
        const values = row.values as unknown[];
        if (values.length - 1 > limits.columns) {
          throw new WorkbookError(
            `Row ${row.number} has more than ${limits.columns} columns; a sheet may have at most ${limits.columns}`,
          );
        }
        // exceljs row values are 1-based (index 0 is always empty).
        yield { rowNumber: row.number, cells: Array.from(values.slice(1), toCellValue) };
      }
      break;
    }
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    throw new WorkbookError(`The file is not a readable XLSX workbook: ${(error as Error).message}`);
  }
  if (!isFound) {
    throw new WorkbookError(
      options.sheetName === undefined
        ? 'The workbook has no sheet'
        : `The workbook has no "${options.sheetName}" sheet`,
    );
  }
}
