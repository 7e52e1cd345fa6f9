import { facilityDetailResponseSchema, facilityListResponseSchema } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ghgrpSheetFacilities } from '#test-support/ghgrp-sheet-witness.ts';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { requireSharedDataFile } from '#test-support/shared-data-dir.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const EPA_USER = { email: 'analyst@epa.test', password: 'epa-password-1' };

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

    // The tests' own reading of the sheet's CSV export is the independent witness.
    const witness = ghgrpSheetFacilities(sheetCsv).sort((left, right) => right.co2eKg - left.co2eKg);
    const largest = witness[0] ?? expect.unreachable();
    const answer = facilityListResponseSchema.parse((await get('/api/facilities?sort=-co2e&limit=1')).json());
    expect(answer).toMatchObject({ total: 6515, count: 1, gwpSetId: 'AR5' });
    expect(answer.results[0]).toMatchObject({
      name: largest.name,
      ghgrpId: largest.id,
      co2eSource: 'reported',
      co2eYear: 2020,
    });
    expect(answer.results[0]?.co2e).toBeCloseTo(largest.co2eKg, 0);

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
