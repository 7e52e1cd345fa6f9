import { parentPort } from 'node:worker_threads';
import loadHighs from 'highs';
import { solveWithHighs } from '#platform/highs-solve.ts';
import type { SolverReply, SolverRequest } from '#platform/highs-solver.ts';
import { answerOptimizerJob, type OptimizerAnswer, type OptimizerJob } from './optimizer.service.ts';

/*
 * The optimizer's worker thread (decision 032): builds the models of a request and solves them with HiGHS, so
 * neither the seconds a large model takes to write nor the solve run on the thread that answers requests.
 */

const port = parentPort;
if (port) {
  const highs = loadHighs();
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
