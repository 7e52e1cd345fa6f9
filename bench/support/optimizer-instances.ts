/**
 * The optimizer benchmark's seeded instances (issue 12, Performance), shared by `optimizer.bench.ts` and
 * `optimizer-profile.ts` so both measure the same models.
 */
import {
  optimizeRequestSchema,
  type OptimizeRequest,
  type OptimizerMeasure,
} from '../../packages/contracts/src/index.ts';

export const BASE_YEAR = 2025;
export const YEARS = 10;
const BASELINE_KG = 100_000_000;

/** mulberry32, so every run benchmarks the same instances. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A capex plan a sustainability lead might bring: measures of 0.3–4 % of the baseline each, capex and running
 * costs of their size, lifetimes of 5–25 years, a fifth in exclusive pairs, a tenth needing an earlier measure,
 * budgets in half the years, against the 1.5 °C trajectory (42 % by the tenth year).
 */
export function instance(measureCount: number, seed: number): OptimizeRequest {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + (high - low) * random();
  const measures: OptimizerMeasure[] = Array.from({ length: measureCount }, (_, index) => {
    const abatement = Math.round(BASELINE_KG * between(0.003, 0.04));
    return {
      id: `measure-${index}`,
      abatement,
      capex: Math.round((abatement / 1000) * between(50, 900)),
      annualCost: Math.round((abatement / 1000) * between(-40, 60)),
      lifetime: Math.round(between(5, 25)),
      ...(random() < 0.3 ? { earliestYear: BASE_YEAR + Math.round(between(1, 6)) } : {}),
      ...(random() < 0.2 ? { group: `pair-${Math.floor(index / 2)}` } : {}),
      ...(index > 0 && random() < 0.1 ? { requires: [`measure-${Math.floor(random() * index)}`] } : {}),
    };
  });
  const budget: Record<string, number> = {};
  for (let year = BASE_YEAR + 1; year <= BASE_YEAR + YEARS; year += 2) budget[year] = 40_000_000;
  return optimizeRequestSchema.parse({
    baseYear: BASE_YEAR,
    targetYear: BASE_YEAR + YEARS,
    baseline: { [BASE_YEAR]: BASELINE_KG, [BASE_YEAR + 5]: BASELINE_KG * 1.03 },
    trajectory: { rate: 0.042 },
    discountRate: 0.06,
    budget,
    measures,
  });
}
