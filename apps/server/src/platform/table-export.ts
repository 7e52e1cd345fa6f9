import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, neutralizeFormula, type ExportFormat } from '@ecc/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Papa from 'papaparse';

/** A cell as a table's column gives it: numbers stay numbers (units go in the header), dates become ISO text. */
export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  /** The header; a quantity's unit goes here (`CO2e (kg)`), never into its cells. */
  readonly header: string;
  readonly value: (row: Row) => ExportCell;
  /** The column's width in a workbook, in characters. */
  readonly width?: number;
}

export interface TableExport<Row> {
  readonly format: ExportFormat;
  /** The download's name without date or extension, e.g. `facilities`. */
  readonly name: string;
  readonly columns: readonly ExportColumn<Row>[];
  /** The rows, a page at a time, so that no export holds the whole table in memory. */
  readonly pages: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;
}

/** Rows a page: large enough that a query's overhead is small, small enough to stream steadily. */
export const EXPORT_PAGE_SIZE = 1000;

export type PageFetcher<Row> = (offset: number, limit: number) => Promise<readonly Row[]>;

async function* pagesFrom<Row>(
  first: readonly Row[],
  fetchPage: PageFetcher<Row>,
  pageSize: number,
): AsyncGenerator<readonly Row[]> {
  let page = first;
  for (let offset = 0; ;) {
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    offset += pageSize;
    page = await fetchPage(offset, pageSize);
  }
}

/**
 * Every row, a page at a time by offset until a page comes back short. The first page is read before the answer
 * starts, so a refusal there (an unknown facility's 404) is answered as JSON rather than as a cut download.
 */
export async function pagesByOffset<Row>(
  fetchPage: PageFetcher<Row>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<AsyncIterable<readonly Row[]>> {
  return pagesFrom(await fetchPage(0, pageSize), fetchPage, pageSize);
}

/** A text cell guarded against formula injection; other values as the format writes them. */
function safeCell(value: ExportCell): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return neutralizeFormula(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

function csvText(value: string | number | boolean | Date | null): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Waits while the reader is behind (the client downloads slower than rows are read); false once it left. */
async function hasRoom(stream: Writable): Promise<boolean> {
  if (stream.destroyed) return false;
  if (!stream.writableNeedDrain) return true;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  return !stream.destroyed;
}

async function writeCsv<Row>(table: TableExport<Row>, stream: PassThrough): Promise<void> {
  const lines = (rows: readonly (readonly string[])[]) =>
    `${Papa.unparse(rows as string[][], { newline: '\r\n' })}\r\n`;
  // A byte-order mark, so that spreadsheets read the file as UTF-8; the imports skip it.
  stream.write(`\uFEFF${lines([table.columns.map((column) => neutralizeFormula(column.header))])}`);
  for await (const page of table.pages) {
    if (!(await hasRoom(stream))) return;
    const rows = page.map((row) => table.columns.map((column) => csvText(safeCell(column.value(row)))));
    stream.write(lines(rows));
  }
  stream.end();
}

async function writeXlsx<Row>(table: TableExport<Row>, stream: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  // The header row stays in view while scrolling; a sheet's name has at most 31 characters.
  const sheet = workbook.addWorksheet(table.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of table.pages) {
    if (!(await hasRoom(stream))) return;
    for (const row of page) sheet.addRow(table.columns.map((column) => safeCell(column.value(row)))).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** `facilities-2026-01-31.csv`: what the download is and when it was taken. */
export function exportFileName(name: string, format: ExportFormat, now = new Date()): string {
  // Only characters every file system and the header's quoted string take as they are.
  const safeName = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${safeName}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Answers a table as a CSV or XLSX download streamed while its pages are read: nothing waits for the whole
 * table, and a client that reads slowly slows the reading. A failure after the first bytes (the database) can
 * only cut the download short; it is logged.
 */
export function sendTableExport<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  table: TableExport<Row>,
): FastifyReply {
  const stream = new PassThrough();
  const write = table.format === 'csv' ? writeCsv : writeXlsx;
  // Started here, inside the request's realm scope, which the queries of every later page inherit.
  write(table, stream).catch((error: unknown) => {
    request.log.error({ err: error }, 'Export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('Content-Disposition', `attachment; filename="${exportFileName(table.name, table.format)}"`)
    .header('Cache-Control', 'no-store')
    .type(EXPORT_CONTENT_TYPES[table.format])
    .send(stream);
}
