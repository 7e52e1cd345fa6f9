import Papa from 'papaparse';
import { toImportTable, type ImportRow, type ImportTable } from './import-table.ts';

const OTHER_DELIMITERS = [';', '\t'] as const;

function parseRows(text: string, delimiter: string): string[][] {
  return Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
}

/**
 * A CSV file's table. Commas separate fields, unless the header row has none and holds semicolons or tabs
 * (spreadsheets in many locales export those); guessing from the data instead would be swayed by notes.
 * Values stay text: the row validation parses numbers and dates, so a bad cell is reported with its row.
 */
export function parseCsv(text: string): ImportTable {
  const content = text.replace(/^\uFEFF/, '');
  let data = parseRows(content, ',');
  const header = data.find((cells) => cells.some((cell) => cell.trim() !== ''));
  const other = OTHER_DELIMITERS.find((delimiter) => header?.length === 1 && header[0]?.includes(delimiter));
  if (other) data = parseRows(content, other);
  const rows: ImportRow[] = data.map((cells, index) => ({ rowNumber: index + 1, cells }));
  return toImportTable(rows);
}
