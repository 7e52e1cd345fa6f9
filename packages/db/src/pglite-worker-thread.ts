/**
 * The worker thread that owns the server's PGlite (decision 047): the database's WebAssembly runs here, on its
 * own thread, while the main thread serves HTTP. It answers the messages of `PgliteWorkerClient`
 * (`pglite-worker-client.ts`) and nothing else.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { SCOPE_STATEMENT } from './realm-scope.ts';
import type { WorkerReply, WorkerRequest, WorkerQueryOptions } from './pglite-worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker-thread.ts runs only as a worker thread');
const { dataDir } = workerData as { dataDir: string };

/** Each open transaction's handle, and how to end it: its callback in `client.transaction` waits on this. */
const transactions = new Map<number, { tx: Transaction; end: (isCommit: boolean) => void }>();
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

function target(client: PGlite, transactionId: number | undefined): PGlite | Transaction {
  if (transactionId === undefined) return client;
  const open = transactions.get(transactionId);
  if (!open) throw new Error(`Transaction ${transactionId} is not open`);
  return open.tx;
}

async function handle(client: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const options = queryOptions(request.options);
      if (!request.scope)
        return target(client, request.transactionId).query(request.text, request.params, options);
      const scope = request.scope;
      // One message for the scoped statement's short transaction: begin, scope, statement, commit.
      return client.transaction(async (tx) => {
        await tx.query(SCOPE_STATEMENT, scope);
        return tx.query(request.text, request.params, options);
      });
    }
    case 'exec': {
      if (!request.scope) return target(client, request.transactionId).exec(request.text);
      const scope = request.scope;
      return client.transaction(async (tx) => {
        await tx.query(SCOPE_STATEMENT, scope);
        return tx.exec(request.text);
      });
    }
    case 'begin':
      return new Promise<number>((resolveBegun, rejectBegun) => {
        const transactionId = nextTransactionId++;
        client
          .transaction(async (tx) => {
            const isCommit = await new Promise<boolean>((end) => {
              transactions.set(transactionId, { tx, end });
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
      return undefined;
  }
}

/** Who waits for a transaction's commit or rollback to finish. */
const endings = new Map<number, { resolve: () => void; reject: (error: unknown) => void }>();

function settleEnd(transactionId: number, error?: unknown): void {
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
