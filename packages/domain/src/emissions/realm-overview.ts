import type { OverviewYearTotals } from '@ecc/contracts';
import {
  addToScopeTotals,
  emptyScopeTotals,
  withScopeTotal,
  type ScopedAmount,
  type ScopeTotals,
} from './scope-totals.ts';

/** CO2e of one year, scope and Scope 2 method, summed by the database over results of one GWP set. */
export interface YearScopeAmount extends ScopedAmount {
  readonly year: number;
}

/** The year an overview shows: the one asked for, else the latest with data, else none. */
export function chooseOverviewYear(requested: number | undefined, years: readonly number[]): number | null {
  if (requested !== undefined) return requested;
  return years.length === 0 ? null : Math.max(...years);
}

/**
 * The yearly totals of a realm from its sums by year, scope and Scope 2 method: `co2eKg` counts Scope 2
 * location-based, market-based stands beside it. Ascending by year.
 */
export function yearTotalsOf(
  amounts: readonly YearScopeAmount[],
  facilityCounts: ReadonlyMap<number, number>,
): OverviewYearTotals[] {
  const byYear = new Map<number, ScopeTotals>();
  for (const amount of amounts) {
    let totals = byYear.get(amount.year);
    if (totals === undefined) {
      totals = emptyScopeTotals();
      byYear.set(amount.year, totals);
    }
    addToScopeTotals(totals, amount);
  }
  return [...byYear]
    .sort(([left], [right]) => left - right)
    .map(([year, totals]) => ({
      year,
      facilityCount: facilityCounts.get(year) ?? 0,
      ...withScopeTotal(totals),
    }));
}

/** A year without results: every figure 0. */
export function emptyYearTotals(year: number): OverviewYearTotals {
  return { year, facilityCount: 0, ...withScopeTotal(emptyScopeTotals()) };
}

/** One facility's CO2e of one source (activity type), ranked within the source by the database. */
export interface SourceFacilityAmount {
  readonly activityType: string;
  /** The source's CO2e over every facility, and how many facilities have it. */
  readonly sourceCo2eKg: number;
  readonly sourceFacilityCount: number;
  readonly slug: string;
  readonly name: string;
  readonly co2eKg: number;
}

/** The largest sources, largest first, each with its largest facilities in the order given. */
export function rankSources(amounts: readonly SourceFacilityAmount[], topCount: number) {
  const sources = new Map<
    string,
    {
      activityType: string;
      co2eKg: number;
      facilityCount: number;
      topFacilities: { slug: string; name: string; co2eKg: number }[];
    }
  >();
  for (const amount of amounts) {
    let source = sources.get(amount.activityType);
    if (source === undefined) {
      source = {
        activityType: amount.activityType,
        co2eKg: amount.sourceCo2eKg,
        facilityCount: amount.sourceFacilityCount,
        topFacilities: [],
      };
      sources.set(amount.activityType, source);
    }
    source.topFacilities.push({ slug: amount.slug, name: amount.name, co2eKg: amount.co2eKg });
  }
  return [...sources.values()]
    .sort((left, right) => right.co2eKg - left.co2eKg || left.activityType.localeCompare(right.activityType))
    .slice(0, topCount);
}
