import { randomUUID } from 'node:crypto';
import {
  activityRecordSchema,
  auditLogResponseSchema,
  realmSettingsResponseSchema,
  recalculationRunSchema,
  type Realm,
} from '@ecc/contracts';
import {
  createFacilityRepository,
  emissionResultsAllSets,
  recalculationRuns,
  realms,
  type Database,
  type FacilityRow,
} from '@ecc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { createRecalculationService } from './recalculation.service.ts';

/*
 * One GWP set at a time (issue 10, item 3; decision 020). A realm's figures are on one set: while a recalculation
 * moves the realm to another, readers see the old set only, complete; its last step switches every figure at
 * once. The database refuses results on any other set, and a switch that leaves the old set's results behind.
 */

const ADMIN = { email: 'admin@gwp.test', password: 'admin-password-1', role: 'admin' as const };

// 40 CFR 98 Tables C-1/C-2, distillate fuel oil No. 2: 100 gal × 0.138 mmBtu/gal = 13.8 mmBtu;
// CO2 13.8 × 73.96 = 1,020.648 kg; CH4 13.8 × 0.003 = 0.0414 kg; N2O 13.8 × 0.0006 = 0.00828 kg.
const CO2 = 1_020.648;
const CH4 = 0.0414;
const N2O = 0.00828;
// CO2e per 100 gal: AR5 (CH4 28, N2O 265) and AR6 (CH4 27.9, N2O 273), DOMAIN.md's table.
const AR5_PER_100_GAL = CO2 + CH4 * 28 + N2O * 265;
const AR6_PER_100_GAL = CO2 + CH4 * 27.9 + N2O * 273;

/** GHGRP-style reported emissions of 2020: 1,000 t CO2 and 10 t CH4 (AR4 CO2e 250 t), re-based per set. */
const REPORTED = {
  '2020': {
    source: 'EPA GHGRP 2020',
    gwpSetId: 'AR5',
    reportedGwpSetId: 'AR4',
    gases: { CO2: 1000, CH4: 10 },
    mixturesCo2eT: { HFC: 5 },
    co2eT: 1000 + 10 * 28 + 5,
    reportedCo2eT: 1255,
    biogenicCo2T: null,
    subparts: 'C',
    sectors: ['Power Plants'],
  },
};

const RECORD_COUNT = 25;

