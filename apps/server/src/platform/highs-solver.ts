import { Worker } from 'node:worker_threads';

/*
 * HiGHS on a worker thread (decision 032). A solve blocks its thread for as long as it runs, and building a large
 * model takes seconds too, so both happen on the worker the caller names, never on the thread that answers
 * requests. One worker, started on the first job (or at once, `isStartedAtOnce`) and kept for the next; jobs
 * queued, one at a time.
 */

/** The worker's `workerData`: whether it should warm up before its first job (decision 052). */
export interface SolverWorkerData {
  readonly isWarmUp: boolean;
}

/** What the host posts to the worker. */
export interface SolverRequest<Job> {
  readonly id: number;
  readonly job: Job;
}

/** What the worker answers: the job's outcome, or the message of what it threw. */
export type SolverReply<Outcome> =
  { readonly id: number; readonly outcome: Outcome } | { readonly id: number; readonly error: string };

/** The solver's thread died or failed mid-job; the job has no answer, the next job gets a fresh thread. */
export class SolverFailureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolverFailureError';
  }
}

export interface HighsSolver<Job, Outcome> {
  /** Runs the job on the worker thread; jobs run one after another. Rejects with `SolverFailureError`. */
  solve(job: Job): Promise<Outcome>;
  close(): Promise<void>;
}

export interface HighsSolverOptions {
  /** The worker's module: it answers each `SolverRequest` with a `SolverReply`. */
  workerUrl: URL;
  /** How long past the job's time limit the worker may stay silent before it is ended. */
  graceMs?: number;
  /**
   * Start the worker now and let it warm up (the server does; tests leave it to the first job): the first request
   * then finds HiGHS loaded and its WebAssembly already compiled to optimised code (decision 052).
   */
  isStartedAtOnce?: boolean;
}

const DEFAULT_GRACE_MS = 30_000;

/**
 * A worker that exits, throws, answers an error or overruns its job's time limit by the grace is ended; its job
 * is rejected and the next job starts a new worker, so the server keeps serving.
 */
export function createHighsSolver<Job extends { readonly timeLimitSeconds: number }, Outcome>(
  options: HighsSolverOptions,
): HighsSolver<Job, Outcome> {
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  let worker: Worker | undefined;
  let nextId = 1;
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  const startWorker = (isWarmUp: boolean): Worker => {
    // The server runs TypeScript through tsx (decision 002): the worker's thread registers the same loader before
    // it imports its module (`execArgv: ['--import', 'tsx']` does not reach a worker's entry on Node 20).
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(options.workerUrl.href)}); });`;
    const workerData: SolverWorkerData = { isWarmUp };
    const started = new Worker(bootstrap, { eval: true, workerData });
    started.unref();
    return started;
  };

  const endWorker = async (ended: Worker) => {
    if (worker === ended) worker = undefined;
    await ended.terminate();
  };

  const run = (job: Job): Promise<Outcome> => {
    if (isClosed) return Promise.reject(new SolverFailureError('The solver is shut down'));
    worker ??= startWorker(false);
    const current = worker;
    const id = nextId++;
    return new Promise<Outcome>((resolve, reject) => {
      const fail = (message: string) => {
        cleanUp();
        void endWorker(current);
        reject(new SolverFailureError(message));
      };
      const onMessage = (reply: SolverReply<Outcome>) => {
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
      current.postMessage({ id, job } satisfies SolverRequest<Job>);
    });
  };

  if (options.isStartedAtOnce) worker = startWorker(true);

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
