import {
  LONG_TERM_REDUCTION,
  LONG_TERM_TARGET_YEAR,
  SBTI_CONTRACTION_RATES,
  type SectorPathwayPoint,
  type TargetAmbition,
  type TargetGapYear,
  type TargetStatus,
  type TrajectoryMethodDetail,
  type ProjectionMethodDetail,
} from '@ecc/contracts';
import { projectBusinessAsUsual, type ProjectionAssumption, type YearValue } from './projection.ts';
import { contractionAt, longTermContractionRate } from './trajectory.ts';

/*
 * A target's years (issue 12, item 2): the actual values of the covered scopes, the business-as-usual projection,
 * the trajectory the ambition asks for and the gap between them. Values are kg CO2e for an absolute target, kg
 * CO2e per unit for an intensity; a year without data stays without an actual value, never zero.
 */

/** What the trajectory needs of a target. */
export interface TargetAmbitionInput {
  readonly baseYear: number;
  readonly targetYear: number;
  readonly ambition: TargetAmbition;
  /** For `custom`: the reduction by the target year, percent of the base year. */
  readonly customReductionPercent: number | null;
}

/**
 * The linear contraction a year, as a fraction of the base year: the SBTi rates for 1.5 °C and well-below 2 °C,
 * 90 % spread over the years to 2050 for the long-term target, the custom reduction spread over the target's years.
 */
export function annualReductionRate(target: TargetAmbitionInput): number {
  switch (target.ambition) {
    case '1.5C':
    case 'well-below-2C':
      return SBTI_CONTRACTION_RATES[target.ambition];
    case 'long-term-90':
      return longTermContractionRate(target.baseYear, LONG_TERM_REDUCTION, LONG_TERM_TARGET_YEAR);
    case 'custom':
      return (target.customReductionPercent ?? 0) / 100 / (target.targetYear - target.baseYear);
  }
}

/** The sector's intensity of a year: linear between the pathway's years, its first and last values outside them. */
export function sectorIntensityAt(points: readonly SectorPathwayPoint[], year: number): number {
  const sorted = [...points].sort((left, right) => left.year - right.year);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) throw new RangeError('A sector pathway needs at least one year');
  if (year <= first.year) return first.intensity;
  if (year >= last.year) return last.intensity;
  const after = sorted.findIndex((point) => point.year >= year);
  const upper = sorted[after]!;
  const lower = sorted[after - 1]!;
  return (
    lower.intensity + ((upper.intensity - lower.intensity) * (year - lower.year)) / (upper.year - lower.year)
  );
}

/**
 * SDA-style convergence (SBTi Sectoral Decarbonization Approach, market share held constant): the company's
 * intensity closes the distance to the sector's in proportion to the sector's own remaining reduction,
 * `I(t) = P(end) + (I(base) − P(end)) × (P(t) − P(end)) / (P(base) − P(end))`, meeting the sector at the pathway's
 * last year. A pathway flat from the base year converges linearly in time instead.
 */
export function sectorConvergenceAt(
  baseIntensity: number,
  baseYear: number,
  points: readonly SectorPathwayPoint[],
  year: number,
): number {
  const convergenceYear = Math.max(...points.map((point) => point.year));
  const end = sectorIntensityAt(points, convergenceYear);
  const atBase = sectorIntensityAt(points, baseYear);
  if (year >= convergenceYear) return end;
  const share =
    atBase === end
      ? Math.max(0, (convergenceYear - year) / (convergenceYear - baseYear))
      : (sectorIntensityAt(points, year) - end) / (atBase - end);
  return Math.max(0, end + (baseIntensity - end) * share);
}

export interface SectorPathwayInput {
  readonly id: string;
  readonly name: string;
  readonly points: readonly SectorPathwayPoint[];
}

export interface TargetGapInput extends TargetAmbitionInput {
  /** The years with data (others are missing), any order; values before the base year feed the trend too. */
  readonly actual: readonly YearValue[];
  readonly projection: ProjectionAssumption;
  /** An intensity target's sector pathway: the trajectory converges to it instead of contracting linearly. */
  readonly sectorPathway?: SectorPathwayInput | undefined;
}

export interface TargetGap {
  readonly years: TargetGapYear[];
  readonly status: TargetStatus;
  readonly statusYear: number | null;
  readonly projection: ProjectionMethodDetail | null;
  readonly trajectory: TrajectoryMethodDetail | null;
}

/** A latest actual value this close above the trajectory still counts as on it (rounding of sums). */
const ON_TRACK_TOLERANCE = 1e-9;

/**
 * Every year from the earlier of the base year and the first actual year to the target year: actual, projected
 * (the actual value up to the latest actual year, the projection after it), trajectory (from the base year) and
 * gap = projected − trajectory. On track when the latest actual year is on or under the trajectory; no data when
 * the base year has none.
 */
