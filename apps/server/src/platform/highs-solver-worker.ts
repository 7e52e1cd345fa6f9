import { parentPort } from 'node:worker_threads';
import loadHighs from 'highs';
import { solveWithHighs, type SolverJob, type SolverOutcome } from './highs-solve.ts';

/*
 * The worker thread that runs HiGHS (decision 032): a solve blocks its thread for as long as it runs, so it runs
 * here and never on the thread that answers requests. One job at a time; the host queues them.
 */

export interface SolverRequest {
  readonly id: number;
  readonly job: SolverJob;
}

export type SolverReply =
  { readonly id: number; readonly outcome: SolverOutcome } | { readonly id: number; readonly error: string };

const port = parentPort;
if (!port) throw new Error('highs-solver-worker.ts runs as a worker thread');
const highs = loadHighs();

port.on('message', (request: SolverRequest) => {
  void highs
    .then((loaded) => solveWithHighs(loaded, request.job))
    .then(
      (outcome): SolverReply => ({ id: request.id, outcome }),
      (error: unknown): SolverReply => ({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    )
    .then((reply) => port.postMessage(reply));
});
