import { GWP_SETS, isGasId, type GwpSetId } from './gwp.ts';
import { findConversionFactor } from './units.ts';

/** A factor as lists answer it: gases and published CO2e with units as text. */
export interface FactorValues {
  readonly gases: Readonly<Record<string, { readonly value: number; readonly unit: string }>>;
  readonly co2e?: { readonly value: number; readonly unit: string; readonly gwp: string };
}

/**
 * kg CO2e per one unit of activity of a factor under a GWP set: Σ gas mass × GWP (for a refrigerant per kg, its
 * GWP), or the published CO2e when it stands on that very set. Undefined when the factor cannot say: a published
 * CO2e on another set, or a gas or unit this engine does not know.
 */
export function factorCo2ePerUnit(factor: FactorValues, gwp: GwpSetId): number | undefined {
  if (factor.co2e !== undefined) {
    const toKg = findConversionFactor(factor.co2e.unit, 'kg');
    return factor.co2e.gwp === gwp && toKg !== undefined ? factor.co2e.value * toKg : undefined;
  }
  let co2e = 0;
  for (const [gas, { value, unit }] of Object.entries(factor.gases)) {
    const toKg = findConversionFactor(unit, 'kg');
    if (!isGasId(gas) || toKg === undefined) return undefined;
    co2e += value * toKg * GWP_SETS[gwp].values[gas];
  }
  return co2e;
}
