/**
 * The first solve in a process against the next (decision 052): the 40 × 10 benchmark model solved twice on one
 * HiGHS, process CPU (user and system) of each; `--warm` first solves the worker's warm-up request, as the server's
 * worker does at start. Run: `npx tsx bench/optimizer-first-solve.ts [--warm]`.
 */
import loadHighs from 'highs';
import { buildOptimizerModel, prepareOptimizerInput } from '../packages/domain/src/index.ts';
import { solveWithHighs } from '../apps/server/src/platform/highs-solve.ts';
import { optimizePathway } from '../apps/server/src/modules/pathways/optimizer.service.ts';
import { warmUpRequest } from '../apps/server/src/modules/pathways/optimizer-warm-up.ts';
import { instance } from './support/optimizer-instances.ts';

const highs = await loadHighs();
if (process.argv.includes('--warm')) {
  const cpu = process.cpuUsage();
  const response = await optimizePathway(warmUpRequest(), async (job) => solveWithHighs(highs, job));
  const used = process.cpuUsage(cpu);
  console.info(
    `warm-up ${response.status} gap ${response.gap} cpu ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
}
const model = buildOptimizerModel(prepareOptimizerInput(instance(40, 40)), {
  kind: 'least-cost',
  shortfallLimit: 0,
});
for (let run = 0; run < 2; run += 1) {
  const cpu = process.cpuUsage();
  const outcome = solveWithHighs(highs, { lpText: model.lpText, timeLimitSeconds: 120, mipGap: 0 });
  const used = process.cpuUsage(cpu);
  console.info(
    `run ${run} user ${(used.user / 1000).toFixed(0)} system ${(used.system / 1000).toFixed(0)} ${outcome.status} cpu ${((used.user + used.system) / 1000).toFixed(0)} ms wall ${outcome.solveMs.toFixed(0)} ms`,
  );
}
