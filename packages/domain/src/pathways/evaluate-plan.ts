import type { OptimizerYear } from '@ecc/contracts';
import { activeYears, startCost, type OptimizerInput } from './optimizer-input.ts';

/** One decision of a plan: measure (by its index in the request) started in a year. */
export interface PlannedStart {
  readonly measureIndex: number;
  readonly startYear: number;
}

export interface PlanEvaluation {
  /** The discounted cost of the plan (the optimizer's objective). */
  readonly cost: number;
  readonly years: OptimizerYear[];
  readonly totalShortfall: number;
}

/** Shortfalls below this share of the year's baseline are rounding, not a miss. */
const SHORTFALL_TOLERANCE = 1e-6;

/** What a plan costs and emits each year, and by how much it misses the trajectory. */
export function evaluatePlan(input: OptimizerInput, plan: readonly PlannedStart[]): PlanEvaluation {
  const abated = input.years.map(() => 0);
  let cost = 0;
  for (const { measureIndex, startYear } of plan) {
    const measure = input.measures[measureIndex]!;
    cost += startCost(measure, startYear, input);
    for (const year of activeYears(measure.lifetime, startYear, input.targetYear)) {
      abated[year - input.baseYear]! += measure.abatement;
    }
  }
  let totalShortfall = 0;
  const years = input.years.map((year, index) => {
    const baseline = input.baseline[index]!;
    const emissions = baseline - abated[index]!;
    const trajectory = input.trajectory[index]!;
    const excess = emissions - trajectory;
    const shortfall = excess > SHORTFALL_TOLERANCE * Math.max(1, baseline) ? excess : 0;
    totalShortfall += shortfall;
    return { year, baseline, abated: abated[index]!, emissions, trajectory, shortfall };
  });
  return { cost, years, totalShortfall };
}

/**
 * The capex a plan spends each year it starts measures, in the years' order: what each year's budget is checked
 * against. `capex` is each start's measure's capex, spent in its start year.
 */
export function capexSpentByYear(
  starts: readonly { readonly startYear: number; readonly capex: number }[],
): { year: number; capex: number }[] {
  const totals = new Map<number, number>();
  for (const start of starts) totals.set(start.startYear, (totals.get(start.startYear) ?? 0) + start.capex);
  return [...totals].sort(([left], [right]) => left - right).map(([year, capex]) => ({ year, capex }));
}
