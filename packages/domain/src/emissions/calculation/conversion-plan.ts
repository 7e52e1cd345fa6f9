import { findFactorBasisConversion } from '../factor-basis.ts';
import type { HeatContent } from '../factor-library.ts';
import { GWP_SETS, type GwpSetId } from '../gwp.ts';
import { dimensionOf, isEnergyUnit, isUnit, type Unit } from '../units.ts';
import type { ConversionBasis } from './calculation-types.ts';
import { UNIT_LIST, type Issue } from './input-checks.ts';
import type { ResolvedFactor } from './resolve-factor.ts';

/** Everything needed to turn a quantity in one unit into per-gas masses with one factor, computed once. */
export interface ConversionPlan {
  readonly factor: ResolvedFactor;
  readonly basis: ConversionBasis;
  readonly isEnergyQuantity: boolean;
  /** The gases are exactly CO2, CH4 and N2O, as for nearly every combustion and electricity factor. */
  readonly isCombustionTriple: boolean;
  readonly kgPerQuantityUnit: readonly number[];
  readonly gwpWeights: readonly number[];
  readonly publishedCo2eKgPerQuantityUnit: number;
}

export function isIssueList(plan: ConversionPlan | readonly Issue[]): plan is readonly Issue[] {
  return Array.isArray(plan);
}

function missingBasisMessage(unit: Unit, per: Unit): string {
  if (isEnergyUnit(per)) {
    return `provide an hhv (energy per ${unit}) or use a factor per ${dimensionOf(unit)}`;
  }
  if (isEnergyUnit(unit)) {
    return `provide an hhv (energy per ${per}) or use a factor per energy`;
  }
  return `use a factor per ${dimensionOf(unit)} or give the quantity in ${dimensionOf(per)} (e.g. ${per})`;
}

/**
 * Finds the factor (direct, or through the heat content either way) that turns one `unit` into one `per`: the
 * conversion a trail shows step by step (`findFactorBasisConversion`).
 */
export function planConversion(
  factor: ResolvedFactor,
  unit: string,
  hhv: HeatContent | undefined,
  gwp: GwpSetId,
): ConversionPlan | readonly Issue[] {
  if (!isUnit(unit)) {
    return [{ path: 'unit', message: `Unknown unit "${unit}"; use one of ${UNIT_LIST}` }];
  }
  const found = findFactorBasisConversion(unit, factor.per, hhv);
  if (found === undefined) {
    return [
      {
        path: 'unit',
        message:
          hhv === undefined
            ? `Cannot convert ${unit} to ${factor.per}: ${missingBasisMessage(unit, factor.per)}`
            : `Cannot convert ${unit} to ${factor.per} with an hhv in ${hhv.energy} per ${hhv.per}: ` +
              missingBasisMessage(unit, factor.per),
      },
    ];
  }
  const conversion = found.factorUnitsPerQuantityUnit;
  const weights = GWP_SETS[gwp].values;
  return {
    factor,
    basis: found.basis,
    isEnergyQuantity: isEnergyUnit(unit),
    isCombustionTriple: factor.gasIds.join(' ') === 'CO2 CH4 N2O',
    kgPerQuantityUnit: factor.kgPerFactorUnit.map((kg) => kg * conversion),
    gwpWeights: factor.gasIds.map((gas) => weights[gas]),
    publishedCo2eKgPerQuantityUnit: factor.publishedCo2eKg * conversion,
  };
}
