import { optimizeRequestSchema, type OptimizeRequest, type OptimizerMeasure } from '@ecc/contracts';

/*
 * The request the optimizer's worker solves once when the server starts it (decision 052). The first solve in a
 * process costs about twice the CPU of the next on the same model (40 × 10 benchmark: 5.3–6.7 s against 2.8–4.1 s
 * at load ~35, user time; as much with V8's baseline compiler and tier-up off, so not the tier-up: presumably code
 * compiled on first use). After this warm-up, solved to optimality, the first request's solve costs what later ones do.
 */

const MEASURE_COUNT = 30;
const BASELINE_KG = 100_000_000;
/**
 * Only a cap for a very busy machine: the warm-up proves its optimum after a few nodes (about 4 s of CPU at load
 * ~35, most of it the first-use cost it exists for), and a request arriving meanwhile waits for it.
 */
export const WARM_UP_SECONDS = 20;

/** Thirty measures of varied size, cost and lifetime, some exclusive pairs and prerequisites, over ten years. */
export function warmUpRequest(): OptimizeRequest {
  const measures: OptimizerMeasure[] = Array.from({ length: MEASURE_COUNT }, (_, index) => {
    const abatement = 400_000 + ((index * 1_234_567) % 3_600_000);
    return {
      id: `warm-up-${index}`,
      abatement,
      capex: Math.round((abatement / 1000) * (60 + ((index * 37) % 800))),
      annualCost: Math.round((abatement / 1000) * (((index * 53) % 100) - 40)),
      lifetime: 5 + ((index * 3) % 20),
      ...(index % 4 === 1 ? { earliestYear: 2026 + (index % 5) } : {}),
      ...(index % 5 === 0 ? { group: `pair-${Math.floor(index / 2)}` } : {}),
      ...(index % 9 === 8 ? { requires: [`warm-up-${index - 3}`] } : {}),
    };
  });
  return optimizeRequestSchema.parse({
    baseYear: 2025,
    targetYear: 2035,
    baseline: { 2025: BASELINE_KG },
    trajectory: { rate: 0.042 },
    discountRate: 0.06,
    budget: { 2026: 20_000_000, 2028: 20_000_000, 2030: 20_000_000 },
    measures,
    solver: { timeLimitSeconds: WARM_UP_SECONDS },
  });
}
