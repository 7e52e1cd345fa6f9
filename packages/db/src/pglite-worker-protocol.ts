/** The messages between the main thread's `PgliteWorkerClient` and `pglite-worker-thread.ts` (decision 047). */

/** What a query's options become across the thread boundary: parsers are functions, so only their types go. */
export interface WorkerQueryOptions {
  rowMode?: 'array' | 'object';
  /** Types whose values stay text (drizzle's parsers for dates, timestamps, intervals and their arrays). */
  textTypes?: number[];
  blob?: Blob;
}

/** The scope statement's three parameters: the statement runs in its own short transaction with them. */
export type WorkerScope = [string, string, string];

export type WorkerRequest = { id: number } & (
  | {
      kind: 'query';
      text: string;
      params?: unknown[];
      options?: WorkerQueryOptions;
      transactionId?: number;
      scope?: WorkerScope;
    }
  | { kind: 'exec'; text: string; transactionId?: number; scope?: WorkerScope }
  /** With a scope, the transaction is bound to it before its id is answered: one message instead of two. */
  | { kind: 'begin'; scope?: WorkerScope }
  | { kind: 'end'; transactionId: number; isCommit: boolean }
  | { kind: 'listen'; channel: string }
  | { kind: 'unlisten'; channel: string }
  | { kind: 'close' }
);

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: Record<string, unknown> }
  | { kind: 'notification'; channel: string; payload: string };

/** One request's time at the worker, kept when `ECC_DATABASE_TIMINGS_FILE` names a file (the load bench). */
export interface DatabaseTiming {
  kind: 'scoped statement' | 'statement' | 'transaction';
  /** When the request arrived, in milliseconds since the epoch. */
  at: number;
  waitMs: number;
  heldMs: number;
  /** A transaction's statements and their time in the database; the rest of `heldMs` it sat idle. */
  statements?: number;
  busyMs?: number;
}