export function targetGap(input: TargetGapInput): TargetGap {
  const inRange = input.actual.filter((point) => point.year <= input.targetYear);
  const actualByYear = new Map(inRange.map((point) => [point.year, point.value]));
  const firstYear = Math.min(input.baseYear, ...inRange.map((point) => point.year));
  const base = actualByYear.get(input.baseYear);
  const trajectoryAt = trajectoryOf(input, base);
  const projection = projectBusinessAsUsual(inRange, input.projection);
  const latestYear = projection?.detail.fromYear;

  const years: TargetGapYear[] = [];
  for (let year = firstYear; year <= input.targetYear; year += 1) {
    const actual = actualByYear.get(year);
    const projected =
      latestYear === undefined || projection === undefined
        ? null
        : year <= latestYear
          ? (actual ?? null)
          : projection.valueAt(year);
    const trajectory = trajectoryAt && year >= input.baseYear ? trajectoryAt.valueAt(year) : null;
    years.push({
      year,
      ...(actual === undefined ? {} : { actual }),
      projected,
      trajectory,
      gap: projected === null || trajectory === null ? null : projected - trajectory,
    });
  }

  let status: TargetStatus = 'no-data';
  let statusYear: number | null = null;
  if (trajectoryAt && latestYear !== undefined && latestYear >= input.baseYear) {
    const latestActual = actualByYear.get(latestYear)!;
    const allowed = trajectoryAt.valueAt(latestYear);
    status = latestActual <= allowed + ON_TRACK_TOLERANCE * Math.max(1, allowed) ? 'on-track' : 'off-track';
    statusYear = latestYear;
  }
  return {
    years,
    status,
    statusYear,
    projection: projection?.detail ?? null,
    trajectory: trajectoryAt?.detail ?? null,
  };
}

function trajectoryOf(
  input: TargetGapInput,
  base: number | undefined,
): { valueAt: (year: number) => number; detail: TrajectoryMethodDetail } | undefined {
  if (base === undefined) return undefined;
  const pathway = input.sectorPathway;
  if (pathway && pathway.points.length > 0) {
    return {
      valueAt: (year) => sectorConvergenceAt(base, input.baseYear, pathway.points, year),
      detail: {
        method: 'sector-convergence',
        sectorPathwayId: pathway.id,
        sectorPathwayName: pathway.name,
        convergenceYear: Math.max(...pathway.points.map((point) => point.year)),
        base,
      },
    };
  }
  const rate = annualReductionRate(input);
  return {
    valueAt: (year) => contractionAt(base, rate, year - input.baseYear),
    detail: { method: 'absolute-contraction', rate, base },
  };
}

/** The method in a sentence for the page: which trajectory, from which base, and how the projection continues. */
export function describeTargetMethod(
  baseYear: number,
  trajectory: TrajectoryMethodDetail | null,
  projection: ProjectionMethodDetail | null,
): string {
  const trajectoryText =
    trajectory === null
      ? `No trajectory: the base year ${baseYear} has no data for the covered scopes.`
      : trajectory.method === 'absolute-contraction'
        ? `Trajectory: ${percentText(trajectory.rate * 100)} % of the ${baseYear} base year less each year (linear contraction).`
        : `Trajectory: converges from the ${baseYear} base year to the sector pathway ${trajectory.sectorPathwayName} by ${trajectory.convergenceYear} (SDA-style, market share held constant).`;
  const projectionText =
    projection === null
      ? 'No projection: no year has data for the covered scopes.'
      : projection.method === 'linear-trend'
        ? `Business as usual: least-squares linear trend over ${projection.fittedYears.join(', ')}, continued from ${projection.fromYear}.`
        : `Business as usual: ${percentText(projection.growthPercent)} % growth a year, compounded from ${projection.fromYear}.`;
  return `${trajectoryText} ${projectionText}`;
}

function percentText(percent: number): string {
  return String(Number(percent.toFixed(2)));
}

/** What a target covers. */
export interface TargetCoverage {
  readonly scopes: readonly number[];
  readonly scope2Method: 'location' | 'market';
  /** Empty: all of Scope 3. */
  readonly scope3Categories: readonly number[];
}

/** The consolidated totals of one reporting year a target reads, as the inventory reports them. */
export interface InventoryScopeTotals {
  readonly scope1: { readonly co2e: number };
  readonly scope2: {
    readonly location: { readonly co2e: number };
    readonly market: { readonly co2e: number };
  };
  readonly scope3: {
    readonly co2e: number;
    readonly categories: readonly { readonly category: number; readonly co2e: number }[];
  };
}

/**
 * The year's kg CO2e of the covered scopes from the inventory's consolidated totals: Scope 2 by the target's
 * method, Scope 3 whole or by the categories listed.
 */
export function coveredEmissions(totals: InventoryScopeTotals, coverage: TargetCoverage): number {
  let sum = 0;
  if (coverage.scopes.includes(1)) sum += totals.scope1.co2e;
  if (coverage.scopes.includes(2)) sum += totals.scope2[coverage.scope2Method].co2e;
  if (coverage.scopes.includes(3)) {
    sum +=
      coverage.scope3Categories.length === 0
        ? totals.scope3.co2e
        : totals.scope3.categories
            .filter((category) => coverage.scope3Categories.includes(category.category))
            .reduce((total, category) => total + category.co2e, 0);
  }
  return sum;
}

/** Whether a monthly-total row (its scope and Scope 2 method) is of what the target covers. */
export function isCoveredRow(
  row: { scope: number; scope2Method: string },
  coverage: TargetCoverage,
): boolean {
  if (!coverage.scopes.includes(row.scope)) return false;
  // As the inventory counts them: market-based rows are the market method, every other Scope 2 row location-based.
  return row.scope !== 2 || (row.scope2Method === 'market') === (coverage.scope2Method === 'market');
}
