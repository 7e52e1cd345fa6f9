import { Readable } from 'node:stream';
import type { CellValue, ImportRow } from '@ecc/domain';
import ExcelJS from 'exceljs';

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
        const values = row.values as unknown[];
        // exceljs row values are 1-based (index 0 is always empty).
        yield { rowNumber: row.number, cells: Array.from(values.slice(1), toCellValue) };
      }
      break;
    }
  } catch (error) {
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
