import { parentPort, workerData } from 'node:worker_threads';
import loadHighs, { type Highs } from 'highs';
import { solveWithHighs } from '#platform/highs-solve.ts';
import type { SolverReply, SolverRequest, SolverWorkerData } from '#platform/highs-solver.ts';
import { answerOptimizerJob, type OptimizerAnswer, type OptimizerJob } from './optimizer.service.ts';
import { WARM_UP_SECONDS, warmUpRequest } from './optimizer-warm-up.ts';

/*
 * The optimizer's worker thread (decision 032): builds the models of a request and solves them with HiGHS, so
 * neither the seconds a large model takes to write nor the solve run on the thread that answers requests. Started
 * with the server, it warms up first (decision 052); jobs posted meanwhile wait in the port.
 */

async function warmedUp(highs: Highs): Promise<Highs> {
  // A failed warm-up only leaves the first job as slow as without one; the job itself reports real failures.
  await answerOptimizerJob({ request: warmUpRequest(), timeLimitSeconds: WARM_UP_SECONDS }, async (model) =>
    solveWithHighs(highs, model),
  ).catch(() => undefined);
  return highs;
}

const port = parentPort;
if (port) {
  const isWarmUp = (workerData as SolverWorkerData | undefined)?.isWarmUp === true;
  const highs = loadHighs().then((loaded) => (isWarmUp ? warmedUp(loaded) : loaded));
  port.on('message', ({ id, job }: SolverRequest<OptimizerJob>) => {
    void highs
      .then((loaded) => answerOptimizerJob(job, async (model) => solveWithHighs(loaded, model)))
      .then(
        (outcome): SolverReply<OptimizerAnswer> => ({ id, outcome }),
        (error: unknown): SolverReply<OptimizerAnswer> => ({
          id,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .then((reply) => port.postMessage(reply));
  });
}
