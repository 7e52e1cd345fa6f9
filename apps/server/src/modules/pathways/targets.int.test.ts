import {
  SECTOR_PATHWAY_IN_USE,
  SECTOR_PATHWAY_NOT_FOUND,
  TARGET_NOT_FOUND,
  findRoute,
  inventoryResponseSchema,
  planNotIncludedMessage,
  sectorPathwaySchema,
  targetGapResponseSchema,
  targetListResponseSchema,
  targetSchema,
  type TargetInput,
} from '@ecc/contracts';
import { createAuthzRepository, DEMO_ADMIN, DEMO_USER, seedPaidDemoRealm } from '@ecc/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * Targets on the paid demo realm's seeded data (2023–2025, base year 2023): CRUD with its refusals, the gap read
 * from the same consolidated totals as the inventory, the tenant wall, the rights and the plan rule.
 */

const HOST = 'paid.localhost';
const OTHER_HOST = 'other.pathways.test';
const EQT_HOST = 'eqt.pathways.test';
const OTHER_ADMIN = { email: 'otto@other.test', password: 'other-password-1', role: 'admin' as const };
const EQT_ADMIN = { email: 'eve@eqt.test', password: 'eqt-password-1', role: 'admin' as const };
/** Sums of floating kg over many results: equal to well under a gram. */
const GRAM_KG = 0.001;

const NEAR_TERM: TargetInput = {
  name: 'Scopes 1 and 2 by 2030',
  kind: 'absolute',
  scopes: [1, 2],
  scope2Method: 'location',
  scope3Categories: [],
  baseYear: 2023,
  targetYear: 2030,
  term: 'near-term',
  ambition: '1.5C',
  projectionMethod: 'linear-trend',
};

type Who = 'admin' | 'member' | 'other' | 'eqt';

