import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { solveWithHighs } from '#platform/highs-solve.ts';
import { optimizePathway } from './optimizer.service.ts';
import { warmUpRequest } from './optimizer-warm-up.ts';

describe('warmUpRequest', () => {
  it('is a plan HiGHS proves optimal, so the warm-up runs a whole solve and not a trivial one', async () => {
    const highs = await loadHighs();
    // The warm-up's own time limit is wall-clock; a loaded test machine gets the same proof with more time.
    const request = { ...warmUpRequest(), solver: { timeLimitSeconds: 60 } };
    const answer = await optimizePathway(request, async (job) => solveWithHighs(highs, job));
    expect(answer.status).toBe('optimal');
    expect(answer.plan.length).toBeGreaterThan(5);
  }, 120_000);
});
