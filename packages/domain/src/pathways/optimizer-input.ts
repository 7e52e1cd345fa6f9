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
  /** Measures that must start (pinned); a pin's year, when given, is its only start year, and a ban leaves none. */
  readonly isPinned: readonly boolean[];
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
    isPinned: [],
  };
  const pinYearById = new Map((request.pinned ?? []).map((pin) => [pin.id, pin.startYear]));
  const banned = new Set(request.banned ?? []);
  return {
    ...prepared,
    startYears: request.measures.map((measure) => {
      if (banned.has(measure.id)) return [];
      const pinYear = pinYearById.get(measure.id);
      if (pinYear !== undefined) return [pinYear];
      return undominatedStartYears(measure, measureStartYears(measure, baseYear, targetYear), prepared);
    }),
    isPinned: request.measures.map((measure) => pinYearById.has(measure.id)),
  };
}

/**
 * Pins and bans that no plan can keep together, whatever the trajectory: two pinned measures of one exclusive
 * group, a pinned measure whose prerequisite (or one of theirs) is banned or cannot start in time, or pins in one
 * year whose capex is over that year's budget. The first such pin, by its index in `pinned`, or undefined.
 * Conflicts only the solver finds (pins without a year competing for budgets) are answered by the optimizer.
 */
export function findPinConflict(request: OptimizeRequest): { index: number; message: string } | undefined {
  const pins = request.pinned ?? [];
  const measureById = new Map(request.measures.map((measure) => [measure.id, measure]));
  const banned = new Set(request.banned ?? []);
  const pinYearById = new Map(pins.map((pin) => [pin.id, pin.startYear]));
  const earliestStart = (id: string) => {
    const measure = measureById.get(id)!;
    return (
      pinYearById.get(id) ?? Math.max(request.baseYear + 1, measure.earliestYear ?? request.baseYear + 1)
    );
  };
  const groupPinnedBy = new Map<string, string>();
  const capexByYear = new Map<number, number>();
  for (const [index, pin] of pins.entries()) {
    const measure = measureById.get(pin.id);
    if (!measure) continue;
    if (measure.group !== undefined) {
      const other = groupPinnedBy.get(measure.group);
      if (other !== undefined) {
        return {
          index,
          message: `${pin.id} and ${other} are pinned, but only one of group ${measure.group} may start`,
        };
      }
      groupPinnedBy.set(measure.group, pin.id);
    }
    const latest = pin.startYear ?? request.targetYear;
    const seen = new Set<string>();
    const pending = [...(measure.requires ?? [])];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (seen.has(id) || !measureById.has(id)) continue;
      seen.add(id);
      if (banned.has(id)) return { index, message: `${pin.id} needs ${id}, which is banned` };
      if (earliestStart(id) > latest) {
        return { index, message: `${pin.id} needs ${id}, which cannot start by ${latest}` };
      }
      pending.push(...(measureById.get(id)!.requires ?? []));
    }
    if (pin.startYear !== undefined) {
      const spent = (capexByYear.get(pin.startYear) ?? 0) + measure.capex;
      capexByYear.set(pin.startYear, spent);
      const budget = request.budget?.[String(pin.startYear)];
      if (budget !== undefined && spent > budget) {
        return { index, message: `The pins starting in ${pin.startYear} spend more than its budget` };
      }
    }
  }
  return undefined;
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
