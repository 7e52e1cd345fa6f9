import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../imports/parse-csv.ts';
import { EEIO_COLUMNS, eeioFactorValue, parseEeioFactorTable, parseEeioUnit } from './eeio-factor-table.ts';

/** Rows in the shape of EPA's file; the values are illustrative, not EPA's. */
const HEADER = [...EEIO_COLUMNS];
const row = (code: string, without: string, margins: string, withMargins: string, year = 2022) => [
  code,
  `Industry ${code}`,
  'All GHGs',
  `kg CO2e/${year} USD, purchaser price`,
  without,
  margins,
  withMargins,
  `${code}A0`,
];
const csvOf = (rows: string[][], header: string[] = HEADER) => Papa.unparse([header, ...rows]);

describe('parseEeioUnit', () => {
  it('reads the dollar year and currency of the unit text', () => {
    expect(parseEeioUnit('kg CO2e/2022 USD, purchaser price')).toEqual({ dollarYear: 2022, currency: 'USD' });
    expect(parseEeioUnit('kg CO2e/2021 USD, purchaser price')).toEqual({ dollarYear: 2021, currency: 'USD' });
    expect(parseEeioUnit('t CO2e per USD')).toBeUndefined();
  });
});

describe('parseEeioFactorTable', () => {
  it('reads each row as a NAICS code with both factors and the unit', () => {
    const outcome = parseEeioFactorTable(parseCsv(csvOf([row('325211', '0.7', '0.06', '0.76')])));
    expect(outcome).toEqual({
      ok: true,
      factors: [
        {
          rowNumber: 2,
          naicsCode: '325211',
          title: 'Industry 325211',
          ghg: 'All GHGs',
          currency: 'USD',
          dollarYear: 2022,
          withoutMargins: 0.7,
          margins: 0.06,
          withMargins: 0.76,
          useeioCode: '325211A0',
        },
      ],
    });
    if (outcome.ok && outcome.factors[0]) {
      expect(eeioFactorValue(outcome.factors[0], 'purchaser')).toBe(0.76);
      expect(eeioFactorValue(outcome.factors[0], 'producer')).toBe(0.7);
    }
  });

  it('names each missing column on the header row', () => {
    fc.assert(
      fc.property(fc.subarray([...EEIO_COLUMNS], { minLength: 1 }), (missing) => {
        const header = HEADER.filter((column) => !missing.includes(column));
        const outcome = parseEeioFactorTable(parseCsv(csvOf([], header)));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) {
          expect(outcome.errors.map((error) => [error.row, error.column])).toEqual(
            missing.map((column) => [1, column]),
          );
        }
      }),
    );
  });

  it('reads back any non-negative factors written in the file', () => {
    const value = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 100_000, max: 999_999 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(value, value, value), { minLength: 20, maxLength: 20 }),
        fc.integer({ min: 1990, max: 2100 }),
        (codes, values, year) => {
          const rows = codes.map((code, index) => {
            const [without, margins, withMargins] = values[index] as [number, number, number];
            return row(String(code), String(without), String(margins), String(withMargins), year);
          });
          const outcome = parseEeioFactorTable(parseCsv(csvOf(rows)));
          expect(outcome.ok).toBe(true);
          if (!outcome.ok) return;
          expect(
            outcome.factors.map((factor) => [
              factor.naicsCode,
              factor.withoutMargins,
              factor.margins,
              factor.withMargins,
              factor.dollarYear,
            ]),
          ).toEqual(codes.map((code, index) => [String(code), ...(values[index] as number[]), year]));
        },
      ),
    );
  });

  it('refuses any text that is not a non-negative number in a factor column, by row and column', () => {
    const factorColumns = EEIO_COLUMNS.slice(4, 7);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(...factorColumns),
        fc.constantFrom('n/a', '', '-0.5', '1,2', 'abc', '0x10', 'NaN', 'Infinity'),
        (badRowIndex, column, text) => {
          const rows = Array.from({ length: 5 }, (_, index) =>
            row(String(111_110 + index), '0.1', '0.2', '0.3'),
          );
          const bad = rows[badRowIndex] as string[];
          bad[HEADER.indexOf(column)] = text;
          const outcome = parseEeioFactorTable(parseCsv(csvOf(rows)));
          expect(outcome).toEqual({
            ok: false,
            errors: [{ row: badRowIndex + 2, column, message: `"${text}" is not a non-negative number` }],
          });
        },
      ),
    );
  });

  it('refuses a repeated NAICS code and a unit it cannot read', () => {
    const outcome = parseEeioFactorTable(
      parseCsv(
        csvOf([
          row('111110', '1', '0', '1'),
          row('111110', '1', '0', '1'),
          [...row('111120', '1', '0', '1').slice(0, 3), 'per dollar', '1', '0', '1', 'x'],
        ]),
      ),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors.map((error) => [error.row, error.column])).toEqual([
        [3, '2017 NAICS Code'],
        [4, 'Unit'],
      ]);
    }
  });
});
