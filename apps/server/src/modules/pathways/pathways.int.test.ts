import {
  MAX_OPTIMIZER_MEASURES,
  optimizeResponseSchema,
  planNotIncludedMessage,
  trajectoryResponseSchema,
  type OptimizeRequest,
  type OptimizeResponse,
} from '@ecc/contracts';
import { createAuthzRepository } from '@ecc/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { PINS_OVER_BUDGET_MESSAGE } from './optimizer.service.ts';
import { SOLVER_FAILURE_MESSAGE } from './pathways.routes.ts';

const PAID_HOST = 'paid.pathways.test';
const CORE_HOST = 'core.pathways.test';
const PAID_MEMBER = { email: 'pia@paid.test', password: 'paid-password-1' };
const CORE_MEMBER = { email: 'cora@core.test', password: 'core-password-1' };

/** 1.5 °C from a 2020 base of 100 t: 58 t by 2030. Two measures meet it; the cheaper order is the plan. */
const REQUEST: OptimizeRequest = {
  baseYear: 2020,
  targetYear: 2030,
  baseline: { 2020: 100_000, 2025: 105_000 },
  trajectory: { rate: 0.042 },
  discountRate: 0.05,
  budget: { 2021: 1_000_000 },
  measures: [
    { id: 'led', abatement: 10_000, capex: 20_000, annualCost: -2_000, lifetime: 15 },
    {
      id: 'heat-pump',
      abatement: 30_000,
      capex: 400_000,
      annualCost: 5_000,
      lifetime: 20,
      requires: ['led'],
    },
    { id: 'solar', abatement: 25_000, capex: 300_000, annualCost: -1_000, lifetime: 25, group: 'roof' },
    { id: 'green-roof', abatement: 2_000, capex: 50_000, annualCost: 0, lifetime: 30, group: 'roof' },
    { id: 'ppa', abatement: 40_000, capex: 0, annualCost: 30_000, lifetime: 10, earliestYear: 2024 },
  ],
};

/**
 * Everything a plan must keep (docs/optimizer.md): each measure at most once, in a year it may start, at most one
 * of an exclusive group, its prerequisites started no later, each year's capex within its budget, and every year
 * on or under the trajectory, with the abatement the plan's measures give in that year.
 */
function expectPlanKeepsEveryRule(request: OptimizeRequest, answer: OptimizeResponse): void {
  const measureById = new Map(request.measures.map((measure) => [measure.id, measure]));
  const startOf = new Map<string, number>();
  const groupsUsed = new Set<string>();
  const capexByYear = new Map<number, number>();
  for (const { id, startYear } of answer.plan) {
    const measure = measureById.get(id);
    expect(measure, `${id} is a measure of the request`).toBeDefined();
    expect(startOf.has(id), `${id} starts once`).toBe(false);
    startOf.set(id, startYear);
    expect(startYear).toBeGreaterThan(request.baseYear);
    expect(startYear).toBeLessThanOrEqual(request.targetYear);
    expect(startYear).toBeGreaterThanOrEqual(measure!.earliestYear ?? request.baseYear + 1);
    if (measure!.group !== undefined) {
      expect(groupsUsed.has(measure!.group), `one measure of group ${measure!.group}`).toBe(false);
      groupsUsed.add(measure!.group);
    }
    capexByYear.set(startYear, (capexByYear.get(startYear) ?? 0) + measure!.capex);
  }
  for (const { id, startYear } of answer.plan) {
    for (const prerequisite of measureById.get(id)!.requires ?? []) {
      expect(
        startOf.get(prerequisite),
        `${id} needs ${prerequisite} started by ${startYear}`,
      ).toBeLessThanOrEqual(startYear);
    }
  }
  for (const [year, capex] of capexByYear) {
    const budget = request.budget?.[String(year)];
    if (budget !== undefined) expect(capex, `capex of ${year}`).toBeLessThanOrEqual(budget);
  }
  for (const year of answer.years) {
    const abated = answer.plan.reduce((sum, { id, startYear }) => {
      const measure = measureById.get(id)!;
      const isActive = startYear <= year.year && year.year < startYear + measure.lifetime;
      return isActive ? sum + measure.abatement : sum;
    }, 0);
    expect(year.abated).toBeCloseTo(abated, 3);
    expect(year.emissions).toBeCloseTo(year.baseline - year.abated, 3);
    expect(year.shortfall).toBe(0);
    expect(year.emissions).toBeLessThanOrEqual(year.trajectory * (1 + 1e-9));
  }
}

