import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { neutralizeFormula, type RenderedSection, type ReportTable } from '@ecc/contracts';
import ExcelJS from 'exceljs';
import { zipSync, strToU8 } from 'fflate';
import Papa from 'papaparse';

/** Every table of a report's sections, in order: what the XLSX sheets and the CSV files are made of. */
export function reportTables(sections: readonly RenderedSection[]): ReportTable[] {
  return sections.flatMap((section) => section.tables);
}

type Cell = string | number | null;

function cellOf(value: Cell | undefined, isNumber: boolean): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return isNumber && value.trim() !== '' && Number.isFinite(Number(value))
    ? Number(value)
    : neutralizeFormula(value);
}

/** Distinct sheet names of at most 31 characters without the characters Excel refuses. */
export function sheetNames(tables: readonly ReportTable[]): string[] {
  const used = new Set<string>();
  return tables.map((table, index) => {
    const base = (table.title.replace(/[\\/?*[\]:]/g, ' ').trim() || `Table ${index + 1}`).slice(0, 28);
    let name = base;
    for (let suffix = 2; used.has(name.toLowerCase()); suffix++) name = `${base.slice(0, 26)} ${suffix}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Rows between two looks at the reader: often enough to follow a slow download, rarely enough to cost nothing. */
const ROWS_BETWEEN_DRAIN_CHECKS = 1000;

/** Waits while the reader is behind; false once it left (the download was cancelled). */
async function hasRoom(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.writableNeedDrain) return true;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  return !stream.destroyed;
}

/**
 * A workbook with a sheet per table, streamed row by row (`WorkbookWriter`), so a table of 100,000 rows is never
 * held as a whole workbook in memory, and a slow reader slows the writing. Numbers stay numbers; the unit is in
 * the column's header.
 */
export async function writeReportWorkbook(tables: readonly ReportTable[], stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    // No styles: a header in bold costs a style lookup on every cell of every row.
    useStyles: false,
    useSharedStrings: false,
  });
  const names = sheetNames(tables);
  for (const [index, table] of tables.entries()) {
    const sheet = workbook.addWorksheet(names[index], { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.columns.map((column) => ({
      header: column.header,
      width: column.isNumber ? 18 : 32,
    }));
    sheet.getRow(1).commit();
    for (const [position, row] of table.rows.entries()) {
      if (position % ROWS_BETWEEN_DRAIN_CHECKS === 0 && !(await hasRoom(stream))) return;
      sheet.addRow(table.columns.map((column) => cellOf(row[column.key], column.isNumber))).commit();
    }
    sheet.commit();
  }
  if (tables.length === 0) workbook.addWorksheet('Report').commit();
  await workbook.commit();
}

/**
 * The workbook as a stream a reply sends while it is written. A failure while writing is handed to `onFailure`
 * (to log it) and destroys the stream with it, so the download is cut short and the connection closed: nothing
 * waits for an end that never comes.
 */
export function reportWorkbookStream(
  tables: readonly ReportTable[],
  onFailure: (error: Error) => void,
): Readable {
  const stream = new PassThrough();
  writeReportWorkbook(tables, stream).catch((cause: unknown) => {
    const error = cause instanceof Error ? cause : new Error(String(cause));
    onFailure(error);
    stream.destroy(error);
  });
  return stream;
}

/** One table as CSV, with a byte-order mark so that spreadsheets read it as UTF-8. */
export function tableCsv(table: ReportTable): string {
  const rows = table.rows.map((row) =>
    table.columns.map((column) => {
      const cell = cellOf(row[column.key], column.isNumber);
      return cell === null ? '' : String(cell);
    }),
  );
  const header = table.columns.map((column) => neutralizeFormula(column.header));
  return `\uFEFF${Papa.unparse([header, ...rows], { newline: '\r\n' })}\r\n`;
}

/** Several tables as a zip of CSV files, one per table, named after their sheets. */
export function tablesZip(tables: readonly ReportTable[]): Buffer {
  const names = sheetNames(tables);
  const files = Object.fromEntries(
    tables.map((table, index) => [
      `${String(index + 1).padStart(2, '0')}-${names[index]}.csv`,
      strToU8(tableCsv(table)),
    ]),
  );
  return Buffer.from(zipSync(files));
}
