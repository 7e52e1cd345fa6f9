import { Worker } from 'node:worker_threads';
import type { SolverJob, SolverOutcome } from './highs-solve.ts';
import type { SolverReply, SolverRequest } from './highs-solver-worker.ts';

/** The solver's thread died or failed mid-solve; the job has no answer, the next job gets a fresh thread. */
export class SolverFailureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolverFailureError';
  }
}

export interface HighsSolver {
  /** Solves on the worker thread; jobs run one after another. Rejects with `SolverFailureError`. */
  solve(job: SolverJob): Promise<SolverOutcome>;
  close(): Promise<void>;
}

export interface HighsSolverOptions {
  /** The worker's module; tests give one that fails on purpose. */
  workerUrl?: URL;
  /** How long past the job's time limit the worker may stay silent before it is ended. */
  graceMs?: number;
}

const DEFAULT_WORKER_URL = new URL('./highs-solver-worker.ts', import.meta.url);
const DEFAULT_GRACE_MS = 30_000;

/**
 * HiGHS on a worker thread (decision 032), started on the first job and kept for the next. A worker that exits,
 * throws or overruns its job's time limit by the grace is ended; its job is rejected and the next job starts a
 * new worker, so the server keeps serving.
 */
export function createHighsSolver(options: HighsSolverOptions = {}): HighsSolver {
  const workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let worker: Worker | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  const startWorker = (): Worker => {
    // The server runs TypeScript through tsx (decision 002): the worker's thread registers the same loader before
    // it imports its module (`execArgv: ['--import', 'tsx']` does not reach a worker's entry on Node 20).
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); });`;
    const started = new Worker(bootstrap, { eval: true });
    started.unref();
    return started;
  };

  const endWorker = async (ended: Worker) => {
    if (worker === ended) worker = undefined;
    await ended.terminate();
  };

  const run = (job: SolverJob): Promise<SolverOutcome> => {
    if (isClosed) return Promise.reject(new SolverFailureError('The solver is shut down'));
    worker ??= startWorker();
    const current = worker;
    const id = nextId++;
    return new Promise<SolverOutcome>((resolve, reject) => {
      const fail = (message: string) => {
        cleanUp();
        void endWorker(current);
        reject(new SolverFailureError(message));
      };
      const onMessage = (reply: SolverReply) => {
        if (reply.id !== id) return;
        if ('error' in reply) return fail(`The solver failed: ${reply.error}`);
        cleanUp();
        resolve(reply.outcome);
      };
      const onError = (error: Error) => fail(`The solver crashed: ${error.message}`);
      const onExit = (code: number) => fail(`The solver stopped unexpectedly (exit code ${code})`);
      const watchdog = setTimeout(
        () => fail('The solver did not answer within its time limit'),
        job.timeLimitSeconds * 1000 + graceMs,
      );
      const cleanUp = () => {
        clearTimeout(watchdog);
        current.off('message', onMessage);
        current.off('error', onError);
        current.off('exit', onExit);
        current.unref();
      };
      current.on('message', onMessage);
      current.on('error', onError);
      current.on('exit', onExit);
      current.ref();
      current.postMessage({ id, job } satisfies SolverRequest);
    });
  };

  return {
    solve(job) {
      const result = queue.then(() => run(job));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      isClosed = true;
      if (worker) await endWorker(worker);
    },
  };
}
