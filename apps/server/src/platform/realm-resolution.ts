import type { Realm } from '@ecc/contracts';
import type { RealmRepository } from '@ecc/db';
import type { FastifyRequest } from 'fastify';

export interface RealmResolver {
  /** The realm this request's host belongs to: the one listing the host name in `domains`, else the default. */
  resolve(request: FastifyRequest): Promise<Realm | undefined>;
}

/** `Host: Example.COM:3000` → `example.com`; `[::1]:3000` → `[::1]`. */
export function hostNameOf(request: Pick<FastifyRequest, 'hostname'>): string {
  return request.hostname.toLowerCase();
}

/**
 * The realm comes from the host name alone (port stripped), never from anything else the client sends. The
 * answer is kept per request, so hooks and handlers that ask again cost no query.
 */
export function createRealmResolver(
  realmRepository: RealmRepository,
  defaultRealmKey: string,
): RealmResolver {
  const resolved = new WeakMap<FastifyRequest, Promise<Realm | undefined>>();
  const lookUp = (request: FastifyRequest) =>
    realmRepository.findActiveForHost(hostNameOf(request), defaultRealmKey);
  return {
    resolve(request) {
      let realm = resolved.get(request);
      if (!realm) {
        realm = lookUp(request);
        resolved.set(request, realm);
      }
      return realm;
    },
  };
}
