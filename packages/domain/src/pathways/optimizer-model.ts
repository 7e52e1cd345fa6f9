import { activeYears, startCost, type OptimizerInput } from './optimizer-input.ts';
import type { PlannedStart } from './evaluate-plan.ts';

/*
 * The pathway optimizer's mixed-integer program as CPLEX LP text for HiGHS (docs/optimizer.md). Variables:
 * binary `y_<m>_<s>` (measure m, by its index in the request, starts in year s) and continuous `u_<t>` ≥ 0 (kg
 * CO2e by which year t's emissions exceed the trajectory). The plan is lexicographic, in two solves: the least
 * total shortfall, then the least cost among plans with that shortfall, so no weight mixes kg and money.
 */

/**
 * `least-shortfall`: minimise Σ u_t. `least-cost`: minimise the discounted cost with Σ u_t ≤ `shortfallLimit`
 * (0: the plan must meet the trajectory every year).
 */
export type OptimizerObjective = { kind: 'least-shortfall' } | { kind: 'least-cost'; shortfallLimit: number };

export interface OptimizerDecision extends PlannedStart {
  /** The binary variable's name in the model. */
  readonly name: string;
}

export interface OptimizerModel {
  readonly lpText: string;
  readonly decisions: readonly OptimizerDecision[];
  /** The shortfall variables by year, index 0 the base year. */
  readonly shortfallNames: readonly string[];
}

/** A term of a linear expression: coefficient × variable. */
type Term = readonly [coefficient: number, name: string];

const TERMS_PER_LINE = 8;

/** `3 y_0_2021 - 2.5 y_1_2022 + u_2020`, wrapped so no line grows without end. */
function expression(terms: readonly Term[]): string {
  return terms
    .map(([coefficient, name], index) => {
      const sign = coefficient < 0 ? '-' : index === 0 ? '' : '+';
      const text = `${sign}${sign ? ' ' : ''}${numberText(Math.abs(coefficient))} ${name}`;
      return index > 0 && index % TERMS_PER_LINE === 0 ? `\n   ${text}` : text;
    })
    .join(' ');
}

/** A number as the LP reader takes it: plain digits, or an exponent for the very large and small. */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`The model cannot hold ${value}`);
  return String(value);
}

export function decisionName(measureIndex: number, startYear: number): string {
  return `y_${measureIndex}_${startYear}`;
}

export function shortfallName(year: number): string {
  return `u_${year}`;
}