/**
 * Far more than HiGHS can prove in a hundredth of a second on any machine: the most measures a request may hold,
 * over ten years (about 16,000 binaries), every one a small share of what the 1.5 °C trajectory needs, with
 * exclusive pairs, prerequisites, later earliest years and yearly budgets. Plenty of plans meet the trajectory
 * (all measures together abate over twice what it asks), so the answer cannot be a proved infeasibility.
 */
function hugeRequest(): OptimizeRequest {
  const measures = Array.from({ length: MAX_OPTIMIZER_MEASURES }, (_, index) => {
    const abatement = 20_000 + ((index * 7_919) % 100_000);
    return {
      id: `measure-${index}`,
      abatement,
      capex: Math.round((abatement * (50 + ((index * 31) % 850))) / 1000),
      annualCost: Math.round((abatement * (((index * 17) % 100) - 40)) / 1000),
      lifetime: 5 + ((index * 13) % 21),
      ...(index % 3 === 0 ? { earliestYear: 2026 + (index % 6) } : {}),
      ...(index % 10 < 2 ? { group: `pair-${Math.floor(index / 10)}` } : {}),
      ...(index % 10 === 7 ? { requires: [`measure-${index - 3}`] } : {}),
    };
  });
  const budget = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [2026 + index, 10_000_000]));
  return {
    baseYear: 2025,
    targetYear: 2035,
    baseline: { 2025: 100_000_000, 2030: 103_000_000 },
    trajectory: { rate: 0.042 },
    discountRate: 0.06,
    budget,
    measures,
  };
}

