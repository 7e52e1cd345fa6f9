/**
 * The worker thread that owns the server's PGlite (decision 047): the database's WebAssembly runs here, on its
 * own thread, while the main thread serves HTTP. It answers the messages of `PgliteWorkerClient`
 * (`pglite-worker-client.ts`) and nothing else.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { SCOPE_STATEMENT } from './realm-scope.ts';
import type {
  WorkerReply,
  WorkerRequest,
  WorkerQueryOptions,
  WorkerScope,
  DatabaseTiming,
} from './pglite-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker-thread.ts runs only as a worker thread');
const { dataDir } = workerData as { dataDir: string };

/**
 * Where the database's time goes under a benchmark's load (`bench/load.bench.ts`): when the file is named, each
 * request's wait for PGlite's one connection and its time on it are kept, and written there as JSON on close.
 * A transaction's time on it includes its idle gaps, waiting for the main thread's next statement.
 */
const TIMINGS_FILE = process.env.ECC_DATABASE_TIMINGS_FILE;
const timings: DatabaseTiming[] = [];
const now = () => performance.timeOrigin + performance.now();

/** Each open transaction's handle, and how to end it: its callback in `client.transaction` waits on this. */
const transactions = new Map<
  number,
  {
    tx: Transaction;
    end: (isCommit: boolean) => void;
    timing: DatabaseTiming & { statements: number; busyMs: number };
  }
>();
let nextTransactionId = 1;
/** Thrown inside `client.transaction` to make PGlite roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

function reply(message: WorkerReply): void {
  port?.postMessage(message);
}

/** Everything a database error carries (code, detail, constraint…): the main thread rebuilds the error from it. */
function serialisedError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  // Only plain values: a database error also holds its query's parameters, which need not survive cloning.
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return fields;
}

/** The parsers drizzle passes are all "keep the text" for the listed types: they are rebuilt here as such. */
function queryOptions(options: WorkerQueryOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, textTypes, blob } = options;
  const parsers = textTypes
    ? Object.fromEntries(textTypes.map((type) => [type, (text: string) => text]))
    : {};
  return { ...(rowMode ? { rowMode } : {}), ...(textTypes ? { parsers } : {}), ...(blob ? { blob } : {}) };
}

/** Runs one statement outside a scope: in its open transaction (timed into it) or alone on the connection. */
async function unscoped<Value>(
  client: PGlite,
  transactionId: number | undefined,
  statement: (target: PGlite | Transaction) => Promise<Value>,
): Promise<Value> {
  const start = now();
  if (transactionId === undefined) {
    const value = await statement(client);
    if (TIMINGS_FILE) timings.push({ kind: 'statement', at: start, waitMs: 0, heldMs: now() - start });
    return value;
  }
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`Transaction ${transactionId} is not open`);
  try {
    return await statement(open.tx);
  } finally {
    open.timing.statements += 1;
    open.timing.busyMs += now() - start;
  }
}

/** A statement in its own short transaction bound to a realm scope, its wait for the connection timed. */
async function scoped<Value>(
  client: PGlite,
  scope: WorkerScope,
  statement: (tx: Transaction) => Promise<Value>,
): Promise<Value> {
  const arrived = now();
  let started = arrived;
  const value = await client.transaction(async (tx) => {
    started = now();
    await tx.query(SCOPE_STATEMENT, scope);
    return statement(tx);
  });
  if (TIMINGS_FILE)
    timings.push({
      kind: 'scoped statement',
      at: arrived,
      waitMs: started - arrived,
      heldMs: now() - started,
    });
  return value;
}

async function handle(client: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const options = queryOptions(request.options);
      if (!request.scope)
        return unscoped(client, request.transactionId, (target) =>
          target.query(request.text, request.params, options),
        );
      // One message for the scoped statement's short transaction: begin, scope, statement, commit.
      return scoped(client, request.scope, (tx) => tx.query(request.text, request.params, options));
    }
    case 'exec': {
      if (!request.scope)
        return unscoped(client, request.transactionId, (target) => target.exec(request.text));
      return scoped(client, request.scope, (tx) => tx.exec(request.text));
    }
    case 'begin': {
      const { scope } = request;
      return new Promise<number>((resolveBegun, rejectBegun) => {
        const transactionId = nextTransactionId++;
        const timing = {
          kind: 'transaction' as const,
          at: now(),
          waitMs: 0,
          heldMs: 0,
          statements: 0,
          busyMs: 0,
        };
        client
          .transaction(async (tx) => {
            timing.waitMs = now() - timing.at;
            if (scope) {
              const start = now();
              await tx.query(SCOPE_STATEMENT, scope).catch((error: unknown) => {
                rejectBegun(error);
                throw error;
              });
              timing.statements += 1;
              timing.busyMs += now() - start;
            }
            const isCommit = await new Promise<boolean>((end) => {
              transactions.set(transactionId, { tx, end, timing });
              resolveBegun(transactionId);
            });
            if (!isCommit) throw ROLLBACK;
          })
          .then(
            () => settleEnd(transactionId),
            (error: unknown) => settleEnd(transactionId, error === ROLLBACK ? undefined : error),
          )
          .catch(rejectBegun);
      });
    }
    case 'end':
      return new Promise<void>((resolveEnd, rejectEnd) => {
        const open = transactions.get(request.transactionId);
        if (!open) throw new Error(`Transaction ${request.transactionId} is not open`);
        endings.set(request.transactionId, { resolve: resolveEnd, reject: rejectEnd });
        open.end(request.isCommit);
      });
    case 'listen':
      return listen(client, request.channel);
    case 'unlisten':
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return undefined;
    case 'close':
      await client.close();
      if (TIMINGS_FILE) writeFileSync(TIMINGS_FILE, JSON.stringify(timings));
      return undefined;
  }
}

/** Who waits for a transaction's commit or rollback to finish. */
const endings = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

function settleEnd(transactionId: number, error?: unknown): void {
  const timing = transactions.get(transactionId)?.timing;
  if (TIMINGS_FILE && timing) timings.push({ ...timing, heldMs: now() - timing.at - timing.waitMs });
  transactions.delete(transactionId);
  const ending = endings.get(transactionId);
  endings.delete(transactionId);
  if (!ending) return;
  if (error === undefined) ending.resolve();
  else ending.reject(error);
}

const unlisteners = new Map<string, () => Promise<void>>();

async function listen(client: PGlite, channel: string): Promise<void> {
  if (unlisteners.has(channel)) return;
  const stop = await client.listen(channel, (payload) => reply({ kind: 'notification', channel, payload }));
  unlisteners.set(channel, stop);
}

const client = await PGlite.create({ dataDir });
port.on('message', (request: WorkerRequest) => {
  handle(client, request)
    .then((value) => reply({ kind: 'result', id: request.id, value }))
    // A failed statement, or a result that cannot be cloned to the main thread: that call fails, not the worker.
    .catch((error: unknown) => reply({ kind: 'error', id: request.id, error: serialisedError(error) }));
});
reply({ kind: 'ready' });
