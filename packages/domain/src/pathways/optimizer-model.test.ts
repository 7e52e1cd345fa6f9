import { optimizeRequestSchema, type OptimizeRequest } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from './evaluate-plan.ts';
import {
  activeYears,
  findPinConflict,
  findPrerequisiteCycle,
  prepareOptimizerInput,
  startCost,
  undominatedStartYears,
  valuesOverHorizon,
} from './optimizer-input.ts';
import { buildOptimizerModel, planFromSolution } from './optimizer-model.ts';

function request(overrides: Partial<OptimizeRequest> = {}): OptimizeRequest {
  return optimizeRequestSchema.parse({
    baseYear: 2024,
    targetYear: 2026,
    baseline: { 2024: 100 },
    trajectory: { rate: 0.1 },
    discountRate: 0.1,
    measures: [
      { id: 'a', abatement: 10, capex: 110, annualCost: -11, lifetime: 1 },
      { id: 'b', abatement: 25, capex: 0, annualCost: 5, lifetime: 5, earliestYear: 2026, requires: ['a'] },
    ],
    ...overrides,
  });
}

/** The model's rows, by name: `name: expression relation bound`, continuation lines joined. */
function rowsOf(lpText: string): Map<string, string> {
  const section = lpText.split('Subject To\n')[1]!.split('Bounds\n')[0]!;
  const joined = section.replace(/\n {3}/g, ' ');
  return new Map(
    joined
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, rest] = line.trim().split(': ') as [string, string];
        return [name, rest];
      }),
  );
}

describe('optimizer input', () => {
  it('a year missing from the baseline takes the year before it', () => {
    expect(valuesOverHorizon({ 2020: 5, 2022: 7 }, 2020, 2024)).toEqual([5, 5, 7, 7, 7]);
  });

  it('with {rate}, the trajectory is baseline(base) × (1 − rate × (t − base)), whatever later baselines are', () => {
    const input = prepareOptimizerInput(request({ baseline: { 2024: 100, 2025: 500 } }));
    expect(input.trajectory).toEqual([100, 90, 80]);
    expect(input.baseline).toEqual([100, 500, 500]);
  });

  it('a measure starts after the base year, from its earliest year, up to the target year', () => {
    expect(prepareOptimizerInput(request()).startYears).toEqual([[2025, 2026], [2026]]);
  });

  it('a measure abates for its lifetime from its start year, up to the target year', () => {
    expect(activeYears(3, 2025, 2030)).toEqual([2025, 2026, 2027]);
    expect(activeYears(5, 2029, 2030)).toEqual([2029, 2030]);
    expect(activeYears(0, 2025, 2030)).toEqual([]);
  });

  it('cost: capex/(1+d)^(s−base) + Σ annualCost/(1+d)^(t−base) over active years up to the target', () => {
    const input = prepareOptimizerInput(request());
    // a from 2025: 110/1.1 − 11/1.1 = 90; b from 2026, active 2026 only: 5/1.21.
    expect(startCost(input.measures[0]!, 2025, input)).toBeCloseTo(90, 12);
    expect(startCost(input.measures[1]!, 2026, input)).toBeCloseTo(5 / 1.21, 12);
  });

  it('leaves out a later start that an earlier, no dearer start lasting to the target year dominates', () => {
    const horizon = { baseYear: 2024, targetYear: 2028, discountRate: 0, budget: [] };
    const years = [2025, 2026, 2027, 2028];
    const saving = { id: 's', abatement: 5, capex: 10, annualCost: -5, lifetime: 10 };
    // Earlier is cheaper (the savings run longer) and lasts to 2028: only 2025 is worth a decision.
    expect(undominatedStartYears(saving, years, horizon)).toEqual([2025]);
    // Costs that fall with a later start keep every year. A two-year life reaches 2028 only from 2027 on, so only
    // 2028 (abating 2028 alone, at more cost) is dominated.
    expect(undominatedStartYears({ ...saving, annualCost: 5 }, years, horizon)).toEqual(years);
    expect(undominatedStartYears({ ...saving, lifetime: 2 }, years, horizon)).toEqual([2025, 2026, 2027]);
    // A budget in 2025 tells the starts apart; 2026 (no budget) still dominates the later ones.
    const budget = [undefined, 100, undefined, undefined, undefined];
    expect(undominatedStartYears(saving, years, { ...horizon, budget })).toEqual([2025, 2026]);
    // A prerequisite might not be started by the earlier year.
    expect(undominatedStartYears({ ...saving, requires: ['p'] }, years, horizon)).toEqual(years);
  });

  it('finds a prerequisite cycle and names its first measure', () => {
    expect(findPrerequisiteCycle([{ id: 'a' }, { id: 'b', requires: ['a'] }])).toBeUndefined();
    expect(
      findPrerequisiteCycle([
        { id: 'a' },
        { id: 'b', requires: ['c'] },
        { id: 'c', requires: ['d'] },
        { id: 'd', requires: ['b'] },
      ]),
    ).toEqual({ index: 1, cycle: ['b', 'c', 'd', 'b'] });
    expect(findPrerequisiteCycle([{ id: 'self', requires: ['self'] }])).toEqual({
      index: 0,
      cycle: ['self', 'self'],
    });
  });
});

