import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type {
  WorkerQueryOptions,
  WorkerReply,
  WorkerRequest,
  WorkerScope,
} from './pglite-worker-protocol.ts';

/**
 * The worker's file is TypeScript: it is loaded through tsx's API whatever started this process (npm start's
 * `--import tsx`, vitest, a bench), which a worker's own `execArgv` cannot promise on Node 20.
 */
const WORKER_BOOTSTRAP = `import(${JSON.stringify(
  // Resolved as require does (vitest has no import.meta.resolve), then its ES module beside the CommonJS one.
  new URL('index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))).href,
)}).then(({ tsImport }) => tsImport(${JSON.stringify(
  new URL('./pglite-worker-thread.ts', import.meta.url).href,
)}, ${JSON.stringify(import.meta.url)}));`;

/** What our db layer calls on a PGlite: drizzle's driver (query, exec, transaction), LISTEN, and close. */
export interface PgliteLike {
  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>>;
  exec(text: string): Promise<Results[]>;
  transaction<Result>(work: (tx: Transaction) => Promise<Result>): Promise<Result>;
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Distributive over the request union, so each kind keeps its own fields. */
type RequestBody = WorkerRequest extends infer Request
  ? Request extends { id: number }
    ? Omit<Request, 'id'>
    : never
  : never;

/** The database worker stopped without being asked to: every call from then on fails with this. */
export class DatabaseWorkerError extends Error {
  override readonly name = 'DatabaseWorkerError';
}

/** A database error rebuilt on this thread with the fields the worker's carried (code, detail, constraint…). */
function rebuiltError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/**
 * drizzle's parsers only keep certain types' text (dates, timestamps, intervals): they cross to the worker as the
 * list of those types. Any other parser would be lost on the way, so it is refused rather than ignored.
 */
function workerOptions(options: QueryOptions | undefined): WorkerQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, blob } = options;
  const textTypes = parsers
    ? Object.entries(parsers).map(([type, parse]) => {
        if (parse('text', Number(type)) !== 'text') {
          throw new TypeError(`The database worker keeps parsers of type ${type} only as text`);
        }
        return Number(type);
      })
    : undefined;
  return {
    ...(rowMode ? { rowMode } : {}),
    ...(textTypes ? { textTypes } : {}),
    ...(blob instanceof Blob ? { blob } : {}),
  };
}

/**
 * PGlite in a worker thread, behind the calls our db layer makes on it (decision 047). Every call is one message;
 * PGlite's own mutex, in the worker, still queues statements and transactions as in process.
 */
export class PgliteWorkerClient implements PgliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #failure: Error | undefined;
  #isClosing = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the worker on `dataDir` and waits until its PGlite is open. `onFailure` hears, once, of the worker
   * stopping unasked (a crash in the database): the calls under way and every later one fail instead of hanging.
   */
  static start(dataDir: string, onFailure: (error: Error) => void): Promise<PgliteWorkerClient> {
    return PgliteWorkerClient.over(
      new Worker(WORKER_BOOTSTRAP, { eval: true, workerData: { dataDir } }),
      onFailure,
    );
  }

  /** A client of a started worker that speaks `pglite-worker-protocol.ts`, once it says it is ready. */
  static async over(worker: Worker, onFailure: (error: Error) => void): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(worker);
    await new Promise<void>((resolve, reject) => {
      const onStartError = (error: Error) => reject(error);
      const onStartExit = (code: number) =>
        reject(new DatabaseWorkerError(`The database worker exited with code ${code} while opening PGlite`));
      worker.once('error', onStartError);
      worker.once('exit', onStartExit);
      worker.once('message', (message: WorkerReply) => {
        worker.off('error', onStartError);
        worker.off('exit', onStartExit);
        if (message.kind === 'ready') resolve();
        else reject(new DatabaseWorkerError(`The database worker sent ${message.kind} before it was ready`));
      });
    });
    worker.on('message', (message: WorkerReply) => client.#receive(message));
    worker.on('error', (error) => client.#fail(error, onFailure));
    worker.on('exit', (code) => {
      if (!client.#isClosing) {
        client.#fail(
          new DatabaseWorkerError(`The database worker exited unexpectedly (code ${code})`),
          onFailure,
        );
      }
    });
    return client;
  }

  #fail(cause: Error, onFailure: (error: Error) => void): void {
    if (this.#failure) return;
    const failure = new DatabaseWorkerError(`The database stopped: ${cause.message}`, { cause });
    this.#failure = failure;
    for (const { reject } of this.#pending.values()) reject(failure);
    this.#pending.clear();
    onFailure(failure);
  }

  #receive(message: WorkerReply): void {
    if (message.kind === 'notification') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.kind === 'ready') return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (message.kind === 'result') waiting.resolve(message.value);
    else waiting.reject(rebuiltError(message.error));
  }

  #call<Value>(body: RequestBody): Promise<Value> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<Value>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  query<Row>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
    transactionId?: number,
  ): Promise<Results<Row>> {
    return this.#call({ kind: 'query', text, params, options: workerOptions(options), transactionId });
  }

  /** One statement in its own short transaction bound to a realm scope: one message instead of four. */
  queryInScope<Row>(
    scope: WorkerScope,
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<Row>> {
    return this.#call({ kind: 'query', text, params, options: workerOptions(options), scope });
  }

  exec(text: string, transactionId?: number): Promise<Results[]> {
    return this.#call({ kind: 'exec', text, transactionId });
  }

  execInScope(scope: WorkerScope, text: string): Promise<Results[]> {
    return this.#call({ kind: 'exec', text, scope });
  }

  /** A transaction, bound to `scope` (when given) by the message that begins it. */
  async transaction<Result>(
    work: (tx: Transaction) => Promise<Result>,
    scope?: WorkerScope,
  ): Promise<Result> {
    const transactionId = await this.#call<number>(scope ? { kind: 'begin', scope } : { kind: 'begin' });
    let isClosed = false;
    const tx = {
      query: <Row>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.query<Row>(text, params, options, transactionId),
      sql: () => Promise.reject(new TypeError('tx.sql is not available through the database worker')),
      exec: (text: string) => this.exec(text, transactionId),
      rollback: () => Promise.reject(new TypeError('Throw inside the transaction to roll it back')),
      listen: () => Promise.reject(new TypeError('LISTEN inside a transaction is not used')),
      get closed() {
        return isClosed;
      },
    } as unknown as Transaction;
    let result: Result;
    try {
      result = await work(tx);
    } catch (error) {
      isClosed = true;
      // The worker's error, if the rollback itself fails, is lost behind the one that caused it.
      await this.#call({ kind: 'end', transactionId, isCommit: false }).catch(() => undefined);
      throw error;
    }
    isClosed = true;
    await this.#call({ kind: 'end', transactionId, isCommit: true });
    return result;
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ kind: 'listen', channel });
    }
    listeners.add(onNotice);
    return async () => {
      listeners.delete(onNotice);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      if (!this.#failure && !this.#isClosing) await this.#call({ kind: 'unlisten', channel });
    };
  }

  /** Closes PGlite (its files written and released) and ends the worker. */
  async close(): Promise<void> {
    if (this.#isClosing) return;
    this.#isClosing = true;
    try {
      if (!this.#failure) await this.#call({ kind: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
