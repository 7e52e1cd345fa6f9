import { randomUUID } from 'node:crypto';
import { recalculationRunSchema, type Realm, type RecalculationRunDto } from '@ecc/contracts';
import {
  activityRecords,
  createEmissionFactorRepository,
  createRealmRepository,
  DEMO_REALM_KEY,
  emissionResults,
  facilities,
  recalculationRuns,
  seedDemoRealm,
  type Database,
} from '@ecc/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { runRecalculateCommand } from './recalculate-command.ts';
import { createRecalculationService } from './recalculation.service.ts';

// Managing factors and recalculating a realm are administrators' work (members read); see the member test below.
const ACME_USER = { email: 'analyst@acme.test', password: 'acme-password-1', role: 'admin' as const };
const ACME_MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_USER = { email: 'analyst@other.test', password: 'other-password-1', role: 'admin' as const };

// Per distillate record: 100 gal × 0.138 mmBtu/gal = 13.8 mmBtu;
// AR5 CO2e = 13.8 × (73.96 + 0.003 × 28 + 0.0006 × 265) = 13.8 × 74.203 = 1,024.0014 kg.
const DISTILLATE_CO2E = 1_024.0014;
// Per electricity record: 10 MWh × 823.1 lb CO2/MWh (eGRID2022 U.S.) etc.:
// CO2 = 8,231 lb × 0.45359237 = 3,733.51879747 kg; CH4 = 0.66 lb = 0.2993709642 kg; N2O = 0.09 lb = 0.0408233133 kg
// location-based AR5 = 3,733.51879747 + 0.2993709642 × 28 + 0.0408233133 × 265 = 3,752.7193624921 kg;
// market-based with 50% certificates = 1,876.35968124605 kg.
const ELECTRICITY_LOCATION_CO2E = 3_752.7193624921;
const ELECTRICITY_MARKET_CO2E = 1_876.35968124605;

async function seedFacility(db: Database, realm: Realm): Promise<string> {
  const [facility] = await db
    .insert(facilities)
    .values({ realmId: realm.id, slug: 'plant', name: 'Plant', sector: 'Manufacturing', country: 'US' })
    .returning({ id: facilities.id });
  if (!facility) throw new Error('facility not created');
  return facility.id;
}

/** `count` records: every 5th electricity (Scope 2), the rest distillate; `badKeys` replace some factor keys. */
async function seedRecords(
  db: Database,
  realm: Realm,
  facilityId: string,
  count: number,
  badKeys: readonly string[] = [],
): Promise<string[]> {
  // Ids in ascending order, so index i is the i-th record the recalculation reads.
  const ids = Array.from({ length: count }, () => randomUUID()).sort();
  const rows = Array.from({ length: count }, (_, index) => {
    const isElectricity = index % 5 === 4;
    const badKey = index >= 3 && index - 3 < badKeys.length ? badKeys[index - 3] : undefined;
    return {
      id: ids[index],
      realmId: realm.id,
      facilityId,
      activityType: isElectricity ? 'electricity' : 'fuel',
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      quantity: isElectricity ? 10 : 100,
      unit: isElectricity ? 'MWh' : 'gal',
      factorKey: badKey ?? (isElectricity ? 'egrid-2022-us-average' : 'epa-c1-distillate-fuel-oil-no-2'),
      scope: isElectricity ? 2 : 1,
      certificateCoverage: isElectricity ? 0.5 : null,
    };
  });
  await db.insert(activityRecords).values(rows);
  return ids;
}

async function resultsOf(db: Database, realm: Realm) {
  const rows = await db
    .select({
      recordId: emissionResults.activityRecordId,
      method: emissionResults.scope2Method,
      co2eKg: emissionResults.co2eKg,
      isFallback: emissionResults.isFallback,
    })
    .from(emissionResults)
    .where(eq(emissionResults.realmId, realm.id))
    .orderBy(asc(emissionResults.activityRecordId), asc(emissionResults.scope2Method));
  return rows;
}

