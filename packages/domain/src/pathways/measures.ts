import type { MeasureAbatement, OptimizerMeasure } from '@ecc/contracts';
import { findPrerequisiteCycle } from './optimizer-input.ts';

/*
 * Measures of the realm's abatement library (issue 12, item 3): a share of an emission source becomes kg CO2e a
 * year with the source's latest-year emissions, prerequisites must not form a cycle, and a library measure becomes
 * one of the optimizer's.
 */

/** kg CO2e a year: the absolute figure, or the share of the source's emissions; null when the source has none. */
export function annualAbatementKg(
  abatement: MeasureAbatement,
  sourceEmissionsKg: number | null,
): number | null {
  if (abatement.kind === 'absolute') return abatement.kgPerYear;
  if (sourceEmissionsKg === null) return null;
  return (abatement.percent / 100) * sourceEmissionsKg;
}

export interface LibraryMeasureLinks {
  readonly id: string;
  readonly prerequisites: readonly string[];
}

/**
 * A cycle among the measures' prerequisites (a measure that needs itself, directly or through others), as the ids
 * in order with the first repeated at the end, or undefined. Prerequisites outside the list are ignored.
 */
export function findMeasurePrerequisiteCycle(measures: readonly LibraryMeasureLinks[]): string[] | undefined {
  return findPrerequisiteCycle(
    measures.map(({ id, prerequisites }) => ({ id, requires: [...prerequisites] })),
  )?.cycle;
}

export interface LibraryMeasureForOptimizer extends LibraryMeasureLinks {
  readonly annualAbatementKg: number | null;
  readonly capex: number;
  readonly annualCost: number;
  readonly lifetime: number;
  readonly earliestYear: number | null;
  readonly exclusiveGroup: string | null;
}

/** The optimizer's view of a library measure; an unknown abatement (a share without emissions) abates nothing. */
export function optimizerMeasureOf(measure: LibraryMeasureForOptimizer): OptimizerMeasure {
  return {
    id: measure.id,
    abatement: measure.annualAbatementKg ?? 0,
    capex: measure.capex,
    annualCost: measure.annualCost,
    lifetime: measure.lifetime,
    ...(measure.earliestYear === null ? {} : { earliestYear: measure.earliestYear }),
    ...(measure.exclusiveGroup === null ? {} : { group: measure.exclusiveGroup }),
    ...(measure.prerequisites.length === 0 ? {} : { requires: [...measure.prerequisites] }),
  };
}
