import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** An answer as sent: its serialised body, and what a handler must check again on every hit (e.g. a record id). */
export interface CachedAnswer {
  readonly body: string;
  readonly recordId?: string;
}

/**
 * Whole serialised answers of reads (the facility list and view, decision 046; a facility's records, decision 051),
 * per realm, kept until a table they read may have changed: `clearRealms` on the database's notices naming realms
 * and before answering a write of realm data, `clear` on notices that cannot name them and before answering any
 * other request that may have written. While notices may be missed (`pause` until `resume`), every
 * answer is read again. Bounded in entries and in characters of keys and bodies.
 */
export interface AnswerCache {
  /**
   * The answer under `key` in `realmId`: kept, or loaded (concurrent callers share one load) and kept unless the
   * realm's answers were cleared while it loaded, as it may have read the state before the change.
   */
  get(realmId: string, key: string, load: () => Promise<CachedAnswer>): Promise<CachedAnswer>;
  clearRealms(realmIds: readonly string[]): void;
  clear(): void;
  pause(): void;
  resume(): void;
  /** What is kept now, to check the bound. */
  usage(): { entries: number; characters: number };
}

export interface AnswerCacheBounds {
  maxEntries: number;
  maxCharacters: number;
}

/** Separates a key's parts: absent from realm ids and generations, so no two keys' parts run together. */
const KEY_SEPARATOR = '\u0000';

export function createAnswerCache({ maxEntries, maxCharacters }: AnswerCacheBounds): AnswerCache {
  const entries = new LRUCache<string, CachedAnswer>({
    max: maxEntries,
    maxSize: maxCharacters,
    sizeCalculation: (answer, key) => answer.body.length + key.length + (answer.recordId?.length ?? 0),
  });
  const loading = new Map<string, Promise<CachedAnswer>>();
  // A clear moves the generation on, so a load that started before it is stored under a key nobody asks for again.
  let generation = 0;
  const realmGenerations = new Map<string, number>();
  let pauses = 0;

  const prefixOf = (realmId: string) =>
    `${realmId}${KEY_SEPARATOR}${generation}.${realmGenerations.get(realmId) ?? 0}${KEY_SEPARATOR}`;

  const clear = () => {
    generation += 1;
    realmGenerations.clear();
    entries.clear();
  };

  return {
    get(realmId, key, load) {
      if (pauses > 0) return load();
      const fullKey = prefixOf(realmId) + key;
      const kept = entries.get(fullKey);
      if (kept) return Promise.resolve(kept);
      const pending = loading.get(fullKey);
      if (pending) return pending;
      const loaded = load().then((answer) => {
        if (pauses === 0 && prefixOf(realmId) + key === fullKey) entries.set(fullKey, answer);
        return answer;
      });
      loading.set(fullKey, loaded);
      const forget = () => {
        if (loading.get(fullKey) === loaded) loading.delete(fullKey);
      };
      loaded.then(forget, forget);
      return loaded;
    },
    clearRealms(realmIds) {
      for (const realmId of realmIds) {
        realmGenerations.set(realmId, (realmGenerations.get(realmId) ?? 0) + 1);
        const prefix = `${realmId}${KEY_SEPARATOR}`;
        for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
      }
    },
    clear,
    pause() {
      pauses += 1;
      clear();
    },
    resume() {
      clear();
      pauses = Math.max(0, pauses - 1);
    },
    usage: () => ({ entries: entries.size, characters: entries.calculatedSize }),
  };
}

/**
 * A key for a read's answer: the realms row-level security lets the request see (its realm scope) and the read's
 * own inputs (normalised query, GWP set, slug). Add whatever else the handler's query depends on, such as the
 * user's rules when it filters by them; never the user alone, as two users may see alike or differ.
 */
export function answerKeyOf(request: FastifyRequest, inputs: readonly unknown[]): string {
  return JSON.stringify([request.realmScope, ...inputs]);
}

/** `value` serialised by the route's response serialiser, as every answer of the route is. */
export function serialisedAnswer(reply: FastifyReply, value: unknown, recordId?: string): CachedAnswer {
  const body = reply.serialize(value);
  if (typeof body !== 'string')
    throw new Error('A kept answer is JSON text; the route serialised it to bytes');
  return recordId === undefined ? { body } : { body, recordId };
}

/** The body as serialised once: a string with a JSON content type is sent as it is, with no serialisation. */
export function sendAnswer(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}
