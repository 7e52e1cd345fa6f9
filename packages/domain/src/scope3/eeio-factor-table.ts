import { cellText, normalizeHeader, type ImportRowError, type ImportTable } from '../imports/import-table.ts';

/**
 * EPA's Supply Chain GHG Emission Factors for US Commodities and Industries (USEEIO), as published in CSV: one row
 * per 2017 NAICS code with kg CO2e per dollar of a named dollar year, without and with margins. The margins are
 * the wholesale, retail and transport share between producer and purchaser, so the factor with margins applies
 * to purchaser-price spend and the factor without margins to producer-price spend (DOMAIN.md).
 */
export const EEIO_COLUMNS = [
  '2017 NAICS Code',
  '2017 NAICS Title',
  'GHG',
  'Unit',
  'Supply Chain Emission Factors without Margins',
  'Margins of Supply Chain Emission Factors',
  'Supply Chain Emission Factors with Margins',
  'Reference USEEIO Code',
] as const;

export type PriceBasis = 'purchaser' | 'producer';
export const PRICE_BASES: readonly PriceBasis[] = ['purchaser', 'producer'];

/** One NAICS code's factors as the file gives them, with the dollar year and currency read from its unit. */
export interface EeioFactorRow {
  readonly rowNumber: number;
  readonly naicsCode: string;
  readonly title: string;
  readonly ghg: string;
  readonly currency: string;
  readonly dollarYear: number;
  /** kg CO2e per dollar at producer price. */
  readonly withoutMargins: number;
  readonly margins: number;
  /** kg CO2e per dollar at purchaser price. */
  readonly withMargins: number;
  readonly useeioCode: string;
}

export type EeioTableOutcome =
  | { readonly ok: true; readonly factors: readonly EeioFactorRow[] }
  | { readonly ok: false; readonly errors: readonly ImportRowError[] };

/** `kg CO2e/2022 USD, purchaser price` → currency and dollar year; the mass must be kg CO2e. */
const UNIT_PATTERN = /^kg\s*CO2e\s*\/\s*(\d{4})\s+([A-Z]{3})\b/i;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseEeioUnit(unit: string): { dollarYear: number; currency: string } | undefined {
  const match = UNIT_PATTERN.exec(unit.trim());
  if (!match) return undefined;
  return { dollarYear: Number(match[1]), currency: (match[2] as string).toUpperCase() };
}

/**
 * Every row of the file as factors, or every problem by row and column: a missing column is reported once on
 * the header row (1), a factor that is not a non-negative number on its row. Nothing is partial: any problem
 * and the caller writes nothing.
 */
export function parseEeioFactorTable(table: ImportTable): EeioTableOutcome {
  const positions = new Map(table.columns.map((column, index) => [normalizeHeader(column), index]));
  const missing = EEIO_COLUMNS.filter((column) => !positions.has(normalizeHeader(column)));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: missing.map((column) => ({
        row: 1,
        column,
        message: `The column "${column}" is missing; EPA's file has ${EEIO_COLUMNS.join(', ')}`,
      })),
    };
  }
  const errors: ImportRowError[] = [];
  const factors: EeioFactorRow[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const cell = (column: (typeof EEIO_COLUMNS)[number]) =>
      cellText(row.cells[positions.get(normalizeHeader(column)) as number]);
    const rowErrors: ImportRowError[] = [];
    const fail = (column: string, message: string) => rowErrors.push({ row: row.rowNumber, column, message });
    const naicsCode = cell('2017 NAICS Code');
    if (!/^\d{2,6}$/.test(naicsCode)) fail('2017 NAICS Code', `"${naicsCode}" is not a NAICS code`);
    const earlier = seen.get(naicsCode);
    if (earlier !== undefined) fail('2017 NAICS Code', `NAICS ${naicsCode} is already on row ${earlier}`);
    const title = cell('2017 NAICS Title');
    if (title === '') fail('2017 NAICS Title', 'The title is empty');
    const unit = parseEeioUnit(cell('Unit'));
    if (!unit) fail('Unit', `"${cell('Unit')}" is not a unit like "kg CO2e/2022 USD, purchaser price"`);
    const numberOf = (column: (typeof EEIO_COLUMNS)[number]) => {
      const text = cell(column);
      const value = Number(text);
      if (!NUMBER_TEXT.test(text) || !Number.isFinite(value) || value < 0) {
        fail(column, `"${text}" is not a non-negative number`);
        return 0;
      }
      return value;
    };
    const withoutMargins = numberOf('Supply Chain Emission Factors without Margins');
    const margins = numberOf('Margins of Supply Chain Emission Factors');
    const withMargins = numberOf('Supply Chain Emission Factors with Margins');
    if (rowErrors.length > 0 || !unit) {
      errors.push(...rowErrors);
      continue;
    }
    seen.set(naicsCode, row.rowNumber);
    factors.push({
      rowNumber: row.rowNumber,
      naicsCode,
      title,
      ghg: cell('GHG'),
      ...unit,
      withoutMargins,
      margins,
      withMargins,
      useeioCode: cell('Reference USEEIO Code'),
    });
  }
  if (errors.length === 0 && factors.length === 0) {
    return {
      ok: false,
      errors: [{ row: 1, column: '2017 NAICS Code', message: 'The file has no factor rows' }],
    };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, factors };
}

/** The factor of a row for spend at this price basis: with margins for purchaser price, without for producer. */
export function eeioFactorValue(
  row: Pick<EeioFactorRow, 'withMargins' | 'withoutMargins'>,
  basis: PriceBasis,
): number {
  return basis === 'purchaser' ? row.withMargins : row.withoutMargins;
}
