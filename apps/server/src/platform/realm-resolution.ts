import type { Realm } from '@ecc/contracts';
import type { RealmRepository } from '@ecc/db';
import type { FastifyRequest } from 'fastify';
import type { ChangeAwareCache } from './change-aware-cache.ts';

export interface RealmResolver {
  /** The realm this request's host belongs to: the one listing the host name in `domains`, else the default. */
  resolve(request: FastifyRequest): Promise<Realm | undefined>;
}

/** `Host: Example.COM:3000` → `example.com`; `[::1]:3000` → `[::1]`. */
export function hostNameOf(request: Pick<FastifyRequest, 'hostname'>): string {
  return request.hostname.toLowerCase();
}

/**
 * The realm comes from the host name alone (port stripped), never from anything else the client sends. Every
 * request needs it, so the answer per host name is cached until a realm changes. A request keeps the realm it
 * first got, so its hooks and handler see one realm even if it changes meanwhile.
 */
export function createRealmResolver(
  realmRepository: RealmRepository,
  defaultRealmKey: string,
  cache: ChangeAwareCache,
): RealmResolver {
  const perRequest = new WeakMap<FastifyRequest, Promise<Realm | undefined>>();
  return {
    resolve(request) {
      let realm = perRequest.get(request);
      if (!realm) {
        const hostName = hostNameOf(request);
        realm = cache.get(`host ${hostName}`, () =>
          realmRepository.findActiveForHost(hostName, defaultRealmKey),
        );
        perRequest.set(request, realm);
      }
      return realm;
    },
  };
}
