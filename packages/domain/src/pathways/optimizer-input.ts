import type { OptimizeRequest, OptimizerMeasure } from '@ecc/contracts';
import { contractionAt } from './trajectory.ts';

/**
 * The optimizer's request turned into arrays over the horizon (every year from the base year to the target year,
 * index 0 the base year): what the model builder, the plan evaluation and the exhaustive tests all read.
 */
export interface OptimizerInput {
  readonly baseYear: number;
  readonly targetYear: number;
  readonly years: readonly number[];
  /** kg CO2e a year without measures. */
  readonly baseline: readonly number[];
  /** kg CO2e a year that emissions must stay on or under. */
  readonly trajectory: readonly number[];
  /** The most capex measures starting in the year may spend; undefined: no limit. */
  readonly budget: readonly (number | undefined)[];
  readonly discountRate: number;
  readonly measures: readonly OptimizerMeasure[];
  /**
   * The years each measure may start in (after the base year, from its earliest year, up to the target year),
   * less the starts an earlier one dominates (`undominatedStartYears`).
   */
  readonly startYears: readonly (readonly number[])[];
}

/** Values by year over the horizon; a year left out takes the value of the year before it. */
export function valuesOverHorizon(
  values: Readonly<Record<string, number>>,
  baseYear: number,
  targetYear: number,
): number[] {
  const result: number[] = [];
  let current = values[String(baseYear)];
  if (current === undefined) throw new RangeError(`No value for the base year ${baseYear}`);
  for (let year = baseYear; year <= targetYear; year += 1) {
    current = values[String(year)] ?? current;
    result.push(current);
  }
  return result;
}

/** Years `s` with base < s ≤ target and s ≥ the measure's earliest year. */
export function measureStartYears(measure: OptimizerMeasure, baseYear: number, targetYear: number): number[] {
  const first = Math.max(baseYear + 1, measure.earliestYear ?? baseYear + 1);
  const years: number[] = [];
  for (let year = first; year <= targetYear; year += 1) years.push(year);
  return years;
}

export function prepareOptimizerInput(request: OptimizeRequest): OptimizerInput {
  const { baseYear, targetYear } = request;
  const years = Array.from({ length: targetYear - baseYear + 1 }, (_, index) => baseYear + index);
  const baseline = valuesOverHorizon(request.baseline, baseYear, targetYear);
  const trajectory =
    'rate' in request.trajectory
      ? years.map((year) => contractionAt(baseline[0]!, request.trajectory.rate as number, year - baseYear))
      : valuesOverHorizon(request.trajectory, baseYear, targetYear);
  const prepared: OptimizerInput = {
    baseYear,
    targetYear,
    years,
    baseline,
    trajectory,
    budget: years.map((year) => request.budget?.[String(year)]),
    discountRate: request.discountRate,
    measures: request.measures,
    startYears: [],
  };
  return {
    ...prepared,
    startYears: request.measures.map((measure) =>
      undominatedStartYears(measure, measureStartYears(measure, baseYear, targetYear), prepared),
    ),
  };
}

/**
 * The start years worth a decision: a later start is left out when an earlier one abates every year it would
 * (the measure lasts to the target year from the earlier start), costs no more, and spends no year's budget (no
 * capex, or no budget that year), and the measure has no prerequisite (an earlier start would need it earlier).
 * Some optimal plan then never uses the later start, and the solver has fewer near-equal portfolios to separate.
 */
export function undominatedStartYears(
  measure: OptimizerMeasure,
  startYears: readonly number[],
  input: Pick<OptimizerInput, 'baseYear' | 'targetYear' | 'discountRate' | 'budget'>,
): number[] {
  if ((measure.requires ?? []).length > 0) return [...startYears];
  const lastActiveYear = (startYear: number) => Math.min(input.targetYear, startYear + measure.lifetime - 1);
  const isDominating = (earlier: number, later: number) =>
    (measure.lifetime === 0 || lastActiveYear(earlier) >= lastActiveYear(later)) &&
    (measure.capex === 0 || input.budget[earlier - input.baseYear] === undefined) &&
    startCost(measure, earlier, input) <= startCost(measure, later, input);
  return startYears.filter((later) =>
    startYears.every((earlier) => earlier >= later || !isDominating(earlier, later)),
  );
}

/** The years a measure started in `startYear` abates: `lifetime` years from it, those up to the target year. */
export function activeYears(lifetime: number, startYear: number, targetYear: number): number[] {
  const years: number[] = [];
  for (let year = startYear; year < startYear + lifetime && year <= targetYear; year += 1) years.push(year);
  return years;
}

/**
 * The discounted cost of starting a measure in `startYear`:
 * `capex/(1+d)^(s−base) + Σ over its active years t ≤ target of annualCost/(1+d)^(t−base)`.
 */
export function startCost(
  measure: Pick<OptimizerMeasure, 'capex' | 'annualCost' | 'lifetime'>,
  startYear: number,
  input: Pick<OptimizerInput, 'baseYear' | 'targetYear' | 'discountRate'>,
): number {
  const discount = (year: number) => (1 + input.discountRate) ** (year - input.baseYear);
  let cost = measure.capex / discount(startYear);
  for (const year of activeYears(measure.lifetime, startYear, input.targetYear)) {
    cost += measure.annualCost / discount(year);
  }
  return cost;
}

/**
 * A measure whose prerequisites lead back to it (itself included), with the cycle's ids in order, or undefined.
 * Unknown prerequisites are ignored here: the request schema refuses them.
 */
export function findPrerequisiteCycle(
  measures: readonly Pick<OptimizerMeasure, 'id' | 'requires'>[],
): { index: number; cycle: string[] } | undefined {
  const indexById = new Map(measures.map((measure, index) => [measure.id, index]));
  const state = new Map<number, 'visiting' | 'done'>();
  const path: number[] = [];
  const visit = (index: number): number[] | undefined => {
    if (state.get(index) === 'done') return undefined;
    if (state.get(index) === 'visiting') return path.slice(path.indexOf(index));
    state.set(index, 'visiting');
    path.push(index);
    for (const id of measures[index]!.requires ?? []) {
      const next = indexById.get(id);
      const cycle = next === undefined ? undefined : visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(index, 'done');
    return undefined;
  };
  for (let index = 0; index < measures.length; index += 1) {
    const cycle = visit(index);
    if (cycle) {
      const first = Math.min(...cycle);
      const ids = cycle.map((each) => measures[each]!.id);
      return { index: first, cycle: [...ids, ids[0]!] };
    }
  }
  return undefined;
}
