import { optimizeRequestSchema, type OptimizeRequest, type OptimizerMeasure } from '@ecc/contracts';
import {
  evaluatePlan,
  measureStartYears,
  prepareOptimizerInput,
  type OptimizerInput,
  type PlannedStart,
} from '@ecc/domain';
import loadHighs, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '#platform/errors.ts';
import { solveWithHighs, type SolverOutcome } from '#platform/highs-solve.ts';
import { optimizePathway, type SolveModel } from './optimizer.service.ts';

/*
 * The optimizer against exhaustive search: on 250 random small instances (some with pinned and banned measures) (a seeded generator, so a failure names
 * its seed and replays), every start-year assignment of every measure is tried, the rules of the model checked
 * directly (groups, prerequisites, budgets), and the least total shortfall, then the least cost, kept. HiGHS runs
 * on this thread here; the worker that runs it in the server is tested in pathways.int.test.ts.
 */

const INSTANCE_COUNT = 250;
const RELATIVE_TOLERANCE = 1e-6;

/** mulberry32: a small seeded generator, so an instance is named by its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInstance(seed: number): OptimizeRequest {
  const random = seededRandom(seed);
  const integer = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const baseYear = 2024;
  const targetYear = baseYear + integer(1, 4);
  const measureCount = integer(1, targetYear - baseYear >= 3 ? 3 : 4);
  const measures: OptimizerMeasure[] = Array.from({ length: measureCount }, (_, index) => ({
    id: `m${index}`,
    abatement: integer(0, 40),
    capex: integer(0, 100),
    annualCost: integer(-15, 25),
    lifetime: integer(0, 5),
    ...(random() < 0.3 ? { earliestYear: baseYear + integer(1, targetYear - baseYear) } : {}),
    ...(random() < 0.3 ? { group: random() < 0.5 ? 'a' : 'b' } : {}),
    // Only earlier measures, so prerequisites never form a cycle.
    ...(index > 0 && random() < 0.3 ? { requires: [`m${integer(0, index - 1)}`] } : {}),
  }));
  const baseline: Record<string, number> = { [baseYear]: integer(80, 120) };
  for (let year = baseYear + 1; year <= targetYear; year += 1) {
    // Years left out take the year before.
    if (random() < 0.6) baseline[year] = integer(70, 130);
  }
  const budget: Record<string, number> = {};
  for (let year = baseYear + 1; year <= targetYear; year += 1) {
    if (random() < 0.25) budget[year] = integer(0, 120);
  }
  // Pins and bans from a generator of their own, so the instances without them stay those of earlier runs.
  const pinRandom = seededRandom(seed + 1_000_000);
  const pinned: { id: string; startYear?: number }[] = [];
  const banned: string[] = [];
  for (const measure of measures) {
    const startYears = measureStartYears(measure, baseYear, targetYear);
    const draw = pinRandom();
    if (draw < 0.15) banned.push(measure.id);
    else if (draw < 0.3 && startYears.length > 0) {
      const startYear = startYears[Math.floor(pinRandom() * startYears.length)]!;
      pinned.push(pinRandom() < 0.5 ? { id: measure.id, startYear } : { id: measure.id });
    }
  }
  return optimizeRequestSchema.parse({
    ...(pinned.length > 0 ? { pinned } : {}),
    ...(banned.length > 0 ? { banned } : {}),
    baseYear,
    targetYear,
    baseline,
    trajectory:
      random() < 0.7
        ? { rate: integer(0, 20) / 100 }
        : Object.fromEntries(
            Array.from({ length: targetYear - baseYear + 1 }, (_, index) => [
              baseYear + index,
              integer(40, 110),
            ]),
          ),
    discountRate: integer(0, 10) / 100,
    ...(Object.keys(budget).length > 0 ? { budget } : {}),
    measures,
  });
}

/** Every plan that keeps the model's rules, each measure not started or started in one of its years. */
function* allPlans(input: OptimizerInput, request: OptimizeRequest): Generator<PlannedStart[]> {
  // Every start year the rules allow, not the model's reduced set: the search must not share the model's shortcuts.
  const choices = input.measures.map((measure) => [
    undefined,
    ...measureStartYears(measure, input.baseYear, input.targetYear),
  ]);
  const indices = choices.map(() => 0);
  for (;;) {
    const plan = indices.flatMap((choice, measureIndex) => {
      const startYear = choices[measureIndex]![choice];
      return startYear === undefined ? [] : [{ measureIndex, startYear }];
    });
    if (keepsRules(input, plan) && keepsPins(request, input, plan)) yield plan;
    let position = 0;
    while (position < indices.length && indices[position] === choices[position]!.length - 1) {
      indices[position] = 0;
      position += 1;
    }
    if (position === indices.length) return;
    indices[position]! += 1;
  }
}