describe('pathway routes', () => {
  let testApp: TestApp;
  let paidToken: string;
  let coreToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const paid = await createTestRealm(db, { key: 'paidpath', plan: 'paid', domains: [PAID_HOST] });
    const core = await createTestRealm(db, { key: 'corepath', plan: 'CORE', domains: [CORE_HOST] });
    await createTestUser(db, paid, PAID_MEMBER);
    await createTestUser(db, core, CORE_MEMBER);
    await createAuthzRepository(db).syncDefaultRoles();
    paidToken = await signIn(testApp.app, PAID_MEMBER, PAID_HOST);
    coreToken = await signIn(testApp.app, CORE_MEMBER, CORE_HOST);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const asPaid = (options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { ...withSession(paidToken), host: PAID_HOST },
  });
  const optimize = (body: unknown) =>
    testApp.app.inject(asPaid({ method: 'POST', url: '/api/pathways/optimize', payload: body as object }));

  describe('GET /api/pathways/trajectory', () => {
    it('answers the yearly 1.5 °C trajectory: 42 % below the base by ten years on', async () => {
      const response = await testApp.app.inject(
        asPaid({
          method: 'GET',
          url: '/api/pathways/trajectory?baseYear=2020&targetYear=2030&base=1000&rate=0.042',
        }),
      );
      expect(response.statusCode).toBe(200);
      const body = trajectoryResponseSchema.parse(response.json());
      expect(body).toMatchObject({ baseYear: 2020, targetYear: 2030, base: 1000, rate: 0.042 });
      expect(body.years).toHaveLength(11);
      expect(body.years[0]).toEqual({ year: 2020, emissions: 1000 });
      expect(body.years[10]!.year).toBe(2030);
      expect(body.years[10]!.emissions).toBeCloseTo(580, 9);
    });

    it.each([
      ['targetYear=2019', 'querystring/targetYear', 'The target year must not be before the base year'],
      ['rate=1.5', 'querystring/rate', 'Must be a rate from 0 to 1 (0.042 is 4.2 % a year)'],
      ['rate=-0.1', 'querystring/rate', 'Must be a rate from 0 to 1 (0.042 is 4.2 % a year)'],
      ['rate=fast', 'querystring/rate', 'Must be a rate from 0 to 1 (0.042 is 4.2 % a year)'],
      ['base=lots', 'querystring/base', 'Must be a number of kg CO2e'],
      ['baseYear=20x0', 'querystring/baseYear', 'Must be a whole year from 1990 to 2100'],
    ])('refuses %s with a 400 naming %s', async (change, field, message) => {
      const query = new URLSearchParams({
        baseYear: '2020',
        targetYear: '2030',
        base: '1000',
        rate: '0.042',
      });
      const [name, value] = change.split('=') as [string, string];
      query.set(name, value);
      const response = await testApp.app.inject(
        asPaid({ method: 'GET', url: `/api/pathways/trajectory?${query}` }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: message });
    });

    it('is open on the plans of /pathways (CORE) and needs a session', async () => {
      const url = '/api/pathways/trajectory?baseYear=2020&targetYear=2021&base=1&rate=0.025';
      const onCore = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { ...withSession(coreToken), host: CORE_HOST },
      });
      expect(onCore.statusCode).toBe(200);
      const signedOut = await testApp.app.inject({ method: 'GET', url, headers: { host: CORE_HOST } });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('POST /api/pathways/optimize', () => {
    it('writes nothing, so the next request finds its session and rights cached and reads no table', async () => {
      expect((await optimize(REQUEST)).statusCode).toBe(200);
      const { db } = testApp.database;
      const reads = [vi.spyOn(db, 'select'), vi.spyOn(db, 'execute'), vi.spyOn(db, 'transaction')];
      try {
        expect((await optimize(REQUEST)).statusCode).toBe(200);
        expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
      } finally {
        reads.forEach((read) => read.mockRestore());
      }
    });

    it('answers the least-cost plan that meets the trajectory, on the worker thread', async () => {
      const response = await optimize(REQUEST);
      expect(response.statusCode).toBe(200);
      const body = optimizeResponseSchema.parse(response.json());
      expect(body.status).toBe('optimal');
      expect(body.gap).toBe(0);
      expect(body.years.map((year) => year.year)).toEqual([
        2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030,
      ]);
      expect(body.years.every((year) => year.shortfall === 0)).toBe(true);
      for (const year of body.years) {
        expect(year.emissions).toBeCloseTo(year.baseline - year.abated, 6);
        expect(year.emissions).toBeLessThanOrEqual(year.trajectory + 1e-6);
      }
      // 2025 onward takes 2025's baseline; 2021–2024 the base year's.
      expect(body.years[3]!.baseline).toBe(100_000);
      expect(body.years[7]!.baseline).toBe(105_000);
      const ids = body.plan.map((start) => start.id);
      expect(ids.filter((id) => id === 'solar' || id === 'green-roof').length).toBeLessThanOrEqual(1);
      const startOf = new Map(body.plan.map((start) => [start.id, start.startYear]));
      if (startOf.has('heat-pump')) expect(startOf.get('led')).toBeLessThanOrEqual(startOf.get('heat-pump')!);
      expect(body.cost).toBeGreaterThan(0);
      expect(body.solveMs).toBeGreaterThan(0);
    });

    it('answers an unreachable trajectory as infeasible, with each year’s shortfall', async () => {
      const response = await optimize({ ...REQUEST, trajectory: { rate: 0.3 } });
      expect(response.statusCode).toBe(200);
      const body = optimizeResponseSchema.parse(response.json());
      expect(body.status).toBe('infeasible');
      const missing = body.years.filter((year) => year.shortfall > 0);
      expect(missing.length).toBeGreaterThan(0);
      for (const year of missing) expect(year.shortfall).toBeCloseTo(year.emissions - year.trajectory, 6);
    });

    const measure = REQUEST.measures[0]!;
    it.each<[string, unknown, string, string]>([
      [
        'a target year before the base year',
        { ...REQUEST, targetYear: 2019 },
        'body/targetYear',
        'The target year must be after the base year',
      ],
      [
        'a rate over 100 %',
        { ...REQUEST, trajectory: { rate: 1.2 } },
        'body/trajectory/rate',
        'Must be a rate from 0 to 1 (0.042 is 4.2 % a year)',
      ],
      [
        'a negative lifetime',
        { ...REQUEST, measures: [{ ...measure, lifetime: -1 }] },
        'body/measures/0/lifetime',
        'A lifetime cannot be negative',
      ],
      [
        'an unknown prerequisite',
        { ...REQUEST, measures: [...REQUEST.measures, { ...measure, id: 'x', requires: ['nowhere'] }] },
        'body/measures/5/requires',
        'Requires unknown measures: nowhere',
      ],
      [
        'a budget year outside the horizon',
        { ...REQUEST, budget: { 2031: 5 } },
        'body/budget/2031',
        'A budget year must be from 2021 to 2030, when measures can start',
      ],
      [
        'a base year missing from the baseline',
        { ...REQUEST, baseline: { 2021: 5 } },
        'body/baseline',
        'Give the base year 2020',
      ],
      [
        `more than ${MAX_OPTIMIZER_MEASURES} measures`,
        {
          ...REQUEST,
          measures: Array.from({ length: MAX_OPTIMIZER_MEASURES + 1 }, (_, index) => ({
            ...measure,
            id: `m${index}`,
          })),
        },
        'body/measures',
        `At most ${MAX_OPTIMIZER_MEASURES} measures`,
      ],
    ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
      const response = await optimize(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toMatchObject({ [field]: message });
    });

    it('refuses a prerequisite cycle with a 422 naming the measure', async () => {
      const measures = REQUEST.measures.map((each) =>
        each.id === 'led' ? { ...each, requires: ['heat-pump'] } : each,
      );
      const response = await optimize({ ...REQUEST, measures });
      expect(response.statusCode).toBe(422);
      expect(response.json().fieldErrors).toEqual({
        'body/measures/0/requires': 'These prerequisites form a cycle: led → heat-pump → led',
      });
    });

    it('keeps a pinned measure in the plan (in its year) and a banned one out', async () => {
      const unpinned = optimizeResponseSchema.parse((await optimize(REQUEST)).json());
      expect(unpinned.plan.map((start) => start.id)).not.toContain('green-roof');
      const response = await optimize({
        ...REQUEST,
        pinned: [{ id: 'green-roof', startYear: 2027 }],
        banned: ['ppa'],
      });
      expect(response.statusCode).toBe(200);
      const pinned = optimizeResponseSchema.parse(response.json());
      expect(pinned.plan).toContainEqual({ id: 'green-roof', startYear: 2027 });
      expect(pinned.plan.map((start) => start.id)).not.toContain('ppa');
      expect(pinned.plan.map((start) => start.id)).not.toContain('solar');
    });

    it('refuses pins no plan can keep with a 422 naming the pin, found before or by the solver', async () => {
      const grouped = await optimize({ ...REQUEST, pinned: [{ id: 'solar' }, { id: 'green-roof' }] });
      expect(grouped.statusCode).toBe(422);
      expect(grouped.json().fieldErrors).toEqual({
        'body/pinned/1': 'green-roof and solar are pinned, but only one of group roof may start',
      });
      // Two pins without a year, each within a year's budget but not both in the same year or any other: only
      // the solver finds that, on the worker thread.
      const budgets = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [2021 + index, 400_000]));
      const overBudget = await optimize({
        ...REQUEST,
        budget: budgets,
        measures: [
          ...REQUEST.measures,
          { id: 'early-a', abatement: 1, capex: 300_000, annualCost: 0, lifetime: 1, earliestYear: 2030 },
          { id: 'early-b', abatement: 1, capex: 300_000, annualCost: 0, lifetime: 1, earliestYear: 2030 },
        ],
        pinned: [{ id: 'early-a' }, { id: 'early-b' }],
      });
      expect(overBudget.statusCode).toBe(422);
      expect(overBudget.json().fieldErrors).toEqual({ 'body/pinned': PINS_OVER_BUDGET_MESSAGE });
      // The worker is still there for the next request.
      expect((await optimize(REQUEST)).statusCode).toBe(200);
    });

    it('stops a solve at its time limit with what HiGHS has, and the next request is solved', async () => {
      // The real HiGHS on the server's worker thread, nothing mocked: a time limit it reaches before any proof.
      const request = { ...hugeRequest(), solver: { timeLimitSeconds: 0.01 } };
      const response = await optimize(request);
      expect(response.statusCode).toBe(200);
      const stopped = optimizeResponseSchema.parse(response.json());
      // Both statuses say the time limit ended the solve (the page words them; optimizer-panel.tsx).
      expect(['feasible', 'unsolved']).toContain(stopped.status);
      expect(stopped.years.map((year) => year.year)).toEqual(
        Array.from({ length: 11 }, (_, index) => 2025 + index),
      );
      if (stopped.status === 'feasible') {
        // The best plan found so far, with how far from proved it may be.
        expect(stopped.gap).toBeGreaterThan(0);
        expect(stopped.plan.length).toBeGreaterThan(0);
        expectPlanKeepsEveryRule(request, stopped);
      } else {
        // No plan in time: the empty plan, nothing claimed, and each year's shortfall is the whole way to go.
        expect(stopped).toMatchObject({ plan: [], gap: 1, cost: 0 });
        for (const year of stopped.years) {
          expect(year.abated).toBe(0);
          expect(year.shortfall).toBeCloseTo(Math.max(0, year.baseline - year.trajectory), 3);
        }
      }
      // The worker is free again: a small solve right after is proved optimal.
      const next = await optimize(REQUEST);
      expect(next.statusCode).toBe(200);
      const solved = optimizeResponseSchema.parse(next.json());
      expect(solved.status).toBe('optimal');
      expectPlanKeepsEveryRule(REQUEST, solved);
    });

    it('is for the plans of /lighttouch only: a CORE realm is refused', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/pathways/optimize',
        headers: { ...withSession(coreToken), host: CORE_HOST },
        payload: REQUEST,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(planNotIncludedMessage('Pathway optimizer', ['paid']));
    });
  });
});

