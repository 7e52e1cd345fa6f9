import { startCost, type OptimizerInput } from './optimizer-input.ts';
import type { PlannedStart } from './evaluate-plan.ts';

/*
 * The pathway optimizer's mixed-integer program as CPLEX LP text for HiGHS (docs/optimizer.md). Variables:
 * binary `z_<m>_<s>` (measure m, by its index in the request, has started by year s: the y[m,s'] summed
 * over its start years s' ≤ s) and continuous `u_<t>` ≥ 0 (kg CO2e by which year t's emissions exceed the
 * trajectory). Branching on "started by s" splits the plans evenly where a branch on one start year does not, so
 * HiGHS proves optimality in far fewer nodes. The plan is lexicographic, in two solves: the least total shortfall,
 * then the least cost among plans with that shortfall, so no weight mixes kg and money.
 */

/**
 * `least-shortfall`: minimise Σ u_t. `least-cost`: minimise the discounted cost with Σ u_t ≤ `shortfallLimit`
 * (0: the plan must meet the trajectory every year).
 */
export type OptimizerObjective = { kind: 'least-shortfall' } | { kind: 'least-cost'; shortfallLimit: number };

export interface OptimizerDecision extends PlannedStart {
  /** The binary variable's name in the model: 1 when the measure has started in `startYear` or before. */
  readonly name: string;
}

export interface OptimizerModel {
  readonly lpText: string;
  /** Each measure's "started by" binaries, in the order of its start years. */
  readonly decisions: readonly OptimizerDecision[];
  /** The shortfall variables by year, index 0 the base year. */
  readonly shortfallNames: readonly string[];
}

/** A term of a linear expression: coefficient × variable. */
type Term = readonly [coefficient: number, name: string];

const TERMS_PER_LINE = 8;

/** `3 z_0_2021 - 2.5 z_1_2022 + u_2020`, wrapped so no line grows without end. */
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
  return `z_${measureIndex}_${startYear}`;
}

export function shortfallName(year: number): string {
  return `u_${year}`;
}

/** Adds terms of one variable together and drops those that cancel, in the order variables first appear. */
function combined(terms: readonly Term[]): Term[] {
  const byName = new Map<string, number>();
  for (const [coefficient, name] of terms) byName.set(name, (byName.get(name) ?? 0) + coefficient);
  return [...byName]
    .filter(([, coefficient]) => coefficient !== 0)
    .map(([name, coefficient]) => [coefficient, name]);
}

