/**
 * Micro-benchmark of the emissions engine: estimate() on 100,000 items against a minimal hand-written loop that
 * does the same arithmetic (quantity × precomputed kg per unit for each gas, certificate share, Σ mass × GWP) and
 * builds the same per-item output, measured in the same run. Run: `npx tsx bench/estimate-engine.bench.ts`.
 * The estimate API must stay within 3× of the hand-written loop (issue 4, Performance).
 */
import { estimate, type EstimateItem } from '../packages/domain/src/emissions/index.ts';

const ITEM_COUNT = 100_000;
const WARM_UP_RUNS = 5;
const MEASURED_RUNS = 21;
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

function libraryItems(): EstimateItem[] {
  return Array.from({ length: ITEM_COUNT }, (_, index): EstimateItem => {
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

/** The request example: every item carries its own factor, as JSON would deliver it. */
function inlineItems(): EstimateItem[] {
  return Array.from({ length: ITEM_COUNT }, (_, index) => ({
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

function handWrittenLoop(items: readonly EstimateItem[]): { items: HandResult[]; co2e: number } {
  const results: HandResult[] = [];
  let total = 0;
  for (const item of items) {
    const factorId = 'id' in item.factor ? item.factor.id : 'epa-c1-distillate-fuel-oil-no-2';
    const perUnit = KG_PER_UNIT[factorId] as (typeof KG_PER_UNIT)[string];
    const quantity = item.quantity * (1 - (item.certificateCoverage ?? 0));
    const CO2 = quantity * perUnit.CO2;
    const CH4 = quantity * perUnit.CH4;
    const N2O = quantity * perUnit.N2O;
    const co2e = CO2 * AR5.CO2 + CH4 * AR5.CH4 + N2O * AR5.N2O;
    results.push({ id: item.id, gases: { CO2, CH4, N2O }, co2e });
    total += co2e;
  }
  return { items: results, co2e: total };
}

function engine(items: readonly EstimateItem[]): number {
  const outcome = estimate({ gwp: 'AR5', items });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.totals.co2e;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function measure(label: string, items: readonly EstimateItem[]): void {
  const expected = handWrittenLoop(items).co2e;
  const actual = engine(items);
  if (Math.abs(actual - expected) / expected > 1e-12) {
    throw new Error(`${label}: engine total ${actual} differs from the hand-written loop's ${expected}`);
  }
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    handWrittenLoop(items);
    engine(items);
  }
  const handTimes: number[] = [];
  const engineTimes: number[] = [];
  // Alternate the two so both see the same machine state.
  for (let run = 0; run < MEASURED_RUNS; run++) {
    let start = performance.now();
    handWrittenLoop(items);
    handTimes.push(performance.now() - start);
    start = performance.now();
    engine(items);
    engineTimes.push(performance.now() - start);
  }
  // The fastest run shows the code's cost with the least interference from other processes and GC timing.
  const describe = (pick: (times: number[]) => number, name: string) => {
    const hand = pick(handTimes);
    const engineTime = pick(engineTimes);
    return `${name}: hand-written ${hand.toFixed(1)} ms, estimate() ${engineTime.toFixed(1)} ms, ratio ${(engineTime / hand).toFixed(2)}×`;
  };
  console.info(`${label}, ${ITEM_COUNT} items, ${MEASURED_RUNS} runs each (limit 3×)`);
  console.info(`  ${describe(median, 'median')}`);
  console.info(`  ${describe((times) => Math.min(...times), 'fastest')}`);
}

measure('library factors (heat content, scf, market-based kWh)', libraryItems());
measure('inline factors (the API example shape)', inlineItems());
