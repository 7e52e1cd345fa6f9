import { describe, expect, it } from 'vitest';
import { parseCsv } from '../imports/parse-csv.ts';
import { readSpendRows, SPEND_COLUMNS } from './spend-rows.ts';

const HEADER = SPEND_COLUMNS.join(',');
const facilities = new Map([['north-plant', 'facility-1']]);
const find = (key: string) => facilities.get(key);

describe('readSpendRows', () => {
  it('reads each row as a spend line of the facility it names', () => {
    const outcome = readSpendRows(
      parseCsv(
        `${HEADER}\nnorth-plant,1,Resin,Midwest,2024-01-01,2024-03-31,10000,usd,2024,Purchaser,325211`,
      ),
      find,
    );
    expect(outcome).toEqual({
      ok: true,
      rows: [
        {
          rowNumber: 2,
          line: {
            facilityId: 'facility-1',
            category: 1,
            method: 'spend',
            description: 'Resin',
            supplier: 'Midwest',
            periodStart: '2024-01-01',
            periodEnd: '2024-03-31',
            spendAmount: 10000,
            spendCurrency: 'usd',
            spendYear: 2024,
            priceBasis: 'purchaser',
            naicsCode: '325211',
          },
        },
      ],
    });
  });

  it('names a missing column on the header row and an unknown facility on its row', () => {
    expect(readSpendRows(parseCsv(HEADER.replace(',NAICS code', '')), find)).toMatchObject({
      ok: false,
      errors: [{ row: 1, column: 'NAICS code' }],
    });
    expect(
      readSpendRows(
        parseCsv(`${HEADER}\nsouth,1,Resin,,2024-01-01,2024-03-31,1,USD,2024,purchaser,325211`),
        find,
      ),
    ).toEqual({
      ok: false,
      errors: [{ row: 2, column: 'Facility', message: 'No facility has the slug or name "south"' }],
    });
  });
});
