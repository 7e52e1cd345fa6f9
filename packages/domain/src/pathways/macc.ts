/*
 * The marginal abatement cost curve (issue 12, item 3): each measure's cost per tonne of CO2e it abates in a year,
 * `(capex × CRF(d, lifetime) + annualCost) / (annual abatement in t)`, where the capital recovery factor
 * `CRF = d(1+d)^n / ((1+d)^n − 1)` (1/n at d = 0) spreads the capex over the lifetime as equal yearly payments
 * at the discount rate. Bars are sorted from the cheapest (savings, below zero) to the dearest; a bar's width is
 * its annual abatement, so the curve's x axis is cumulative tonnes a year.
 */

const KG_PER_TONNE = 1000;

/** The share of a capital sum that, paid every year for `lifetime` years at rate `discountRate`, repays it. */
export function capitalRecoveryFactor(discountRate: number, lifetime: number): number {
  if (!(lifetime > 0)) throw new RangeError('A lifetime must be more than zero years');
  if (discountRate < 0) throw new RangeError('A discount rate cannot be negative');
  if (discountRate === 0) return 1 / lifetime;
  const growth = (1 + discountRate) ** lifetime;
  return (discountRate * growth) / (growth - 1);
}

export interface MaccMeasure {
  readonly id: string;
  readonly name: string;
  /** kg CO2e a year; null when unknown (a share of a source without emissions). */
  readonly annualAbatementKg: number | null;
  readonly capex: number;
  /** The yearly cost change; negative for savings. */
  readonly annualCost: number;
  readonly lifetime: number;
}

export interface MaccBar {
  readonly id: string;
  readonly name: string;
  readonly annualAbatementTonnes: number;
  /** capex × CRF: the capex as an equal yearly payment over the lifetime. */
  readonly annualisedCapex: number;
  readonly annualCost: number;
  /** (annualised capex + annual cost) / annual abatement in t; negative for a measure that saves money. */
  readonly costPerTonne: number;
  /** Where the bar starts and ends on the curve's axis of cumulative t CO2e a year. */
  readonly cumulativeStartTonnes: number;
  readonly cumulativeEndTonnes: number;
}

export type MaccExclusionReason = 'no-abatement' | 'unknown-abatement';

export interface MaccCurve {
  readonly bars: readonly MaccBar[];
  /** Measures without a cost per tonne: no abatement, or a share whose source has no emissions. */
  readonly excluded: readonly {
    readonly id: string;
    readonly name: string;
    readonly reason: MaccExclusionReason;
  }[];
  readonly totalAbatementTonnes: number;
}

/** The curve of `measures` at `discountRate`, cheapest first (ties by name, then id, so it is stable). */
export function marginalAbatementCurve(measures: readonly MaccMeasure[], discountRate: number): MaccCurve {
  const excluded: MaccCurve['excluded'][number][] = [];
  const unsorted: Omit<MaccBar, 'cumulativeStartTonnes' | 'cumulativeEndTonnes'>[] = [];
  for (const measure of measures) {
    if (measure.annualAbatementKg === null) {
      excluded.push({ id: measure.id, name: measure.name, reason: 'unknown-abatement' });
      continue;
    }
    if (!(measure.annualAbatementKg > 0)) {
      excluded.push({ id: measure.id, name: measure.name, reason: 'no-abatement' });
      continue;
    }
    const annualAbatementTonnes = measure.annualAbatementKg / KG_PER_TONNE;
    const annualisedCapex = measure.capex * capitalRecoveryFactor(discountRate, measure.lifetime);
    unsorted.push({
      id: measure.id,
      name: measure.name,
      annualAbatementTonnes,
      annualisedCapex,
      annualCost: measure.annualCost,
      costPerTonne: (annualisedCapex + measure.annualCost) / annualAbatementTonnes,
    });
  }
  unsorted.sort(
    (left, right) =>
      left.costPerTonne - right.costPerTonne ||
      left.name.localeCompare(right.name, 'en') ||
      left.id.localeCompare(right.id, 'en'),
  );
  let cumulative = 0;
  const bars = unsorted.map((bar) => {
    const start = cumulative;
    cumulative += bar.annualAbatementTonnes;
    return { ...bar, cumulativeStartTonnes: start, cumulativeEndTonnes: cumulative };
  });
  return { bars, excluded, totalAbatementTonnes: cumulative };
}
