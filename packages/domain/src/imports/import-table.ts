import { withoutFormulaGuard } from '@ecc/contracts';

/** A cell as a spreadsheet or CSV reader hands it over; dates come from XLSX date cells. */
export type CellValue = string | number | boolean | Date | null;

/** One data row with its row number in the file (the header row of a CSV is row 1). */
export interface ImportRow {
  readonly rowNumber: number;
  readonly cells: readonly CellValue[];
}

/** A file's data: the header row's column names and the rows under it. */
export interface ImportTable {
  readonly columns: readonly string[];
  readonly rows: readonly ImportRow[];
}

/** Where a row-level problem is: the row number in the file, the column's header name and what is wrong. */
export interface ImportRowError {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

/** Header names compared loosely: case, surrounding and repeated spaces and punctuation do not matter. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A cell as trimmed text; a date cell as YYYY-MM-DD. The apostrophe that exports put before text starting like a
 * formula (against CSV injection) is taken off, so an exported file imports back unchanged.
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return withoutFormulaGuard(String(value)).trim();
}

/**
 * The first row whose cells contain every required header (compared with normalizeHeader): workbooks carry
 * title rows above the header, and their number changes between editions, so the header is found by content.
 */
export function findHeaderRowIndex(
  rows: readonly (readonly CellValue[])[],
  requiredHeaders: readonly string[],
): number {
  const required = requiredHeaders.map(normalizeHeader);
  return rows.findIndex((cells) => {
    const present = new Set(cells.map((cell) => normalizeHeader(cellText(cell))));
    return required.every((header) => present.has(header));
  });
}

function isBlankRow(cells: readonly CellValue[]): boolean {
  return cells.every((cell) => cellText(cell) === '');
}

/**
 * A table from raw rows (each with its row number): the header row is the first one holding every required
 * header, or the first non-blank row when none is required. Blank rows are dropped.
 */
export function toImportTable(
  rows: readonly ImportRow[],
  requiredHeaders: readonly string[] = [],
): ImportTable {
  const headerIndex =
    requiredHeaders.length > 0
      ? findHeaderRowIndex(
          rows.map((row) => row.cells),
          requiredHeaders,
        )
      : rows.findIndex((row) => !isBlankRow(row.cells));
  const header = rows[headerIndex];
  if (headerIndex < 0 || !header) return { columns: [], rows: [] };
  return {
    columns: header.cells.map((cell) => cellText(cell)),
    rows: rows.slice(headerIndex + 1).filter((row) => !isBlankRow(row.cells)),
  };
}