function keepsRules(input: OptimizerInput, plan: readonly PlannedStart[]): boolean {
  const startOf = new Map(plan.map((start) => [input.measures[start.measureIndex]!.id, start.startYear]));
  const groupsUsed = new Set<string>();
  for (const { measureIndex, startYear } of plan) {
    const measure = input.measures[measureIndex]!;
    if (measure.group !== undefined) {
      if (groupsUsed.has(measure.group)) return false;
      groupsUsed.add(measure.group);
    }
    for (const id of measure.requires ?? []) {
      const prerequisiteStart = startOf.get(id);
      if (prerequisiteStart === undefined || prerequisiteStart > startYear) return false;
    }
  }
  return input.years.every((year, index) => {
    const budget = input.budget[index];
    if (budget === undefined) return true;
    const spent = plan
      .filter((start) => start.startYear === year)
      .reduce((sum, start) => sum + input.measures[start.measureIndex]!.capex, 0);
    return spent <= budget;
  });
}

/** Banned measures are not in the plan; pinned ones are, in their pin's year when it names one. */
function keepsPins(request: OptimizeRequest, input: OptimizerInput, plan: readonly PlannedStart[]): boolean {
  const startOf = new Map(plan.map((start) => [input.measures[start.measureIndex]!.id, start.startYear]));
  return (
    (request.banned ?? []).every((id) => !startOf.has(id)) &&
    (request.pinned ?? []).every(
      (pin) => startOf.has(pin.id) && (pin.startYear === undefined || startOf.get(pin.id) === pin.startYear),
    )
  );
}

function isClose(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(expected));
}

/** The least shortfall, then cost, of the plans that keep every rule; infinite when no plan keeps them. */
function exhaustiveBest(
  input: OptimizerInput,
  request: OptimizeRequest,
): { shortfall: number; cost: number } {
  let best = { shortfall: Number.POSITIVE_INFINITY, cost: Number.POSITIVE_INFINITY };
  for (const plan of allPlans(input, request)) {
    const { totalShortfall, cost } = evaluatePlan(input, plan);
    const isLessShortfall = totalShortfall < best.shortfall && !isClose(totalShortfall, best.shortfall);
    if (isLessShortfall || (isClose(totalShortfall, best.shortfall) && cost < best.cost)) {
      best = { shortfall: isLessShortfall ? totalShortfall : Math.min(best.shortfall, totalShortfall), cost };
    }
  }
  return best;
}