/** Builds the model of `input` for one of the two objectives. */
export function buildOptimizerModel(input: OptimizerInput, objective: OptimizerObjective): OptimizerModel {
  const decisionsByMeasure = input.startYears.map((years, measureIndex) =>
    years.map((startYear): OptimizerDecision => ({
      name: decisionName(measureIndex, startYear),
      measureIndex,
      startYear,
    })),
  );
  const decisions = decisionsByMeasure.flat();
  /** z of measure m at its latest start year ≤ `year`: "m has started by `year`"; undefined: it cannot have. */
  const startedBy = (measureIndex: number, year: number): string | undefined =>
    decisionsByMeasure[measureIndex]!.findLast((decision) => decision.startYear <= year)?.name;
  /** z of measure m at its last start year: "m starts at all". */
  const startsAtAll = (measureIndex: number) => decisionsByMeasure[measureIndex]!.at(-1)?.name;
  const shortfallNames = input.years.map(shortfallName);
  const rows: string[] = [];
  const row = (name: string, terms: readonly Term[], relation: '<=' | '>=', bound: number) => {
    if (terms.length > 0) rows.push(` ${name}: ${expression(terms)} ${relation} ${numberText(bound)}`);
  };

  // Once started, a measure stays started (each measure starts at most once: y[m,s] = z[m,s] − z[m,s−1] ≥ 0).
  for (const own of decisionsByMeasure) {
    own.slice(1).forEach((decision, index) => {
      row(
        `order_${decision.measureIndex}_${decision.startYear}`,
        [
          [1, own[index]!.name],
          [-1, decision.name],
        ],
        '<=',
        0,
      );
    });
  }

  // A pinned measure starts (in its only start year when the pin names one).
  decisionsByMeasure.forEach((_, measureIndex) => {
    const last = startsAtAll(measureIndex);
    if (input.isPinned[measureIndex] && last !== undefined) row(`pin_${measureIndex}`, [[1, last]], '>=', 1);
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
        members.flatMap((index): Term[] => {
          const last = startsAtAll(index);
          return last === undefined ? [] : [[1, last]];
        }),
        '<=',
        1,
      );
  });

  // A prerequisite starts no later: z[m,s] ≤ z[p, latest s' ≤ s] (0 when p cannot have started by s).
  const indexById = new Map(input.measures.map((measure, index) => [measure.id, index]));
  input.measures.forEach((measure, measureIndex) => {
    for (const id of new Set(measure.requires ?? [])) {
      const prerequisite = indexById.get(id);
      if (prerequisite === undefined) throw new RangeError(`Measure ${measure.id} requires unknown ${id}`);
      for (const decision of decisionsByMeasure[measureIndex]!) {
        const earlier = startedBy(prerequisite, decision.startYear);
        row(
          `requires_${measureIndex}_${prerequisite}_${decision.startYear}`,
          earlier === undefined
            ? [[1, decision.name]]
            : [
                [1, decision.name],
                [-1, earlier],
              ],
          '<=',
          0,
        );
      }
    }
  });

  // Every year: baseline(t) − abated(t) − u_t ≤ trajectory(t), written as abated(t) + u_t ≥ baseline − trajectory.
  // Measure m abates in t when it started in (t − lifetime, t]: z[m,t] − z[m,t − lifetime].
  input.years.forEach((year, index) => {
    const abating = input.measures.flatMap((measure, measureIndex): Term[] => {
      if (measure.abatement === 0) return [];
      const started = startedBy(measureIndex, year);
      const ended = startedBy(measureIndex, year - measure.lifetime);
      return [
        ...(started === undefined ? [] : [[measure.abatement, started] as const]),
        ...(ended === undefined ? [] : [[-measure.abatement, ended] as const]),
      ];
    });
    row(
      `cover_${year}`,
      [...combined(abating), [1, shortfallNames[index]!]],
      '>=',
      input.baseline[index]! - input.trajectory[index]!,
    );
  });

  // Every year with a budget: Σ capex of the measures starting then ≤ budget(t).
  input.years.forEach((year, index) => {
    const budget = input.budget[index];
    if (budget === undefined) return;
    const starting = decisionsByMeasure.flatMap((own): Term[] => {
      const position = own.findIndex((decision) => decision.startYear === year);
      const capex = position < 0 ? 0 : input.measures[own[position]!.measureIndex]!.capex;
      if (capex === 0) return [];
      return position === 0
        ? [[capex, own[0]!.name]]
        : [
            [capex, own[position]!.name],
            [-capex, own[position - 1]!.name],
          ];
    });
    row(`budget_${year}`, starting, '<=', budget);
  });

  // Σ cost(m,s) · y[m,s] = Σ z[m,s_k] · (cost(m,s_k) − cost(m,s_k+1)), the cost of the start after s_k 0 past the last.
  const costTerms = decisionsByMeasure.flatMap((own) =>
    own.map((decision, position): Term => {
      const measure = input.measures[decision.measureIndex]!;
      const next = own[position + 1];
      const nextCost = next === undefined ? 0 : startCost(measure, next.startYear, input);
      return [startCost(measure, decision.startYear, input) - nextCost, decision.name];
    }),
  );
  const objectiveTerms: Term[] =
    objective.kind === 'least-shortfall'
      ? [
          ...shortfallNames.map((name): Term => [1, name]),
          // Every binary appears in the objective, so the reader knows it even if no row holds it.
          ...decisions.map((decision): Term => [0, decision.name]),
        ]
      : [
          ...costTerms,
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

/**
 * The plan a solution describes: each measure starts in the first year its "started by" binary is set (above one
 * half, against rounding).
 */
export function planFromSolution(
  model: OptimizerModel,
  values: Readonly<Record<string, number>>,
): PlannedStart[] {
  const started = new Set<number>();
  return model.decisions.flatMap(({ name, measureIndex, startYear }) => {
    if (started.has(measureIndex) || (values[name] ?? 0) <= 0.5) return [];
    started.add(measureIndex);
    return [{ measureIndex, startYear }];
  });
}
