import { readFileSync } from 'node:fs';
import { facilityDetailResponseSchema, facilityListResponseSchema } from '@ecc/contracts';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { requireSharedDataFile } from '#test-support/shared-data-dir.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const EPA_USER = { email: 'analyst@epa.test', password: 'epa-password-1' };

/** AR4 → AR5 for the gases whose masses the sheet lets us recover (IPCC AR4 and AR5 GWP-100). */
const REBASED_COLUMNS: Readonly<Record<string, number>> = {
  'CO2 emissions (non-biogenic)': 1,
  'Methane (CH4) emissions': 28 / 25,
  'Nitrous Oxide (N2O) emissions': 265 / 298,
  'SF6 emissions': 23_500 / 22_800,
  'NF3 emissions': 16_100 / 17_200,
};
/** Gas groups EPA publishes only as AR4 CO2e: carried as published. */
const PUBLISHED_COLUMNS = [
  'HFC emissions',
  'PFC emissions',
  'Other Fully Fluorinated GHG emissions',
  'HFE emissions',
  'Very Short-lived Compounds emissions',
  'Other GHGs (metric tons CO2e)',
];

/** Each facility's AR5 CO2e (t) computed from the CSV export of the sheet, the test's independent witness. */
function rebasedFromCsv(csvFile: string): { id: string; name: string; co2eT: number }[] {
  const rows = Papa.parse<Record<string, string>>(readFileSync(csvFile, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
  const value = (row: Record<string, string>, column: string) => Number(row[column] || 0);
  return rows.map((row) => ({
    id: row['Facility Id'] ?? '',
    name: row['Facility Name'] ?? '',
    co2eT:
      Object.entries(REBASED_COLUMNS).reduce(
        (sum, [column, factor]) => sum + value(row, column) * factor,
        0,
      ) + PUBLISHED_COLUMNS.reduce((sum, column) => sum + value(row, column), 0),
  }));
}

describe('the facility list of a realm holding the whole GHGRP workbook', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const realm = await createTestRealm(testApp.database.db, { key: 'epa', domains: ['epa.test'] });
    await createTestUser(testApp.database.db, realm, EPA_USER);
    token = await signIn(testApp.app, EPA_USER, 'epa.test');
  });
  afterAll(() => testApp.close());

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { host: 'epa.test', ...withSession(token) } });

  it('answers the largest emitter first, on the realm’s GWP set, labelled as reported', async () => {
    // EPA's published files live beside the repository, never in it (shared/data/epa-ghgrp-2020/README.md).
    const workbook = requireSharedDataFile(['epa-ghgrp-2020', 'ghgp_data_2020.xlsx']);
    const sheetCsv = requireSharedDataFile(['epa-ghgrp-2020', 'direct-emitters-2020.csv']);
    const run = await runCliCapturing(testApp.database, ['import', 'ghgrp', '--realm', 'epa', workbook]);
    expect(run.stderr).toBe('');

    const witness = rebasedFromCsv(sheetCsv).sort((left, right) => right.co2eT - left.co2eT);
    const largest = witness[0] ?? expect.unreachable();
    const answer = facilityListResponseSchema.parse((await get('/api/facilities?sort=-co2e&limit=1')).json());
    expect(answer).toMatchObject({ total: 6515, count: 1, gwpSetId: 'AR5' });
    expect(answer.results[0]).toMatchObject({
      name: largest.name,
      ghgrpId: largest.id,
      co2eSource: 'reported',
      co2eYear: 2020,
    });
    expect(answer.results[0]?.co2e).toBeCloseTo(largest.co2eT * 1000, 0);

    const next = facilityListResponseSchema.parse(
      (await get('/api/facilities?sort=-co2e&limit=3&offset=1')).json(),
    );
    expect(next.results.map((facility) => facility.ghgrpId)).toEqual(
      witness.slice(1, 4).map((row) => row.id),
    );

    const detail = facilityDetailResponseSchema.parse(
      (await get(`/api/facilities/${answer.results[0]?.slug}`)).json(),
    );
    expect(detail.facility.co2e).toBe(answer.results[0]?.co2e);
  });
});
