import { optimizeRequestSchema } from '@ecc/contracts';
import { buildOptimizerModel, prepareOptimizerInput } from '@ecc/domain';
import fc from 'fast-check';
import loadHighs, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveWithHighs } from './highs-solve.ts';

/*
 * `solveWithHighs` tunes HiGHS (bound scaling, sub-MIP heuristics off) for speed only: on random optimizer models
 * too large for the exhaustive test of optimizer.test.ts it must prove the same optimum as HiGHS with every
 * option at its default.
 */

const RELATIVE_TOLERANCE = 1e-6;
const MEASURE_COUNT = { min: 4, max: 14 };

const measureArbitrary = fc.record({
  abatement: fc.integer({ min: 100_000, max: 4_000_000 }),
  costPerTonne: fc.integer({ min: 50, max: 900 }),
  annualCostPerTonne: fc.integer({ min: -40, max: 60 }),
  lifetime: fc.integer({ min: 2, max: 25 }),
  earliestOffset: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  isPaired: fc.boolean(),
  requiresEarlier: fc.option(fc.nat(), { nil: undefined }),
});

const requestArbitrary = fc
  .record({
    measures: fc.array(measureArbitrary, { minLength: MEASURE_COUNT.min, maxLength: MEASURE_COUNT.max }),
    years: fc.integer({ min: 3, max: 8 }),
    rate: fc.integer({ min: 10, max: 60 }),
    budget: fc.option(fc.integer({ min: 1_000_000, max: 20_000_000 }), { nil: undefined }),
  })
  .map(({ measures, years, rate, budget }) =>
    optimizeRequestSchema.parse({
      baseYear: 2025,
      targetYear: 2025 + years,
      baseline: { 2025: 100_000_000 },
      trajectory: { rate: rate / 1000 },
      discountRate: 0.06,
      ...(budget === undefined ? {} : { budget: { 2026: budget, 2027: budget } }),
      measures: measures.map((measure, index) => ({
        id: `m${index}`,
        abatement: measure.abatement,
        capex: Math.round((measure.abatement / 1000) * measure.costPerTonne),
        annualCost: Math.round((measure.abatement / 1000) * measure.annualCostPerTonne),
        lifetime: measure.lifetime,
        ...(measure.earliestOffset === undefined ? {} : { earliestYear: 2025 + measure.earliestOffset }),
        ...(measure.isPaired ? { group: `pair-${Math.floor(index / 2)}` } : {}),
        // Only earlier measures, so prerequisites never form a cycle.
        ...(index > 0 && measure.requiresEarlier !== undefined
          ? { requires: [`m${measure.requiresEarlier % index}`] }
          : {}),
      })),
    }),
  );

describe('solveWithHighs', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await loadHighs();
  });

  it('proves the same optimum as HiGHS at its default options on random optimizer models', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        const input = prepareOptimizerInput(request);
        for (const objective of [
          { kind: 'least-shortfall' as const },
          { kind: 'least-cost' as const, shortfallLimit: 0 },
        ]) {
          const { lpText } = buildOptimizerModel(input, objective);
          const tuned = solveWithHighs(highs, { lpText, timeLimitSeconds: 60, mipGap: 0 });
          const reference = highs.withModel({ format: 'lp', data: lpText }, (model) => {
            model.options.set({ output_flag: false, mip_rel_gap: 0 });
            model.run();
            return {
              isOptimal: model.getModelStatus() === highs.constants.modelStatus.optimal,
              isInfeasible: model.getModelStatus() === highs.constants.modelStatus.infeasible,
              objective: model.getObjectiveValue(),
            };
          });
          expect(tuned.status === 'infeasible').toBe(reference.isInfeasible);
          if (!reference.isOptimal) continue;
          expect(tuned.status).toBe('optimal');
          const scale = Math.max(1, Math.abs(reference.objective));
          expect(Math.abs(tuned.objective - reference.objective) / scale).toBeLessThanOrEqual(
            RELATIVE_TOLERANCE,
          );
        }
      }),
      { numRuns: 50, seed: 12 },
    );
    // Two HiGHS solves per model, 100 models: seconds on a quiet machine, several times that on a loaded one.
  }, 120_000);
});