describe('the optimizer against exhaustive search', () => {
  let highs: Highs;
  let solve: SolveModel;

  beforeAll(async () => {
    highs = await loadHighs();
    solve = async (job) => solveWithHighs(highs, job);
  });

  it(`finds the least shortfall, then the least cost, on ${INSTANCE_COUNT} random instances`, async () => {
    const mismatches: string[] = [];
    let infeasibleCount = 0;
    let conflictCount = 0;
    for (let seed = 1; seed <= INSTANCE_COUNT; seed += 1) {
      const request = randomInstance(seed);
      const input = prepareOptimizerInput(request);
      const expected = exhaustiveBest(input, request);
      if (expected.shortfall === Number.POSITIVE_INFINITY) {
        // Pins and bans no plan keeps: refused, naming the pins, never answered with a plan that breaks them.
        conflictCount += 1;
        const refusal = await optimizePathway(request, solve).catch((error: unknown) => error);
        const isRefusedOnPins =
          refusal instanceof HttpError &&
          refusal.statusCode === 422 &&
          Object.keys(refusal.fieldErrors ?? {}).every((path) => path.startsWith('body/pinned'));
        if (!isRefusedOnPins) mismatches.push(`seed ${seed}: pins no plan keeps were not refused`);
        continue;
      }
      const result = await optimizePathway(request, solve);
      const startOf = new Map(result.plan.map((start) => [start.id, start.startYear]));
      if (
        !keepsPins(
          request,
          input,
          result.plan.map(({ id, startYear }) => ({
            measureIndex: request.measures.findIndex((measure) => measure.id === id),
            startYear,
          })),
        )
      ) {
        mismatches.push(`seed ${seed}: the plan breaks a pin or ban (${[...startOf].join(' ')})`);
      }
      const shortfall = result.years.reduce((sum, year) => sum + year.shortfall, 0);
      const isFeasible = expected.shortfall === 0;
      if (!isFeasible) infeasibleCount += 1;
      const problems = [
        result.status !== (isFeasible ? 'optimal' : 'infeasible') ? `status ${result.status}` : '',
        isClose(shortfall, expected.shortfall) ? '' : `shortfall ${shortfall} ≠ ${expected.shortfall}`,
        isClose(result.cost, expected.cost) ? '' : `cost ${result.cost} ≠ ${expected.cost}`,
      ].filter(Boolean);
      if (problems.length > 0) mismatches.push(`seed ${seed}: ${problems.join(', ')}`);
    }
    expect(mismatches).toEqual([]);
    // Both kinds of instance were tried in numbers.
    expect(infeasibleCount).toBeGreaterThan(20);
    expect(INSTANCE_COUNT - infeasibleCount - conflictCount).toBeGreaterThan(20);
    // Pins and bans were tried, some of them impossible together.
    const pinnedCount = Array.from({ length: INSTANCE_COUNT }, (_, index) =>
      randomInstance(index + 1),
    ).filter((instance) => (instance.pinned ?? []).length > 0 && (instance.banned ?? []).length > 0).length;
    expect(pinnedCount).toBeGreaterThan(10);
    expect(conflictCount).toBeGreaterThan(2);
  }, 120_000);

  it('answers each year: baseline, abated, emissions, trajectory and shortfall, with the plan by start year', async () => {
    const result = await optimizePathway(
      optimizeRequestSchema.parse({
        baseYear: 2024,
        targetYear: 2027,
        baseline: { 2024: 100, 2026: 110 },
        trajectory: { rate: 0.1 },
        discountRate: 0,
        measures: [
          { id: 'cheap', abatement: 10, capex: 5, annualCost: 0, lifetime: 10 },
          { id: 'dear', abatement: 30, capex: 50, annualCost: 0, lifetime: 10, earliestYear: 2026 },
        ],
      }),
      solve,
    );
    // Trajectory 100, 90, 80, 70; baseline 100, 100, 110, 110: 'cheap' from 2025 and 'dear' from 2026 meet it.
    expect(result.status).toBe('optimal');
    expect(result.plan).toEqual([
      { id: 'cheap', startYear: 2025 },
      { id: 'dear', startYear: 2026 },
    ]);
    expect(result.cost).toBeCloseTo(55, 9);
    expect(result.gap).toBe(0);
    expect(
      result.years.map(({ year, baseline, abated, emissions, shortfall }) => [
        year,
        baseline,
        abated,
        emissions,
        shortfall,
      ]),
    ).toEqual([
      [2024, 100, 0, 100, 0],
      [2025, 100, 10, 90, 0],
      [2026, 110, 40, 70, 0],
      [2027, 110, 40, 70, 0],
    ]);
    expect(result.years.map((year) => year.trajectory)).toEqual([100, 90, 80, expect.closeTo(70, 9)]);
  });

  it('when no plan meets the trajectory, answers the least total shortfall and says by how much each year misses', async () => {
    const result = await optimizePathway(
      optimizeRequestSchema.parse({
        baseYear: 2024,
        targetYear: 2026,
        baseline: { 2024: 100 },
        trajectory: { 2024: 100, 2025: 10 },
        discountRate: 0,
        measures: [
          { id: 'small', abatement: 20, capex: 1, annualCost: 0, lifetime: 5 },
          { id: 'big', abatement: 30, capex: 100, annualCost: 0, lifetime: 5 },
          { id: 'big-too', abatement: 30, capex: 10, annualCost: 0, lifetime: 5, group: 'site' },
          { id: 'rival', abatement: 30, capex: 1, annualCost: 0, lifetime: 5, group: 'site' },
        ],
      }),
      solve,
    );
    // 90 kg must go from 2025 (the trajectory's 2026 takes 2025's 10), but the group allows 20 + 30 + 30 = 80 at
    // most: 10 kg short in each of the two years, at the least cost of that shortfall (the cheaper of the group).
    expect(result.status).toBe('infeasible');
    expect(result.years.map((year) => year.shortfall)).toEqual([0, 10, 10]);
    expect(result.plan).toEqual([
      { id: 'small', startYear: 2025 },
      { id: 'big', startYear: 2025 },
      { id: 'rival', startYear: 2025 },
    ]);
    expect(result.cost).toBeCloseTo(102, 9);
  });

  it('refuses a prerequisite cycle with a 422 naming the measure', async () => {
    const request = optimizeRequestSchema.parse({
      baseYear: 2024,
      targetYear: 2026,
      baseline: { 2024: 100 },
      trajectory: { rate: 0.042 },
      discountRate: 0,
      measures: [
        { id: 'a', abatement: 1, capex: 1, annualCost: 0, lifetime: 1 },
        { id: 'b', abatement: 1, capex: 1, annualCost: 0, lifetime: 1, requires: ['c'] },
        { id: 'c', abatement: 1, capex: 1, annualCost: 0, lifetime: 1, requires: ['b'] },
      ],
    });
    const refusal = await optimizePathway(request, solve).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(422);
    expect((refusal as HttpError).fieldErrors).toEqual({
      'body/measures/1/requires': 'These prerequisites form a cycle: b → c → b',
    });
  });

  it('a solve stopped by its time limit answers its best plan as feasible, with the gap', async () => {
    const limited: SolveModel = async (job) => {
      const outcome = solveWithHighs(highs, job);
      // HiGHS's own time limit is not reproducible in a test; its answer is, with the status it gives then.
      return { ...outcome, status: 'limit', gap: 0.04 } satisfies SolverOutcome;
    };
    const result = await optimizePathway(
      optimizeRequestSchema.parse({
        baseYear: 2024,
        targetYear: 2025,
        baseline: { 2024: 100 },
        trajectory: { rate: 0.1 },
        discountRate: 0,
        measures: [{ id: 'only', abatement: 10, capex: 5, annualCost: 0, lifetime: 1 }],
      }),
      limited,
    );
    expect(result).toMatchObject({ status: 'feasible', gap: 0.04, plan: [{ id: 'only', startYear: 2025 }] });
  });

  it('a time limit that passes before any plan is found answers unsolved, not infeasible', async () => {
    // HiGHS stopped by its time limit before its first incumbent: the status and the lack of a solution.
    const nothingInTime: SolveModel = async () =>
      ({
        status: 'limit',
        detail: 'Time limit reached',
        hasSolution: false,
        objective: Infinity,
        values: {},
        gap: 1,
        solveMs: 10,
      }) satisfies SolverOutcome;
    const result = await optimizePathway(
      optimizeRequestSchema.parse({
        baseYear: 2024,
        targetYear: 2025,
        baseline: { 2024: 100 },
        trajectory: { rate: 0.1 },
        discountRate: 0,
        measures: [{ id: 'only', abatement: 10, capex: 5, annualCost: 0, lifetime: 1 }],
      }),
      nothingInTime,
    );
    expect(result).toMatchObject({ status: 'unsolved', gap: 1, plan: [] });
  });
});