describe('pins and bans', () => {
  const measures = [
    { id: 'a', abatement: 1, capex: 60, annualCost: 0, lifetime: 1, group: 'g' },
    { id: 'b', abatement: 1, capex: 60, annualCost: 0, lifetime: 1, group: 'g' },
    { id: 'c', abatement: 1, capex: 0, annualCost: 0, lifetime: 1, requires: ['d'] },
    { id: 'd', abatement: 1, capex: 0, annualCost: 0, lifetime: 1, earliestYear: 2026 },
  ];
  const conflictOf = (overrides: Partial<OptimizeRequest>) =>
    findPinConflict(request({ measures, ...overrides }));

  it('the request refuses unknown, doubled, contradictory and out-of-horizon pins, naming each', () => {
    const result = optimizeRequestSchema.safeParse({
      ...request({ measures }),
      pinned: [{ id: 'zz' }, { id: 'a' }, { id: 'a' }, { id: 'd', startYear: 2025 }],
      banned: ['a', 'yy'],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('/'));
    expect(paths).toEqual(['pinned/0/id', 'pinned/2/id', 'pinned/3/startYear', 'banned/0', 'banned/1']);
  });

  it('finds pins no plan can keep: one group twice, a banned or late prerequisite, a year over its budget', () => {
    expect(conflictOf({ pinned: [{ id: 'a' }] })).toBeUndefined();
    expect(conflictOf({ pinned: [{ id: 'a' }, { id: 'b' }] })).toEqual({
      index: 1,
      message: 'b and a are pinned, but only one of group g may start',
    });
    expect(conflictOf({ pinned: [{ id: 'c' }], banned: ['d'] })).toEqual({
      index: 0,
      message: 'c needs d, which is banned',
    });
    expect(conflictOf({ pinned: [{ id: 'c', startYear: 2025 }] })).toEqual({
      index: 0,
      message: 'c needs d, which cannot start by 2025',
    });
    expect(conflictOf({ pinned: [{ id: 'a', startYear: 2025 }], budget: { 2025: 50 } })).toEqual({
      index: 0,
      message: 'The pins starting in 2025 spend more than its budget',
    });
  });
});

describe('buildOptimizerModel', () => {
  it('declares one "started by" binary per measure and start year and one shortfall per year', () => {
    const model = buildOptimizerModel(prepareOptimizerInput(request()), {
      kind: 'least-cost',
      shortfallLimit: 0,
    });
    expect(model.decisions.map((decision) => decision.name)).toEqual(['z_0_2025', 'z_0_2026', 'z_1_2026']);
    expect(model.shortfallNames).toEqual(['u_2024', 'u_2025', 'u_2026']);
    expect(model.lpText).toMatch(/\nBinary\n z_0_2025 z_0_2026 z_1_2026\nEnd\n$/);
    expect(model.lpText).toContain('\nBounds\n u_2024 >= 0\n u_2025 >= 0\n u_2026 >= 0\n');
  });

  it('writes each rule of the model as its row', () => {
    const input = prepareOptimizerInput(
      request({
        budget: { 2025: 50 },
        measures: [
          { id: 'a', abatement: 10, capex: 110, annualCost: -11, lifetime: 1, group: 'g' },
          { id: 'b', abatement: 25, capex: 40, annualCost: 5, lifetime: 5, requires: ['a'] },
          { id: 'c', abatement: 0, capex: 1, annualCost: 0, lifetime: 5, group: 'g' },
        ],
      }),
    );
    const rows = rowsOf(buildOptimizerModel(input, { kind: 'least-cost', shortfallLimit: 0 }).lpText);
    expect(Object.fromEntries(rows)).toEqual({
      // Once started, started: each measure starts at most once.
      order_0_2026: '1 z_0_2025 - 1 z_0_2026 <= 0',
      order_1_2026: '1 z_1_2025 - 1 z_1_2026 <= 0',
      order_2_2026: '1 z_2_2025 - 1 z_2_2026 <= 0',
      // Started by the last year: started at all.
      group_0: '1 z_0_2026 + 1 z_2_2026 <= 1',
      requires_1_0_2025: '1 z_1_2025 - 1 z_0_2025 <= 0',
      requires_1_0_2026: '1 z_1_2026 - 1 z_0_2026 <= 0',
      // baseline − trajectory: 0, 10, 20 kg to abate; a (lifetime 1) abates in 2026 only if started in (2025, 2026].
      cover_2024: '1 u_2024 >= 0',
      cover_2025: '10 z_0_2025 + 25 z_1_2025 + 1 u_2025 >= 10',
      cover_2026: '10 z_0_2026 - 10 z_0_2025 + 25 z_1_2026 + 1 u_2026 >= 20',
      // A measure starting in 2025 is one started by 2025 (its first start year).
      budget_2025: '110 z_0_2025 + 40 z_1_2025 + 1 z_2_2025 <= 50',
      shortfall_total: '1 u_2024 + 1 u_2025 + 1 u_2026 <= 0',
    });
  });

  it('minimises the discounted cost, or the total shortfall', () => {
    const input = prepareOptimizerInput(request({ discountRate: 0 }));
    const cost = buildOptimizerModel(input, { kind: 'least-cost', shortfallLimit: 12.5 });
    // Σ cost(s_k) · y_k = Σ z_k · (cost(s_k) − cost(s_k+1)): a costs 99 in either year, b 5.
    expect(cost.lpText).toContain(' obj: 0 z_0_2025 + 99 z_0_2026 + 5 z_1_2026 + 0 u_2024\n');
    expect(rowsOf(cost.lpText).get('shortfall_total')).toBe('1 u_2024 + 1 u_2025 + 1 u_2026 <= 12.5');
    const shortfall = buildOptimizerModel(input, { kind: 'least-shortfall' });
    expect(shortfall.lpText).toContain(
      ' obj: 1 u_2024 + 1 u_2025 + 1 u_2026 + 0 z_0_2025 + 0 z_0_2026 + 0 z_1_2026\n',
    );
    expect(rowsOf(shortfall.lpText).has('shortfall_total')).toBe(false);
  });

  it('writes negative coefficients with a minus and wraps long expressions', () => {
    const measures = Array.from({ length: 12 }, (_, index) => ({
      id: `m${index}`,
      abatement: 1,
      capex: 0,
      annualCost: -2,
      lifetime: 1,
      earliestYear: 2026,
    }));
    const model = buildOptimizerModel(prepareOptimizerInput(request({ discountRate: 0, measures })), {
      kind: 'least-cost',
      shortfallLimit: 0,
    });
    const objective = model.lpText.split('\nSubject To')[0]!;
    expect(objective).toContain('obj: - 2 z_0_2026 - 2 z_1_2026');
    expect(objective.split('\n').length).toBeGreaterThan(2);
  });

  it('a pinned measure must start (in its pin year when given); a banned one has no decision', () => {
    const measures = [
      { id: 'a', abatement: 10, capex: 110, annualCost: -11, lifetime: 1 },
      { id: 'b', abatement: 25, capex: 0, annualCost: 5, lifetime: 5 },
      { id: 'c', abatement: 5, capex: 1, annualCost: 0, lifetime: 5 },
    ];
    const input = prepareOptimizerInput(
      request({ measures, pinned: [{ id: 'a' }, { id: 'b', startYear: 2026 }], banned: ['c'] }),
    );
    expect(input.startYears).toEqual([[2025, 2026], [2026], []]);
    expect(input.isPinned).toEqual([true, true, false]);
    const model = buildOptimizerModel(input, { kind: 'least-cost', shortfallLimit: 0 });
    expect(model.decisions.map((decision) => decision.name)).toEqual(['z_0_2025', 'z_0_2026', 'z_1_2026']);
    const rows = rowsOf(model.lpText);
    expect(rows.get('pin_0')).toBe('1 z_0_2026 >= 1');
    expect(rows.get('pin_1')).toBe('1 z_1_2026 >= 1');
    expect([...rows.keys()].some((name) => name.endsWith('_2') || name.includes('z_2_'))).toBe(false);
  });

  it('reads the plan back: each measure starts in the first year its "started by" binary is set', () => {
    const model = buildOptimizerModel(prepareOptimizerInput(request()), { kind: 'least-shortfall' });
    expect(planFromSolution(model, { z_0_2025: 0.9999999, z_0_2026: 1, z_1_2026: 1, u_2024: 3 })).toEqual([
      { measureIndex: 0, startYear: 2025 },
      { measureIndex: 1, startYear: 2026 },
    ]);
    expect(planFromSolution(model, { z_0_2025: 1e-9, z_0_2026: 1, z_1_2026: 0 })).toEqual([
      { measureIndex: 0, startYear: 2026 },
    ]);
  });
});

describe('evaluatePlan', () => {
  it('answers each year and the total shortfall of a plan, and its cost', () => {
    const input = prepareOptimizerInput(request({ discountRate: 0 }));
    const evaluation = evaluatePlan(input, [{ measureIndex: 0, startYear: 2025 }]);
    expect(evaluation.cost).toBe(99);
    expect(evaluation.years).toEqual([
      { year: 2024, baseline: 100, abated: 0, emissions: 100, trajectory: 100, shortfall: 0 },
      { year: 2025, baseline: 100, abated: 10, emissions: 90, trajectory: 90, shortfall: 0 },
      { year: 2026, baseline: 100, abated: 0, emissions: 100, trajectory: 80, shortfall: 20 },
    ]);
    expect(evaluation.totalShortfall).toBe(20);
  });
});
