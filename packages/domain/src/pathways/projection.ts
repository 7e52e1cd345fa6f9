import type { ProjectionMethodDetail } from '@ecc/contracts';

/** A value of one year: emissions in kg CO2e, or an intensity. */
export interface YearValue {
  readonly year: number;
  readonly value: number;
}

export interface FittedLine {
  readonly slope: number;
  readonly intercept: number;
}

/**
 * The least-squares line `value = intercept + slope × year` through the points; one point gives a flat line
 * through it. Years are centred before fitting, so large year numbers lose no precision.
 */
export function leastSquaresLine(points: readonly YearValue[]): FittedLine {
  if (points.length === 0) throw new RangeError('A trend needs at least one year');
  const meanYear = points.reduce((sum, point) => sum + point.year, 0) / points.length;
  const meanValue = points.reduce((sum, point) => sum + point.value, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.year - meanYear) * (point.value - meanValue);
    variance += (point.year - meanYear) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  return { slope, intercept: meanValue - slope * meanYear };
}

/** The business-as-usual assumption: a trend fitted on the actual years, or a growth rate a year. */
export type ProjectionAssumption =
  | { readonly method: 'linear-trend' }
  | { readonly method: 'compound-growth'; readonly growthPercent: number };

export interface Projection {
  /** The projected value of a year after the latest actual year; never below zero. */
  readonly valueAt: (year: number) => number;
  readonly detail: ProjectionMethodDetail;
}

/**
 * The business-as-usual projection from the actual years (ascending or not): continued from the latest actual
 * year, either with the slope of the least-squares line over every actual year (`E(latest) + slope × (t −
 * latest)`), or compounding the growth (`E(latest) × (1 + g)^(t − latest)`). Undefined without actual years.
 */
export function projectBusinessAsUsual(
  actual: readonly YearValue[],
  assumption: ProjectionAssumption,
): Projection | undefined {
  if (actual.length === 0) return undefined;
  const latest = actual.reduce((last, point) => (point.year > last.year ? point : last));
  if (assumption.method === 'compound-growth') {
    const factor = 1 + assumption.growthPercent / 100;
    return {
      valueAt: (year) => Math.max(0, latest.value * factor ** (year - latest.year)),
      detail: { method: 'compound-growth', growthPercent: assumption.growthPercent, fromYear: latest.year },
    };
  }
  const line = leastSquaresLine(actual);
  return {
    valueAt: (year) => Math.max(0, latest.value + line.slope * (year - latest.year)),
    detail: {
      method: 'linear-trend',
      slope: line.slope,
      intercept: line.intercept,
      fittedYears: actual.map((point) => point.year).sort((left, right) => left - right),
      fromYear: latest.year,
    },
  };
}
