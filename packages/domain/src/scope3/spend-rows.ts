import { SPEND_COLUMNS } from '@ecc/contracts';
import { cellText, normalizeHeader, type ImportRowError, type ImportTable } from '../imports/import-table.ts';

export { SPEND_COLUMNS };
export type SpendColumn = (typeof SPEND_COLUMNS)[number];

/** A row as the line request it stands for (the contract's schema checks it), with where each field came from. */
export interface SpendRow {
  readonly rowNumber: number;
  readonly line: Record<string, unknown>;
}

/** The line field each column fills, so a refusal about a field names the column. */
export const SPEND_FIELD_COLUMNS: Readonly<Record<string, SpendColumn>> = {
  facilityId: 'Facility',
  category: 'Category',
  description: 'Description',
  supplier: 'Supplier',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  spendAmount: 'Spend',
  spendCurrency: 'Currency',
  spendYear: 'Spend year',
  priceBasis: 'Price basis',
  naicsCode: 'NAICS code',
};

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function numberOrText(text: string): number | string | null {
  if (text === '') return null;
  return NUMBER_TEXT.test(text) ? Number(text) : text;
}

/**
 * Every row of a spend file as a spend line request, or the missing columns and unknown facilities by row and
 * column; the contract's schema and the server's conversion check the rest, also by row and column.
 */
export function readSpendRows(
  table: ImportTable,
  findFacilityId: (slugOrName: string) => string | undefined,
): { ok: true; rows: SpendRow[] } | { ok: false; errors: ImportRowError[] } {
  const positions = new Map(table.columns.map((column, index) => [normalizeHeader(column), index]));
  const missing = SPEND_COLUMNS.filter((column) => !positions.has(normalizeHeader(column)));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: missing.map((column) => ({
        row: 1,
        column,
        message: `The column "${column}" is missing; a spend file has ${SPEND_COLUMNS.join(', ')}`,
      })),
    };
  }
  const errors: ImportRowError[] = [];
  const rows: SpendRow[] = [];
  for (const row of table.rows) {
    const cell = (column: SpendColumn) =>
      cellText(row.cells[positions.get(normalizeHeader(column)) as number]);
    const facility = cell('Facility');
    const facilityId = findFacilityId(facility);
    if (facilityId === undefined) {
      errors.push({
        row: row.rowNumber,
        column: 'Facility',
        message: `No facility has the slug or name "${facility}"`,
      });
      continue;
    }
    rows.push({
      rowNumber: row.rowNumber,
      line: {
        facilityId,
        category: numberOrText(cell('Category')),
        method: 'spend',
        description: cell('Description'),
        supplier: cell('Supplier') || null,
        periodStart: cell('Period start'),
        periodEnd: cell('Period end'),
        spendAmount: numberOrText(cell('Spend')),
        spendCurrency: cell('Currency') || null,
        spendYear: numberOrText(cell('Spend year')),
        priceBasis: cell('Price basis').toLowerCase() || null,
        naicsCode: cell('NAICS code') || null,
      },
    });
  }
  if (errors.length === 0 && rows.length === 0) {
    return { ok: false, errors: [{ row: 1, column: 'Facility', message: 'The file has no spend rows' }] };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