describe('bulk recalculation', () => {
  let testApp: TestApp;
  let db: Database;
  let acme: Realm;
  let other: Realm;
  let acmeToken: string;
  let otherToken: string;
  let acmeIds: string[];
  let otherFactorKey: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, acme, ACME_USER);
    await createTestUser(db, acme, ACME_MEMBER);
    await createTestUser(db, other, OTHER_USER);
    acmeToken = await signIn(testApp.app, ACME_USER, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
    // A factor published by the other realm: acme's records that name it must fail, not borrow it.
    const factors = createEmissionFactorRepository(db);
    const draft = await factors.createDraft(other.id, {
      name: 'Other realm boiler oil',
      source: 'Other realm lab',
      year: 2024,
      per: 'gal',
      gases: { CO2: { value: 10, unit: 'kg' } },
      scope: 1,
    });
    otherFactorKey = draft.factor.id;
    await factors.publish(other.id, otherFactorKey);
    acmeIds = await seedRecords(db, acme, await seedFacility(db, acme), 25, [
      'retired-factor',
      otherFactorKey,
    ]);
    await seedRecords(db, other, await seedFacility(db, other), 5);
  });
  afterAll(() => testApp.close());

  const call = (realm: 'acme' | 'other', method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: `${realm}.test`, ...withSession(realm === 'acme' ? acmeToken : otherToken) },
      ...(payload ? { payload } : {}),
    });

  it('refuses to let a member start a recalculation (403), and starts none', async () => {
    const memberToken = await signIn(testApp.app, ACME_MEMBER, 'acme.test');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/recalculations',
      headers: { host: 'acme.test', ...withSession(memberToken) },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You are not allowed to update Realm');
  });

  async function waitForEnd(realm: 'acme' | 'other', id: string): Promise<RecalculationRunDto> {
    for (let attempt = 0; attempt < 400; attempt++) {
      const run = recalculationRunSchema.parse(
        (await call(realm, 'GET', `/api/recalculations/${id}`)).json(),
      );
      if (run.status === 'completed' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${id} did not finish`);
  }

  it('recalculates the realm in the background, with progress, counting records that cannot be calculated', async () => {
    const started = await call('acme', 'POST', '/api/recalculations', { gwp: 'AR5' });
    expect(started.statusCode, started.body).toBe(202);
    const queued = recalculationRunSchema.parse(started.json());
    expect(queued).toMatchObject({ status: 'queued', gwp: 'AR5', total: 25, processed: 0, failed: 0 });

    const run = await waitForEnd('acme', queued.id);
    expect(run).toMatchObject({
      status: 'completed',
      total: 25,
      processed: 25,
      failed: 2,
      fraction: 1,
      error: null,
    });
    // Records 3 and 4 (in id order) carry the retired key and the other realm's key.
    expect(run.failures).toEqual([
      { id: acmeIds[3], path: 'factorKey', message: 'Unknown emission factor "retired-factor"' },
      { id: acmeIds[4], path: 'factorKey', message: `Unknown emission factor "${otherFactorKey}"` },
    ]);

    const results = await resultsOf(db, acme);
    // 25 records: 5 electricity (index 4 is bad, 4 left) with two rows each; 20 distillate (index 3 is bad).
    expect(results).toHaveLength(19 + 4 * 2);
    const total = (method: string) =>
      results.filter((row) => row.method === method).reduce((sum, row) => sum + row.co2eKg, 0);
    expect(total('')).toBeCloseTo(19 * DISTILLATE_CO2E, 6);
    expect(total('location')).toBeCloseTo(4 * ELECTRICITY_LOCATION_CO2E, 6);
    expect(total('market')).toBeCloseTo(4 * ELECTRICITY_MARKET_CO2E, 6);
    expect(results.filter((row) => row.method === 'market').every((row) => row.isFallback)).toBe(true);
    expect(testApp.loggedErrors).toEqual([]);
  });

  it("keeps realms apart: another realm's run is 404 and its results are untouched", async () => {
    const otherRun = recalculationRunSchema.parse(
      (await call('other', 'POST', '/api/recalculations')).json(),
    );
    expect(otherRun.total).toBe(5);
    expect((await waitForEnd('other', otherRun.id)).processed).toBe(5);
    const otherResults = await resultsOf(db, other);
    expect(otherResults).toHaveLength(4 + 2);

    const peeking = await call('acme', 'GET', `/api/recalculations/${otherRun.id}`);
    expect(peeking.statusCode).toBe(404);
    expect(peeking.json().message).toBe('Recalculation not found');

    const acmeRun = recalculationRunSchema.parse((await call('acme', 'POST', '/api/recalculations')).json());
    await waitForEnd('acme', acmeRun.id);
    expect(await resultsOf(db, other)).toEqual(otherResults);
  });

  it('answers 409 while a run of the realm is unfinished, and 400 for an unknown GWP set', async () => {
    // A run another server process is driving: queued or running, this process leaves it alone.
    const [busy] = await db
      .insert(recalculationRuns)
      .values({ realmId: acme.id, gwpSetId: 'AR5', status: 'running', total: 25 })
      .returning();
    try {
      const refused = await call('acme', 'POST', '/api/recalculations');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `A recalculation of this realm is already running (${busy?.id}); wait for it to finish`,
      );
      expect((await call('other', 'POST', '/api/recalculations')).statusCode).toBe(202);
    } finally {
      await db
        .update(recalculationRuns)
        .set({ status: 'failed', error: 'test' })
        .where(eq(recalculationRuns.id, busy?.id ?? ''));
    }
    const badGwp = await call('acme', 'POST', '/api/recalculations', { gwp: 'AR3' });
    expect(badGwp.statusCode).toBe(400);
    expect(badGwp.json().message).toMatch(/^body\/gwp: /);
  });

  it('resumes from the cursor after a batch is interrupted, with the same results as an uninterrupted run', async () => {
    const expected = await resultsOf(db, acme);
    let batches = 0;
    const crashing = createRecalculationService(testApp.database, {
      batchSize: 10,
      beforeBatchCommit: () => {
        batches += 1;
        if (batches === 2) {
          crashing.interrupt();
          throw new Error('power cut in the middle of batch 2');
        }
      },
    });
    const run = await crashing.start(acme.id);
    await crashing.whenIdle();
    const [stopped] = await db
      .select()
      .from(recalculationRuns)
      .where(and(eq(recalculationRuns.realmId, acme.id), eq(recalculationRuns.id, run?.id ?? '')));
    // Batch 1 (records 0–9) committed with its cursor; batch 2 rolled back entirely. A run on the realm's own
    // set replaces results batch by batch, so readers meanwhile still see every record's results.
    expect(stopped).toMatchObject({ status: 'running', processed: 10, failed: 2, cursor: acmeIds[9] });
    expect(await resultsOf(db, acme)).toEqual(expected);

    // A new process resumes unfinished runs when it is ready.
    const restarted = await createTestApp({ database: testApp.database });
    try {
      await restarted.app.ready();
      const resumed = await waitForEnd('acme', run?.id ?? '');
      expect(resumed).toMatchObject({ status: 'completed', processed: 25, failed: 2, total: 25 });
      expect(resumed.failures).toHaveLength(2);
      const final = await resultsOf(db, acme);
      expect(final.map(({ recordId, method }) => [recordId, method])).toEqual(
        expected.map(({ recordId, method }) => [recordId, method]),
      );
      final.forEach((row, index) => expect(row.co2eKg).toBeCloseTo(expected[index]?.co2eKg ?? NaN, 9));
    } finally {
      await restarted.close();
    }
  });

  it('reads back text with tabs and backslashes exactly (COPY escapes) and names it in the failure', async () => {
    const odd = await createTestRealm(db, { key: 'odd', domains: ['odd.test'] });
    const facilityId = await seedFacility(db, odd);
    const [record] = await db
      .insert(activityRecords)
      .values({
        realmId: odd.id,
        facilityId,
        activityType: 'fuel',
        periodStart: '2024-01-01',
        periodEnd: '2024-01-31',
        quantity: 1,
        unit: 'gal',
        factorKey: 'odd\tkey \\ with\nbreaks',
        scope: 1,
      })
      .returning({ id: activityRecords.id });
    const service = createRecalculationService(testApp.database);
    const run = await service.start(odd.id);
    await service.whenIdle();
    const done = await service.find(odd.id, run?.id ?? '');
    expect(done).toMatchObject({ status: 'completed', processed: 1, failed: 1 });
    expect(done?.failures).toEqual([
      { id: record?.id, path: 'factorKey', message: 'Unknown emission factor "odd\tkey \\ with\nbreaks"' },
    ]);
  });

  it('reproduces the results the demo realm was seeded with, realm factors included', async () => {
    await seedDemoRealm(db);
    const demo = await createRealmRepository(db).findByKey(DEMO_REALM_KEY);
    if (!demo) throw new Error('demo realm missing');
    const seeded = await resultsOf(db, demo);
    const service = createRecalculationService(testApp.database, { batchSize: 1000 });
    const run = await service.start(demo.id, { gwp: 'AR5' });
    await service.whenIdle();
    expect(await service.find(demo.id, run?.id ?? '')).toMatchObject({ status: 'completed', failed: 0 });
    const recalculated = await resultsOf(db, demo);
    expect(recalculated.map(({ recordId, method, isFallback }) => [recordId, method, isFallback])).toEqual(
      seeded.map(({ recordId, method, isFallback }) => [recordId, method, isFallback]),
    );
    recalculated.forEach((row, index) => expect(row.co2eKg).toBeCloseTo(seeded[index]?.co2eKg ?? NaN, 9));
  });

  it('runs from the operator command with a progress line per batch', async () => {
    const lines: string[] = [];
    const run = await runRecalculateCommand(
      testApp.database,
      { realmKey: 'other', gwp: 'AR6' },
      { write: (text: string) => lines.push(text) },
    );
    expect(run).toMatchObject({ status: 'completed', gwpSetId: 'AR6', processed: 5, failed: 0 });
    const output = lines.join('');
    expect(output).toMatch(/^Recalculating 5 records of realm other on AR6 \(run [0-9a-f-]{36}\)\.\n/);
    expect(output).toMatch(/\n5 of 5 records \(100\.0%\), 0 failed, \d+ records\/s\n/);
    expect(output).toMatch(/\nDone: 5 records, 0 failed, in \d+\.\d s\.\n$/);

    await expect(
      runRecalculateCommand(testApp.database, { realmKey: 'nowhere', gwp: undefined }, { write: () => true }),
    ).rejects.toThrow('realm: No realm has the key nowhere');
    await expect(
      runRecalculateCommand(testApp.database, { realmKey: 'other', gwp: 'AR3' }, { write: () => true }),
    ).rejects.toThrow('gwp: Use one of AR4, AR5, AR6');
  });
});