/** Builds the model of `input` for one of the two objectives. */
export function buildOptimizerModel(input: OptimizerInput, objective: OptimizerObjective): OptimizerModel {
  const decisions: OptimizerDecision[] = input.startYears.flatMap((years, measureIndex) =>
    years.map((startYear) => ({ name: decisionName(measureIndex, startYear), measureIndex, startYear })),
  );
  const decisionsByMeasure = input.measures.map(() => [] as OptimizerDecision[]);
  for (const decision of decisions) decisionsByMeasure[decision.measureIndex]!.push(decision);
  const shortfallNames = input.years.map(shortfallName);
  const rows: string[] = [];
  const row = (name: string, terms: readonly Term[], relation: '<=' | '>=', bound: number) => {
    if (terms.length > 0) rows.push(` ${name}: ${expression(terms)} ${relation} ${numberText(bound)}`);
  };

  // Each measure starts at most once.
  decisionsByMeasure.forEach((own, measureIndex) => {
    if (own.length > 1)
      row(
        `once_${measureIndex}`,
        own.map((decision) => [1, decision.name]),
        '<=',
        1,
      );
  });

  // A pinned measure starts (in its only start year when the pin names one).
  decisionsByMeasure.forEach((own, measureIndex) => {
    if (input.isPinned[measureIndex]) {
      row(
        `pin_${measureIndex}`,
        own.map((decision) => [1, decision.name]),
        '>=',
        1,
      );
    }
  });

  // At most one measure of an exclusive group.
  const groups = new Map<string, number[]>();
  input.measures.forEach((measure, index) => {
    if (measure.group !== undefined) groups.set(measure.group, [...(groups.get(measure.group) ?? []), index]);
  });
  [...groups.values()].forEach((members, groupIndex) => {
    if (members.length > 1)
      row(
        `group_${groupIndex}`,
        members.flatMap((index) => decisionsByMeasure[index]!.map((decision): Term => [1, decision.name])),
        '<=',
        1,
      );
  });

  // A prerequisite starts no later: y[m,s] ≤ Σ over s' ≤ s of y[p,s'].
  const indexById = new Map(input.measures.map((measure, index) => [measure.id, index]));
  input.measures.forEach((measure, measureIndex) => {
    for (const id of new Set(measure.requires ?? [])) {
      const prerequisite = indexById.get(id);
      if (prerequisite === undefined) throw new RangeError(`Measure ${measure.id} requires unknown ${id}`);
      for (const decision of decisionsByMeasure[measureIndex]!) {
        const earlier = decisionsByMeasure[prerequisite]!.filter(
          (each) => each.startYear <= decision.startYear,
        );
        row(
          `requires_${measureIndex}_${prerequisite}_${decision.startYear}`,
          [[1, decision.name], ...earlier.map((each): Term => [-1, each.name])],
          '<=',
          0,
        );
      }
    }
  });

  // Every year: baseline(t) − abated(t) − u_t ≤ trajectory(t), written as abated(t) + u_t ≥ baseline − trajectory.
  const abatingByYear = input.years.map(() => [] as Term[]);
  for (const decision of decisions) {
    const measure = input.measures[decision.measureIndex]!;
    if (measure.abatement === 0) continue;
    for (const year of activeYears(measure.lifetime, decision.startYear, input.targetYear)) {
      abatingByYear[year - input.baseYear]!.push([measure.abatement, decision.name]);
    }
  }
  input.years.forEach((year, index) => {
    row(
      `cover_${year}`,
      [...abatingByYear[index]!, [1, shortfallNames[index]!]],
      '>=',
      input.baseline[index]! - input.trajectory[index]!,
    );
  });

  // Every year with a budget: Σ capex of the measures starting then ≤ budget(t).
  input.years.forEach((year, index) => {
    const budget = input.budget[index];
    if (budget === undefined) return;
    const starting = decisions.filter(
      (decision) => decision.startYear === year && input.measures[decision.measureIndex]!.capex > 0,
    );
    row(
      `budget_${year}`,
      starting.map((decision) => [input.measures[decision.measureIndex]!.capex, decision.name]),
      '<=',
      budget,
    );
  });

  const objectiveTerms: Term[] =
    objective.kind === 'least-shortfall'
      ? [
          ...shortfallNames.map((name): Term => [1, name]),
          // Every binary appears in the objective, so the reader knows it even if no row holds it.
          ...decisions.map((decision): Term => [0, decision.name]),
        ]
      : [
          ...decisions.map((decision): Term => [
            startCost(input.measures[decision.measureIndex]!, decision.startYear, input),
            decision.name,
          ]),
          // Keeps the objective non-empty when no measure can start; u costs nothing here.
          [0, shortfallNames[0]!],
        ];
  if (objective.kind === 'least-cost') {
    row(
      'shortfall_total',
      shortfallNames.map((name): Term => [1, name]),
      '<=',
      objective.shortfallLimit,
    );
  }

  const binaries = decisions.map((decision) => decision.name);
  const lines = [
    'Minimize',
    ` obj: ${expression(objectiveTerms)}`,
    'Subject To',
    ...rows,
    'Bounds',
    ...shortfallNames.map((name) => ` ${name} >= 0`),
    ...(binaries.length > 0
      ? ['Binary', ...chunk(binaries, TERMS_PER_LINE).map((names) => ` ${names.join(' ')}`)]
      : []),
    'End',
  ];
  return { lpText: `${lines.join('\n')}\n`, decisions, shortfallNames };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/** The plan a solution describes: every decision whose binary is set (above one half, against rounding). */
export function planFromSolution(
  model: OptimizerModel,
  values: Readonly<Record<string, number>>,
): PlannedStart[] {
  return model.decisions
    .filter((decision) => (values[decision.name] ?? 0) > 0.5)
    .map(({ measureIndex, startYear }) => ({ measureIndex, startYear }));
}
