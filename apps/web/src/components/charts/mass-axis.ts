import { scaleLinear } from 'd3-scale';
import { massIn, massUnitOf, type MassUnit } from '#lib/format/format-mass.ts';

/** About this many ticks on a mass axis; d3 picks round steps near it. */
export const MASS_AXIS_TICKS = 5;

export interface MassAxis {
  /** The unit the axis counts in: tonnes, or kilograms when every value is below a tonne. */
  unit: MassUnit;
  min: number;
  max: number;
  /** The step between ticks, in `unit`. */
  interval: number;
  ticks: number[];
}

/**
 * A mass axis over values in kg: d3-scale's `nice()` widens the extent to round numbers (always including 0),
 * so that ticks fall on 0, 2,000, 4,000 … rather than on fractions of the largest value.
 */
export function massAxis(valuesKg: readonly number[], tickCount: number = MASS_AXIS_TICKS): MassAxis {
  // Below Number.EPSILON d3's tick steps underflow; such masses are 0 on any axis.
  const finite = valuesKg.filter(Number.isFinite).map((kg) => (Math.abs(kg) < Number.EPSILON ? 0 : kg));
  const largest = Math.max(0, ...finite.map(Math.abs));
  const unit = massUnitOf(largest);
  const low = Math.min(0, ...finite.map((kg) => massIn(kg, unit)));
  const high = Math.max(0, ...finite.map((kg) => massIn(kg, unit)));
  // An empty or all-zero axis still shows a scale from 0 to 1.
  const scale = scaleLinear()
    .domain([low, high === low ? low + 1 : high])
    .nice(tickCount);
  // Adding 0 turns d3's -0 into 0, which labels and comparisons expect.
  const ticks = scale.ticks(tickCount).map((tick) => tick + 0);
  const [min = 0, max = 1] = scale.domain().map((bound) => bound + 0);
  const interval = ticks.length > 1 ? (ticks[1] ?? 0) - (ticks[0] ?? 0) : max - min;
  return { unit, min, max, interval, ticks };
}
