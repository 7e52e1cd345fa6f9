import type { CellValue, ImportRow } from '@ecc/domain';
import ExcelJS from 'exceljs';
import { assertInflatedSizeWithin, ZipLimitError } from './zip-inflated-size.ts';

/**
 * What one workbook may hold. The 2020 GHGRP workbook, the largest the product reads, is 2.3 MB packed, 12.7 MB
 * unpacked and 6,600 rows by 40 columns on its largest sheet. A workbook is read whole into memory, about 12 times
 * its unpacked size, so the unpacked size is held to five times the GHGRP's.
 */
export const WORKBOOK_LIMITS: WorkbookLimits = {
  inflatedBytes: 64 * 1024 * 1024,
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

/** The rows of one sheet, each with its row number in the sheet, yielded one by one so a caller can stop early. */
export async function* readWorksheetRows(
  content: Buffer,
  options: WorkbookReadOptions = {},
): AsyncGenerator<ImportRow> {
  // Said as it is, rather than as an unreadable workbook.
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
  // The whole workbook in memory (bounded by the unpacked-size limit above), not exceljs's streaming reader: that
  // one parks worksheets that come before the shared strings in temporary files and, now and then, fails on
  // them where no one listens, which ends the process.
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer.
    await workbook.xlsx.load(
      content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer,
    );
  } catch (error) {
    throw new WorkbookError(`The file is not a readable XLSX workbook: ${(error as Error).message}`);
  }
  const worksheet =
    options.sheetName === undefined
      ? workbook.worksheets[0]
      : workbook.worksheets.find((each) => each.name === options.sheetName);
  if (!worksheet) {
    throw new WorkbookError(
      options.sheetName === undefined
        ? 'The workbook has no sheet'
        : `The workbook has no "${options.sheetName}" sheet`,
    );
  }
  for (let rowNumber = 1; rowNumber <= worksheet.rowCount; rowNumber += 1) {
    if (rowNumber > limits.rows) {
      throw new WorkbookError(
        `The sheet has more than ${limits.rows.toLocaleString('en-US')} rows; split it into smaller files`,
      );
    }
    const row = worksheet.findRow(rowNumber);
    if (!row) continue;
    const values = row.values as unknown[];
    if (values.length - 1 > limits.columns) {
      throw new WorkbookError(
        `Row ${rowNumber} has more than ${limits.columns} columns; a sheet may have at most ${limits.columns}`,
      );
    }
    // exceljs row values are 1-based (index 0 is always empty).
    yield { rowNumber, cells: Array.from(values.slice(1), toCellValue) };
  }
}