describe('one GWP set at a time', () => {
  let testApp: TestApp;
  let db: Database;
  let realm: Realm;
  let facility: FacilityRow;
  let token: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: 'gwp.test', ...withSession(token) },
      ...(payload ? { payload } : {}),
    });

  /** What a user can read of the realm's figures: every answer that carries a total, by its URL. */
  async function everyFigure(): Promise<Record<string, unknown>> {
    const urls = [
      '/api/facilities',
      `/api/facilities/${facility.slug}`,
      `/api/facilities/${facility.slug}/activity-records?limit=1000`,
      `/api/facilities/${facility.slug}/trail`,
      `/api/facilities/${facility.slug}/trail?gas=CH4`,
      '/api/overview',
      '/api/overview?year=2020',
    ];
    const answers: Record<string, unknown> = {};
    for (const url of urls) {
      const response = await call('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      answers[url] = response.json();
    }
    return answers;
  }

  /** The sets of every answer's figures: each answer names one set, never two. */
  function setsNamedIn(value: unknown, found = new Set<string>()): Set<string> {
    if (Array.isArray(value)) value.forEach((item) => setsNamedIn(item, found));
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'gwpSetId' && typeof item === 'string') found.add(item);
        else setsNamedIn(item, found);
      }
    }
    return found;
  }

  async function storedSets(): Promise<string[]> {
    const rows = await db
      .selectDistinct({ gwpSetId: emissionResultsAllSets.gwpSetId })
      .from(emissionResultsAllSets)
      .where(eq(emissionResultsAllSets.realmId, realm.id));
    return rows.map((row) => row.gwpSetId).sort();
  }

  async function waitForRun(id: string) {
    for (let attempt = 0; attempt < 400; attempt++) {
      const run = recalculationRunSchema.parse((await call('GET', `/api/recalculations/${id}`)).json());
      if (run.status === 'completed' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${id} did not finish`);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    realm = await createTestRealm(db, { key: 'gwp', domains: ['gwp.test'] });
    await createTestUser(db, realm, ADMIN);
    token = await signIn(testApp.app, ADMIN, 'gwp.test');
    [facility] = (await createFacilityRepository(db).insertMany(realm.id, [
      { slug: 'plant', name: 'Plant', sector: 'Power', country: 'US', reported: REPORTED },
    ])) as [FacilityRow];
    for (let index = 0; index < RECORD_COUNT; index++) {
      const month = String((index % 12) + 1).padStart(2, '0');
      const created = await call('POST', '/api/facilities/plant/activity-records', {
        activityType: 'Boiler diesel',
        periodStart: `2024-${month}-01`,
        periodEnd: `2024-${month}-28`,
        quantity: 100,
        unit: 'gal',
        factorKey: 'epa-c1-distillate-fuel-oil-no-2',
        scope: 1,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(() => testApp.close());

  it('keeps every reader on the old set while a run moves the realm, even interrupted, then switches all at once', async () => {
    const before = await everyFigure();
    expect([...setsNamedIn(before)]).toEqual(['AR5']);
    expect(await storedSets()).toEqual(['AR5']);

    // A server that dies in the middle of batch 2: batch 1's AR6 results are committed, beside the AR5 ones.
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
    const run = await crashing.start(realm.id, { gwp: 'AR6' });
    await crashing.whenIdle();
    expect(await storedSets()).toEqual(['AR5', 'AR6']);
    // Nothing a user reads has moved: the same answers, on AR5 only, with every record counted.
    expect(await everyFigure()).toEqual(before);
    const settings = realmSettingsResponseSchema.parse(
      (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
    );
    expect(settings).toMatchObject({
      gwpSetId: 'AR5',
      hasResultsOnOtherGwpSets: true,
      recalculation: { id: run?.id, gwp: 'AR6', status: 'running', processed: 10 },
    });

    // A record changed meanwhile is written on both sets, so the switch finds it up to date.
    const records = (await call('GET', '/api/facilities/plant/activity-records?sort=periodStart')).json<{
      results: { id: string; version: number }[];
    }>().results;
    const changed = records[0];
    const patched = await call('PATCH', `/api/activity-records/${changed?.id}`, {
      version: changed?.version,
      quantity: 200,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(activityRecordSchema.parse(patched.json())).toMatchObject({ gwpSetId: 'AR5' });
    const changedSets = await db
      .select({ gwpSetId: emissionResultsAllSets.gwpSetId, co2eKg: emissionResultsAllSets.co2eKg })
      .from(emissionResultsAllSets)
      .where(eq(emissionResultsAllSets.activityRecordId, changed?.id ?? ''));
    expect(changedSets.map((row) => row.gwpSetId).sort()).toEqual(['AR5', 'AR6']);

    // The next process resumes the run; its last step switches the realm.
    const restarted = await createTestApp({ database: testApp.database });
    try {
      await restarted.app.ready();
      const finished = await waitForRun(run?.id ?? '');
      expect(finished).toMatchObject({ status: 'completed', processed: RECORD_COUNT, failed: 0 });
    } finally {
      await restarted.close();
    }
    expect(await storedSets()).toEqual(['AR6']);
    const after = await everyFigure();
    expect([...setsNamedIn(after)]).toEqual(['AR6']);

    // Every figure is the AR6 one: the records' (one of 200 gal, the rest of 100 gal) and the reported year's.
    const detail = after[`/api/facilities/${facility.slug}`] as {
      summary: { gwpSetId: string; years: { year: number; co2eKg: number }[]; reported: typeof REPORTED };
    };
    expect(detail.summary.gwpSetId).toBe('AR6');
    expect(detail.summary.years[0]?.co2eKg).toBeCloseTo((RECORD_COUNT + 1) * AR6_PER_100_GAL, 6);
    expect(detail.summary.reported['2020']).toMatchObject({
      gwpSetId: 'AR6',
      co2eT: 1000 + 10 * 27.9 + 5,
      reportedCo2eT: 1255,
    });
    const trail = after[`/api/facilities/${facility.slug}/trail`] as { co2eKg: number };
    expect(trail.co2eKg).toBeCloseTo((RECORD_COUNT + 1) * AR6_PER_100_GAL, 6);
    const beforeTrail = before[`/api/facilities/${facility.slug}/trail`] as { co2eKg: number };
    expect(beforeTrail.co2eKg).toBeCloseTo(RECORD_COUNT * AR5_PER_100_GAL, 6);

    // The switch is audited as a change of the realm's settings, naming the run and who asked for it.
    const audit = auditLogResponseSchema.parse(
      (await call('GET', `/api/audit-log?entityType=realm-settings&entityId=${realm.id}`)).json(),
    );
    expect(audit.results[0]).toMatchObject({
      action: 'update',
      before: { gwpSetId: 'AR5' },
      after: { gwpSetId: 'AR6', recalculationId: run?.id },
    });
  });

  it('moves the realm through its settings: 202 with the run, the setting follows when it completes', async () => {
    const response = await call('PUT', `/api/realms/${realm.id}/settings`, { gwpSetId: 'AR4' });
    expect(response.statusCode, response.body).toBe(202);
    const answer = realmSettingsResponseSchema.parse(response.json());
    // Until the run completes the realm reports on its current set.
    expect(answer).toMatchObject({ gwpSetId: 'AR6', recalculation: { gwp: 'AR4' } });
    const again = await call('PUT', `/api/realms/${realm.id}/settings`, { gwpSetId: 'AR5' });
    expect([200, 202, 409]).toContain(again.statusCode);
    await waitForRun(answer.recalculation?.id ?? '');
    const settings = realmSettingsResponseSchema.parse(
      (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
    );
    expect(settings.recalculation).toBeNull();
    expect(settings.hasResultsOnOtherGwpSets).toBe(false);
    expect(await storedSets()).toEqual([settings.gwpSetId]);
    expect([...setsNamedIn(await everyFigure())]).toEqual([settings.gwpSetId]);
  });

  it('refuses to change the set while a recalculation runs (409), and the same set changes nothing (200)', async () => {
    const current = realmSettingsResponseSchema.parse(
      (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
    );
    const same = await call('PUT', `/api/realms/${realm.id}/settings`, { gwpSetId: current.gwpSetId });
    expect(same.statusCode).toBe(200);
    const [busy] = await db
      .insert(recalculationRuns)
      .values({ realmId: realm.id, gwpSetId: current.gwpSetId, status: 'running', total: 0 })
      .returning();
    try {
      const other = current.gwpSetId === 'AR4' ? 'AR5' : 'AR4';
      const refused = await call('PUT', `/api/realms/${realm.id}/settings`, { gwpSetId: other });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'A recalculation of this realm is under way; change the GWP set once it has finished',
      );
    } finally {
      await db.delete(recalculationRuns).where(eq(recalculationRuns.id, busy?.id ?? ''));
    }
  });

  it('drops what a failed run wrote on its set, leaving the realm on its own', async () => {
    const { gwpSetId } = realmSettingsResponseSchema.parse(
      (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
    );
    const target = gwpSetId === 'AR4' ? 'AR6' : 'AR4';
    let batches = 0;
    const failing = createRecalculationService(testApp.database, {
      batchSize: 10,
      beforeBatchCommit: () => {
        batches += 1;
        if (batches === 2) throw new Error('disk full');
      },
    });
    const run = await failing.start(realm.id, { gwp: target });
    await failing.whenIdle();
    expect(await failing.find(realm.id, run?.id ?? '')).toMatchObject({
      status: 'failed',
      error: 'disk full',
    });
    expect(await storedSets()).toEqual([gwpSetId]);
    expect([...setsNamedIn(await everyFigure())]).toEqual([gwpSetId]);
  });

  describe('the database refuses two sets', () => {
    /** The SQLSTATE of a failed statement (drizzle wraps the driver's error). */
    async function sqlStateOf(work: Promise<unknown>): Promise<string | undefined> {
      try {
        await work;
        return undefined;
      } catch (error) {
        return (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      }
    }
    const CHECK_VIOLATION = '23514';

    async function aResult() {
      const [row] = await db
        .select()
        .from(emissionResultsAllSets)
        .where(eq(emissionResultsAllSets.realmId, realm.id))
        .limit(1);
      if (!row) throw new Error('no result');
      return row;
    }

    it('refuses a result on a set the realm does not report on and no run moves it to', async () => {
      const { gwpSetId } = realmSettingsResponseSchema.parse(
        (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
      );
      const row = await aResult();
      const otherSet = gwpSetId === 'AR4' ? 'AR5' : 'AR4';
      expect(await sqlStateOf(db.insert(emissionResultsAllSets).values({ ...row, gwpSetId: otherSet }))).toBe(
        CHECK_VIOLATION,
      );
      expect(
        await sqlStateOf(
          db
            .update(emissionResultsAllSets)
            .set({ gwpSetId: otherSet })
            .where(
              and(
                eq(emissionResultsAllSets.realmId, realm.id),
                eq(emissionResultsAllSets.activityRecordId, row.activityRecordId),
              ),
            ),
        ),
      ).toBe(CHECK_VIOLATION);
    });

    it('refuses to switch a realm to another set while its results stay on the old one', async () => {
      const { gwpSetId } = realmSettingsResponseSchema.parse(
        (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
      );
      const otherSet = gwpSetId === 'AR4' ? 'AR5' : 'AR4';
      const switched = db
        .update(realms)
        .set({ properties: sql`jsonb_set(${realms.properties}, '{gwpSetId}', to_jsonb(${otherSet}::text))` })
        .where(eq(realms.id, realm.id));
      expect(await sqlStateOf(switched)).toBe(CHECK_VIOLATION);
      expect(await storedSets()).toEqual([gwpSetId]);
    });

    it('refuses to end a run that leaves its results on a set the realm does not report on', async () => {
      const { gwpSetId } = realmSettingsResponseSchema.parse(
        (await call('GET', `/api/realms/${realm.id}/settings`)).json(),
      );
      const otherSet = gwpSetId === 'AR4' ? 'AR5' : 'AR4';
      const row = await aResult();
      const ended = db.transaction(async (transaction) => {
        const [run] = await transaction
          .insert(recalculationRuns)
          .values({ realmId: realm.id, gwpSetId: otherSet, status: 'running', total: 1 })
          .returning();
        await transaction.insert(emissionResultsAllSets).values({ ...row, gwpSetId: otherSet });
        await transaction
          .update(recalculationRuns)
          .set({ status: 'completed' })
          .where(eq(recalculationRuns.id, run?.id ?? randomUUID()));
      });
      expect(await sqlStateOf(ended)).toBe(CHECK_VIOLATION);
      expect(await storedSets()).toEqual([gwpSetId]);
    });

    it('finds the sets a realm’s results are on with index probes, not by reading them all', async () => {
      const result = await db.execute(sql`
        explain select gwp_set_id from ecc_realm_result_gwp_set_ids(${realm.id}::uuid) as present(gwp_set_id)`);
      const plan = (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row).join(' '))
        .join('\n');
      expect(plan).toMatch(/Index (Only )?Scan/);
      expect(plan).not.toMatch(/Seq Scan on emission_results_all_sets/);
    });
  });
});
