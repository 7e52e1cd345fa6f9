/**
 * The estimate benchmarks' shared workload: 100,000 items of the two request shapes, and the hand-written loop
 * each benchmark measures the engine or the API against, so both compare with the same peer.
 */
import type { EstimateItem } from '../../packages/domain/src/emissions/index.ts';

export const ESTIMATE_ITEM_COUNT = 100_000;

const LB = 0.45359237;
const AR5 = { CO2: 1, CH4: 28, N2O: 265 };

// Hand-worked kg per unit of activity, as a programmer would hard-code them.
const KG_PER_UNIT: Record<string, { readonly CO2: number; readonly CH4: number; readonly N2O: number }> = {
  // 40 CFR 98 Table C-1/C-2, distillate No. 2 per gallon: 0.138 mmBtu/gal × kg per mmBtu.
  'epa-c1-distillate-fuel-oil-no-2': { CO2: 0.138 * 73.96, CH4: 0.138 * 3.0e-3, N2O: 0.138 * 6.0e-4 },
  // Natural gas per scf: 1.026e-3 mmBtu/scf × kg per mmBtu.
  'epa-c1-natural-gas': { CO2: 1.026e-3 * 53.06, CH4: 1.026e-3 * 1.0e-3, N2O: 1.026e-3 * 1.0e-4 },
  // eGRID2022 U.S. average per kWh: lb/MWh × 0.45359237 kg/lb ÷ 1000 kWh/MWh.
  'egrid-2022-us-average': { CO2: (823.1 * LB) / 1000, CH4: (0.066 * LB) / 1000, N2O: (0.009 * LB) / 1000 },
};

/** Library factors by id: heat content per gallon, natural gas per scf, market-based kWh with certificates. */
export function libraryItems(): EstimateItem[] {
  return Array.from({ length: ESTIMATE_ITEM_COUNT }, (_, index): EstimateItem => {
    const id = `item-${index}`;
    const quantity = 100 + (index % 997);
    switch (index % 3) {
      case 0:
        return { id, quantity, unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } };
      case 1:
        return { id, quantity: quantity * 100, unit: 'scf', factor: { id: 'epa-c1-natural-gas' } };
      default:
        return {
          id,
          quantity: quantity * 1000,
          unit: 'kWh',
          factor: { id: 'egrid-2022-us-average' },
          scope2Method: 'market',
          certificateCoverage: 0.4,
        };
    }
  });
}

/** The shape of the request example: every item carries its own factor. */
export function inlineItems(): EstimateItem[] {
  return Array.from({ length: ESTIMATE_ITEM_COUNT }, (_, index) => ({
    id: `item-${index}`,
    quantity: 100 + (index % 997),
    unit: 'gal',
    scope: 1 as const,
    factor: {
      per: 'mmBtu',
      gases: {
        CO2: { value: 73.96, unit: 'kg' },
        CH4: { value: 3.0e-3, unit: 'kg' },
        N2O: { value: 6.0e-4, unit: 'kg' },
      },
      hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
    },
  }));
}

interface HandResult {
  readonly id: string;
  readonly gases: { CO2: number; CH4: number; N2O: number };
  readonly co2e: number;
}

/** The arithmetic a programmer would write knowing the data: kg per unit × quantity, certificates, GWP. */
export function handWrittenLoop(items: readonly EstimateItem[]): {
  items: HandResult[];
  totals: { co2e: number };
} {
  const results: HandResult[] = [];
  let total = 0;
  for (const item of items) {
    const factor = item.factor;
    let co2PerUnit: number;
    let ch4PerUnit: number;
    let n2oPerUnit: number;
    if ('id' in factor) {
      const perUnit = KG_PER_UNIT[factor.id] as (typeof KG_PER_UNIT)[string];
      co2PerUnit = perUnit.CO2;
      ch4PerUnit = perUnit.CH4;
      n2oPerUnit = perUnit.N2O;
    } else {
      // Inline factors of this data set: kg per mmBtu with an HHV in mmBtu per gallon.
      const heatContent = factor.hhv?.value ?? 0;
      const gases = factor.gases ?? {};
      co2PerUnit = heatContent * (gases.CO2?.value ?? 0);
      ch4PerUnit = heatContent * (gases.CH4?.value ?? 0);
      n2oPerUnit = heatContent * (gases.N2O?.value ?? 0);
    }
    const quantity = item.quantity * (1 - (item.certificateCoverage ?? 0));
    const CO2 = quantity * co2PerUnit;
    const CH4 = quantity * ch4PerUnit;
    const N2O = quantity * n2oPerUnit;
    const co2e = CO2 * AR5.CO2 + CH4 * AR5.CH4 + N2O * AR5.N2O;
    results.push({ id: item.id, gases: { CO2, CH4, N2O }, co2e });
    total += co2e;
  }
  return { items: results, totals: { co2e: total } };
}