describe('a crash of the solver worker', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    // The worker of this app dies on every job (test-support/crashing-solver-worker.ts).
    testApp = await createTestApp({
      solver: { workerUrl: new URL('../../test-support/crashing-solver-worker.ts', import.meta.url) },
    });
    const { db } = testApp.database;
    const paid = await createTestRealm(db, { key: 'crash', plan: 'paid', domains: [PAID_HOST] });
    await createTestUser(db, paid, PAID_MEMBER);
    await createAuthzRepository(db).syncDefaultRoles();
    token = await signIn(testApp.app, PAID_MEMBER, PAID_HOST);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('is a 500 that says so, and the server keeps serving, each new job on a new worker', async () => {
    const headers = { ...withSession(token), host: PAID_HOST };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/pathways/optimize',
        headers,
        payload: REQUEST,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ statusCode: 500, message: SOLVER_FAILURE_MESSAGE });
    }
    const trajectory = await testApp.app.inject({
      method: 'GET',
      url: '/api/pathways/trajectory?baseYear=2020&targetYear=2022&base=10&rate=0.042',
      headers,
    });
    expect(trajectory.statusCode).toBe(200);
    const logged = testApp.loggedErrors.map((entry) => entry.err?.message);
    expect(logged).toHaveLength(2);
    for (const message of logged) expect(message).toContain('The solver stopped unexpectedly (exit code 70)');
  });
});

describe('a solver started with the app, as the server starts it', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    // The worker starts now and solves its warm-up request (decision 052) while the realm is being set up.
    testApp = await createTestApp({ solver: { isStartedAtOnce: true } });
    const { db } = testApp.database;
    const paid = await createTestRealm(db, { key: 'warm', plan: 'paid', domains: [PAID_HOST] });
    await createTestUser(db, paid, PAID_MEMBER);
    await createAuthzRepository(db).syncDefaultRoles();
    token = await signIn(testApp.app, PAID_MEMBER, PAID_HOST);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers the first request, after its warm-up, with an optimal plan that keeps every rule', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/pathways/optimize',
      headers: { ...withSession(token), host: PAID_HOST },
      payload: REQUEST,
    });
    expect(response.statusCode).toBe(200);
    const answer = optimizeResponseSchema.parse(response.json());
    expect(answer.status).toBe('optimal');
    expectPlanKeepsEveryRule(REQUEST, answer);
  }, 60_000);
});
