import { GAS_IDS, type GasId } from '../gwp.ts';
import type { ConversionPlan } from './conversion-plan.ts';
import { isObject, type Issue } from './input-checks.ts';
import type { ResolvedFactor } from './resolve-factor.ts';

/**
 * The fields of a valid inline factor that decide its conversion plan, copied (not referenced) so that a
 * caller changing the object afterwards cannot be served a stale plan. Flat named fields: comparing them
 * needs no keyed property access.
 */
export interface InlineFactorSnapshot {
  readonly per: unknown;
  readonly scope: unknown;
  readonly category: unknown;
  readonly electricityBasis: unknown;
  readonly calorificBasis: unknown;
  readonly hasCo2e: boolean;
  readonly co2eValue: unknown;
  readonly co2eUnit: unknown;
  readonly co2eGwp: unknown;
  readonly hasHhv: boolean;
  readonly hhvValue: unknown;
  readonly hhvEnergy: unknown;
  readonly hhvPer: unknown;
  /** The gases are exactly CO2, CH4 and N2O, compared by name without a keyed lookup. */
  readonly isCombustionTriple: boolean;
  readonly gasNames: readonly string[];
  readonly gasValues: readonly unknown[];
  readonly gasUnits: readonly unknown[];
}

export interface InlineFactorMemo {
  readonly snapshot: InlineFactorSnapshot;
  readonly factor: ResolvedFactor;
  readonly plans: Map<string, ConversionPlan | readonly Issue[]>;
}

export function snapshotInlineFactor(factor: Record<string, unknown>): InlineFactorSnapshot {
  const gases = isObject(factor.gases) ? factor.gases : {};
  const gasNames = Object.keys(gases).sort(
    (left, right) => GAS_IDS.indexOf(left as GasId) - GAS_IDS.indexOf(right as GasId),
  );
  const co2e = isObject(factor.co2e) ? factor.co2e : undefined;
  const hhv = isObject(factor.hhv) ? factor.hhv : undefined;
  return {
    per: factor.per,
    scope: factor.scope,
    category: factor.category,
    electricityBasis: factor.electricityBasis,
    calorificBasis: factor.calorificBasis,
    hasCo2e: co2e !== undefined,
    co2eValue: co2e?.value,
    co2eUnit: co2e?.unit,
    co2eGwp: co2e?.gwp,
    hasHhv: hhv !== undefined,
    hhvValue: hhv?.value,
    hhvEnergy: hhv?.energy,
    hhvPer: hhv?.per,
    isCombustionTriple: gasNames.join(' ') === 'CO2 CH4 N2O',
    gasNames,
    gasValues: gasNames.map((gas) => (gases[gas] as Record<string, unknown>).value),
    gasUnits: gasNames.map((gas) => (gases[gas] as Record<string, unknown>).unit),
  };
}

function isSameGasFactor(gasFactor: unknown, value: unknown, unit: unknown): boolean {
  return isObject(gasFactor) && gasFactor.value === value && gasFactor.unit === unit;
}

/** Compares without allocating, so a request whose items repeat one inline factor checks it only once. */
export function matchesSnapshot(factor: Record<string, unknown>, snapshot: InlineFactorSnapshot): boolean {
  if (
    factor.per !== snapshot.per ||
    factor.scope !== snapshot.scope ||
    factor.category !== snapshot.category ||
    factor.electricityBasis !== snapshot.electricityBasis ||
    factor.calorificBasis !== snapshot.calorificBasis
  ) {
    return false;
  }
  const co2e = factor.co2e;
  if (
    snapshot.hasCo2e
      ? !isObject(co2e) ||
        co2e.value !== snapshot.co2eValue ||
        co2e.unit !== snapshot.co2eUnit ||
        co2e.gwp !== snapshot.co2eGwp
      : co2e !== undefined
  ) {
    return false;
  }
  const hhv = factor.hhv;
  if (
    snapshot.hasHhv
      ? !isObject(hhv) ||
        hhv.value !== snapshot.hhvValue ||
        hhv.energy !== snapshot.hhvEnergy ||
        hhv.per !== snapshot.hhvPer
      : hhv !== undefined
  ) {
    return false;
  }
  const gases = factor.gases;
  const { gasNames, gasValues, gasUnits } = snapshot;
  if (!isObject(gases)) return gases === undefined && gasNames.length === 0;
  if (Object.keys(gases).length !== gasNames.length) return false;
  if (snapshot.isCombustionTriple) {
    return (
      isSameGasFactor(gases.CO2, gasValues[0], gasUnits[0]) &&
      isSameGasFactor(gases.CH4, gasValues[1], gasUnits[1]) &&
      isSameGasFactor(gases.N2O, gasValues[2], gasUnits[2])
    );
  }
  for (let index = 0; index < gasNames.length; index++) {
    if (!isSameGasFactor(gases[gasNames[index] as string], gasValues[index], gasUnits[index])) return false;
  }
  return true;
}
