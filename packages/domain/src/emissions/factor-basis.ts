import type { HeatContent } from './factor-library.ts';
import { findConversionFactor } from './units.ts';

/** One step that turns a quantity towards the unit a factor is given per. */
export interface ConversionStep {
  /** Multiply by `value`; or divide, for a heat content used backwards (an energy to a fuel quantity). */
  readonly operation: 'multiply' | 'divide';
  readonly value: number;
  /** The ratio's unit, `to/from` for a conversion (`kWh/MWh`), `energy/per` for a heat content (`mmBtu/gal`). */
  readonly unit: string;
  readonly kind: 'unit-conversion' | 'heat-content';
}

/** How one unit of a quantity becomes units of a factor's `per`: directly, or through the fuel's heat content. */
export interface FactorBasisConversion {
  readonly basis: 'direct' | 'heat-content';
  readonly steps: readonly ConversionStep[];
  /** The steps multiplied out: factor units per quantity unit. */
  readonly factorUnitsPerQuantityUnit: number;
}

function conversionStep(from: string, to: string, value: number): ConversionStep[] {
  return from === to
    ? []
    : [{ operation: 'multiply', value, unit: `${to}/${from}`, kind: 'unit-conversion' }];
}

/**
 * The conversion the engine applies to a quantity in `unit` for a factor per `per`: a plain unit conversion, or
 * through the heat content `hhv` (a fuel quantity × HHV for a factor per energy, 40 CFR 98 Equation C-1; an
 * energy ÷ HHV for a factor per fuel quantity). Undefined when none exists. The engine and the trail both use
 * it, so the steps a trail shows are the arithmetic the engine did.
 */
export function findFactorBasisConversion(
  unit: string,
  per: string,
  hhv: HeatContent | undefined,
): FactorBasisConversion | undefined {
  const direct = findConversionFactor(unit, per);
  if (direct !== undefined) {
    return { basis: 'direct', steps: conversionStep(unit, per, direct), factorUnitsPerQuantityUnit: direct };
  }
  if (hhv === undefined) return undefined;
  const heatContent = { value: hhv.value, unit: `${hhv.energy}/${hhv.per}`, kind: 'heat-content' } as const;
  const toHhvPer = findConversionFactor(unit, hhv.per);
  const energyToFactor = findConversionFactor(hhv.energy, per);
  if (toHhvPer !== undefined && energyToFactor !== undefined) {
    return {
      basis: 'heat-content',
      steps: [
        ...conversionStep(unit, hhv.per, toHhvPer),
        { operation: 'multiply', ...heatContent },
        ...conversionStep(hhv.energy, per, energyToFactor),
      ],
      factorUnitsPerQuantityUnit: toHhvPer * hhv.value * energyToFactor,
    };
  }
  const toHhvEnergy = findConversionFactor(unit, hhv.energy);
  const hhvPerToFactor = findConversionFactor(hhv.per, per);
  if (toHhvEnergy !== undefined && hhvPerToFactor !== undefined) {
    return {
      basis: 'heat-content',
      steps: [
        ...conversionStep(unit, hhv.energy, toHhvEnergy),
        { operation: 'divide', ...heatContent },
        ...conversionStep(hhv.per, per, hhvPerToFactor),
      ],
      factorUnitsPerQuantityUnit: (toHhvEnergy / hhv.value) * hhvPerToFactor,
    };
  }
  return undefined;
}
