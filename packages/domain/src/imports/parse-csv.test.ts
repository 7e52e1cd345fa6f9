import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv.ts';

describe('parseCsv', () => {
  it('reads the header and numbers each row as in the file, skipping blank lines', () => {
    const table = parseCsv('\uFEFFfacility,quantity\nplant-a,10\n\nplant-b,"1,5"\n');
    expect(table.columns).toEqual(['facility', 'quantity']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['plant-a', '10'] },
      { rowNumber: 4, cells: ['plant-b', '1,5'] },
    ]);
  });

  it('reads semicolon-separated files', () => {
    expect(parseCsv('facility;quantity\nplant-a;1,5\n').rows).toEqual([
      { rowNumber: 2, cells: ['plant-a', '1,5'] },
    ]);
  });

  it('answers an empty table for an empty file', () => {
    expect(parseCsv('')).toEqual({ columns: [], rows: [] });
  });

  it('gives back every cell of any table written as CSV (quotes, commas, line breaks)', () => {
    // Text with an export's formula guard (an apostrophe before =, +, -, @, a tab or CR) reads back without it.
    const cell = fc
      .string({ minLength: 1 })
      .filter((text) => text.trim() !== '' && !/^'[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 5 })
          .chain((width) =>
            fc.tuple(
              fc.array(cell, { minLength: width, maxLength: width }),
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 10 }),
            ),
          ),
        ([header, rows]) => {
          const table = parseCsv(Papa.unparse([header, ...rows], { newline: '\n' }));
          expect(table.columns).toEqual(header.map((text) => text.trim()));
          expect(table.rows.map((row) => row.cells)).toEqual(rows);
          expect(table.rows.map((row) => row.rowNumber)).toEqual(rows.map((_row, index) => index + 2));
        },
      ),
    );
  });
});