describe('pathway targets', () => {
  let testApp: TestApp;
  const tokens: Record<Who, string> = { admin: '', member: '', other: '', eqt: '' };
  const hosts: Record<Who, string> = { admin: HOST, member: HOST, other: OTHER_HOST, eqt: EQT_HOST };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    await seedPaidDemoRealm(db);
    const other = await createTestRealm(db, { key: 'otherpth', plan: 'paid', domains: [OTHER_HOST] });
    await createTestUser(db, other, OTHER_ADMIN);
    const eqt = await createTestRealm(db, { key: 'eqtpath', plan: 'EQT', domains: [EQT_HOST] });
    await createTestUser(db, eqt, EQT_ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, HOST);
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    tokens.eqt = await signIn(testApp.app, EQT_ADMIN, EQT_HOST);
  });
  afterAll(() => testApp.close());

  const call = (who: Who, method: InjectOptions['method'], url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: hosts[who], ...withSession(tokens[who]) },
      ...(payload ? { payload } : {}),
    });

  async function created(input: TargetInput = NEAR_TERM) {
    const response = await call('admin', 'POST', '/api/pathways/targets', input);
    expect(response.statusCode, response.body).toBe(201);
    return targetSchema.parse(response.json());
  }

  describe('CRUD', () => {
    it('the demo realm starts with its seeded targets: a near-term 1.5 °C and a net-zero one', async () => {
      const response = await call('member', 'GET', '/api/pathways/targets');
      expect(response.statusCode).toBe(200);
      const { results } = targetListResponseSchema.parse(response.json());
      expect(results.map((target) => [target.term, target.ambition])).toEqual(
        expect.arrayContaining([
          ['near-term', '1.5C'],
          ['net-zero', 'long-term-90'],
        ]),
      );
    });

    it('creates, reads, lists, replaces and deletes a target, with the rate its ambition means', async () => {
      const target = await created();
      expect(target).toMatchObject({ ...NEAR_TERM, denominatorKind: null, annualReductionRate: 0.042 });

      const read = await call('member', 'GET', `/api/pathways/targets/${target.id}`);
      expect(read.json()).toEqual(target);
      const list = targetListResponseSchema.parse(
        (await call('member', 'GET', '/api/pathways/targets')).json(),
      );
      expect(list.results.map((each) => each.id)).toContain(target.id);

      const replaced = await call('admin', 'PUT', `/api/pathways/targets/${target.id}`, {
        ...NEAR_TERM,
        ambition: 'custom',
        customReductionPercent: 35,
        projectionMethod: 'compound-growth',
        growthPercent: 2,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      // 35 % over the seven years from 2023 to 2030: 5 % of the base year a year.
      expect(replaced.json().annualReductionRate).toBeCloseTo(0.05, 12);
      expect(replaced.json()).toMatchObject({ customReductionPercent: 35, growthPercent: 2 });

      const deleted = await call('admin', 'DELETE', `/api/pathways/targets/${target.id}`);
      expect(deleted.statusCode).toBe(204);
      const gone = await call('admin', 'GET', `/api/pathways/targets/${target.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(TARGET_NOT_FOUND);
    });

    it.each([
      ['a target year before the base year', { targetYear: 2020 }, 'body/targetYear'],
      [
        'a reduction above 100 %',
        { ambition: 'custom', customReductionPercent: 120 },
        'body/customReductionPercent',
      ],
      [
        'a negative reduction',
        { ambition: 'custom', customReductionPercent: -1 },
        'body/customReductionPercent',
      ],
      ['an unknown scope', { scopes: [1, 4] }, 'body/scopes/1'],
      ['a custom ambition without its reduction', { ambition: 'custom' }, 'body/customReductionPercent'],
      ['an intensity without its denominator', { kind: 'intensity' }, 'body/denominatorKind'],
      ['compound growth without its rate', { projectionMethod: 'compound-growth' }, 'body/growthPercent'],
      ['Scope 3 categories without Scope 3', { scope3Categories: [1] }, 'body/scope3Categories'],
    ])('refuses %s with 400 naming the field, writing nothing', async (_name, change, field) => {
      const before = (await call('admin', 'GET', '/api/pathways/targets')).json().results.length;
      const response = await call('admin', 'POST', '/api/pathways/targets', { ...NEAR_TERM, ...change });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
      expect((await call('admin', 'GET', '/api/pathways/targets')).json().results.length).toBe(before);
    });

    it('refuses a sector pathway the realm does not have, and one of another denominator', async () => {
      const intensity: TargetInput = { ...NEAR_TERM, kind: 'intensity', denominatorKind: 'revenue' };
      const unknown = await call('admin', 'POST', '/api/pathways/targets', {
        ...intensity,
        sectorPathwayId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors).toEqual({ 'body/sectorPathwayId': SECTOR_PATHWAY_NOT_FOUND });

      const pathway = await call('admin', 'POST', '/api/pathways/sector-pathways', {
        name: 'Cement (t clinker)',
        denominatorKind: 'production',
        points: [
          { year: 2050, intensity: 100 },
          { year: 2020, intensity: 600 },
        ],
      });
      expect(pathway.statusCode, pathway.body).toBe(201);
      const pathwayId = sectorPathwaySchema.parse(pathway.json()).id;
      // Sorted by year as stored.
      expect(pathway.json().points.map((point: { year: number }) => point.year)).toEqual([2020, 2050]);
      const mismatch = await call('admin', 'POST', '/api/pathways/targets', {
        ...intensity,
        sectorPathwayId: pathwayId,
      });
      expect(mismatch.statusCode).toBe(400);
      expect(Object.keys(mismatch.json().fieldErrors)).toEqual(['body/sectorPathwayId']);

      const following = await created({
        ...intensity,
        denominatorKind: 'production',
        sectorPathwayId: pathwayId,
      });
      const refused = await call('admin', 'DELETE', `/api/pathways/sector-pathways/${pathwayId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(SECTOR_PATHWAY_IN_USE);
      await call('admin', 'DELETE', `/api/pathways/targets/${following.id}`);
      expect((await call('admin', 'DELETE', `/api/pathways/sector-pathways/${pathwayId}`)).statusCode).toBe(
        204,
      );
    });
  });

  describe('the gap', () => {
    it('reads the covered scopes as the inventory consolidates them, and contracts 4.2 % of the base a year', async () => {
      const target = await created();
      const response = await call('member', 'GET', `/api/pathways/targets/${target.id}/gap`);
      expect(response.statusCode, response.body).toBe(200);
      const gap = targetGapResponseSchema.parse(response.json());
      expect(gap.unit).toBe('kg CO2e');
      expect(gap.years.map((year) => year.year)).toEqual([2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030]);

      for (const year of [2023, 2024, 2025]) {
        const inventory = inventoryResponseSchema.parse(
          (await call('member', 'GET', `/api/reports/inventory?year=${year}`)).json(),
        );
        const expected = inventory.scope1.co2e + inventory.scope2.location.co2e;
        expect(Math.abs(gap.years.find((each) => each.year === year)!.actual! - expected)).toBeLessThan(
          GRAM_KG,
        );
      }
      const base = gap.years[0]!.actual!;
      const at = (year: number) => gap.years.find((each) => each.year === year)!;
      expect(at(2030).trajectory).toBeCloseTo(base * (1 - 0.042 * 7), 3);
      expect(at(2030).actual).toBeUndefined();
      for (const year of gap.years) {
        if (year.projected !== null && year.trajectory !== null) {
          expect(year.gap).toBeCloseTo(year.projected - year.trajectory, 3);
        }
      }
      // Up to the latest actual year the projection is the actual year itself.
      expect(at(2025).projected).toBe(at(2025).actual);
      expect(gap.method.projection).toMatchObject({
        method: 'linear-trend',
        fittedYears: [2023, 2024, 2025],
      });
      expect(gap.method.trajectory).toMatchObject({ method: 'absolute-contraction', rate: 0.042, base });
      expect(gap.statusYear).toBe(2025);
      expect(gap.status).toBe(at(2025).actual! <= at(2025).trajectory! ? 'on-track' : 'off-track');
      expect(gap.missingYears).toEqual([]);
    });

    it('tries another growth assumption without saving it', async () => {
      const target = await created();
      const response = await call(
        'member',
        'GET',
        `/api/pathways/targets/${target.id}/gap?projectionMethod=compound-growth&growthPercent=10`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const gap = targetGapResponseSchema.parse(response.json());
      const latest = gap.years.find((year) => year.year === 2025)!.actual!;
      expect(gap.years.find((year) => year.year === 2027)!.projected).toBeCloseTo(latest * 1.1 ** 2, 3);
      expect(gap.method.projection).toEqual({ method: 'compound-growth', growthPercent: 10, fromYear: 2025 });
      const saved = await call('member', 'GET', `/api/pathways/targets/${target.id}`);
      expect(saved.json().projectionMethod).toBe('linear-trend');
    });

    it('says a base year without data has none, and invents nothing', async () => {
      const target = await created({ ...NEAR_TERM, baseYear: 2020 });
      const gap = targetGapResponseSchema.parse(
        (await call('member', 'GET', `/api/pathways/targets/${target.id}/gap`)).json(),
      );
      expect(gap.status).toBe('no-data');
      expect(gap.method.trajectory).toBeNull();
      expect(gap.missingYears.map((year) => year.year)).toEqual([2020, 2021, 2022]);
      for (const year of gap.years.filter((each) => each.year < 2023)) {
        expect(year).toEqual({ year: year.year, projected: null, trajectory: null, gap: null });
      }
    });

    it('an intensity target divides by the realm’s revenue of each year', async () => {
      const target = await created({ ...NEAR_TERM, kind: 'intensity', denominatorKind: 'revenue' });
      const gap = targetGapResponseSchema.parse(
        (await call('member', 'GET', `/api/pathways/targets/${target.id}/gap`)).json(),
      );
      expect(gap.unit).toBe('kg CO2e per USD');
      const inventory = inventoryResponseSchema.parse(
        (await call('member', 'GET', '/api/reports/inventory?year=2024')).json(),
      );
      const revenue = inventory.intensities.find((each) => each.kind === 'revenue')!.amount;
      const expected = (inventory.scope1.co2e + inventory.scope2.location.co2e) / revenue;
      expect(gap.years.find((year) => year.year === 2024)!.actual).toBeCloseTo(expected, 9);
    });

    it('exports the year table as CSV, a year without data as an empty cell', async () => {
      const target = await created({ ...NEAR_TERM, baseYear: 2022 });
      const response = await call(
        'member',
        'GET',
        `/api/exports/pathways/targets/${target.id}/gap?format=csv`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('pathway-scopes-1-and-2-by-2030');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toContain('Actual (kg CO2e)');
      expect(lines).toHaveLength(1 + 9);
      expect(lines[1]).toMatch(/^2022,,,,,No results in 2022$/);
    });

    it('refuses a growth outside its range with 400 naming the query field', async () => {
      const target = await created();
      const response = await call(
        'member',
        'GET',
        `/api/pathways/targets/${target.id}/gap?projectionMethod=compound-growth&growthPercent=500`,
      );
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(['querystring/growthPercent']);
    });
  });

  describe('who may', () => {
    it('a member reads but does not write', async () => {
      expect((await call('member', 'GET', '/api/pathways/targets')).statusCode).toBe(200);
      expect((await call('member', 'POST', '/api/pathways/targets', NEAR_TERM)).statusCode).toBe(403);
    });

    it('another realm neither sees, changes nor deletes the demo’s targets', async () => {
      const target = await created();
      expect((await call('other', 'GET', '/api/pathways/targets')).json().results).toEqual([]);
      for (const [method, url, body] of [
        ['GET', `/api/pathways/targets/${target.id}`, undefined],
        ['GET', `/api/pathways/targets/${target.id}/gap`, undefined],
        ['PUT', `/api/pathways/targets/${target.id}`, { ...NEAR_TERM, name: 'Taken over' }],
        ['DELETE', `/api/pathways/targets/${target.id}`, undefined],
      ] as const) {
        const response = await call('other', method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call('admin', 'GET', `/api/pathways/targets/${target.id}`)).json().name).toBe(
        NEAR_TERM.name,
      );
    });

    it('a plan without /pathways is refused with the plans that include it', async () => {
      const response = await call('eqt', 'GET', '/api/pathways/targets');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        planNotIncludedMessage('Decarbonisation pathways', findRoute('pathways').plans ?? []),
      );
    });
  });
});
