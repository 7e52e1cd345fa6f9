import type { PlannedStart } from './evaluate-plan.ts';
import { measureStartYears, type OptimizerInput } from './optimizer-input.ts';

/** The first start of a plan that breaks one of the optimizer's rules: its index, the field and why. */
export interface PlanRuleBreak {
  readonly index: number;
  readonly field: 'id' | 'startYear';
  readonly message: string;
}

/**
 * Checks a plan against the rules of the optimizer's model (docs/optimizer.md): a measure starts at most once,
 * after the base year, by the target year and not before its earliest year; at most one measure of an exclusive
 * group; a prerequisite in the plan and started no later; the capex started in a year within its budget. The
 * first start that breaks one, in the plan's order, or undefined. Messages call measures by `nameOf` their id.
 */
export function findPlanRuleBreak(
  input: OptimizerInput,
  plan: readonly PlannedStart[],
  nameOf: (id: string) => string = (id) => id,
): PlanRuleBreak | undefined {
  // A measure starting twice is refused below, so its first start is the one prerequisites are checked against.
  const startById = new Map(
    [...plan].reverse().map(({ measureIndex, startYear }) => [input.measures[measureIndex]!.id, startYear]),
  );
  const seen = new Set<string>();
  const groupTakenBy = new Map<string, string>();
  const capexByYear = new Map<number, number>();
  for (const [index, { measureIndex, startYear }] of plan.entries()) {
    const measure = input.measures[measureIndex]!;
    if (seen.has(measure.id))
      return { index, field: 'id', message: `${nameOf(measure.id)} starts more than once` };
    seen.add(measure.id);
    const startYears = measureStartYears(measure, input.baseYear, input.targetYear);
    if (!startYears.includes(startYear)) {
      return {
        index,
        field: 'startYear',
        message:
          startYears.length === 0
            ? `${nameOf(measure.id)} cannot start by the target year ${input.targetYear}`
            : `${nameOf(measure.id)} can start from ${startYears[0]} to ${input.targetYear}`,
      };
    }
    if (measure.group !== undefined) {
      const other = groupTakenBy.get(measure.group);
      if (other !== undefined) {
        return {
          index,
          field: 'id',
          message: `${nameOf(measure.id)} and ${nameOf(other)} start, but only one of group ${measure.group} may`,
        };
      }
      groupTakenBy.set(measure.group, measure.id);
    }
    for (const required of measure.requires ?? []) {
      const requiredStart = startById.get(required);
      if (requiredStart === undefined) {
        return {
          index,
          field: 'id',
          message: `${nameOf(measure.id)} needs ${nameOf(required)}, which the plan does not start`,
        };
      }
      if (requiredStart > startYear) {
        return {
          index,
          field: 'startYear',
          message: `${nameOf(measure.id)} needs ${nameOf(required)}, which starts later (${requiredStart})`,
        };
      }
    }
    const spent = (capexByYear.get(startYear) ?? 0) + measure.capex;
    capexByYear.set(startYear, spent);
    const budget = input.budget[startYear - input.baseYear];
    if (budget !== undefined && spent > budget) {
      return {
        index,
        field: 'startYear',
        message: `The measures starting in ${startYear} spend more than its budget ${budget}`,
      };
    }
  }
  return undefined;
}
