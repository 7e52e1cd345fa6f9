import {
  managedRealmEndpoints,
  type ManagedRealm,
  type NewRealmRequest,
  type RealmUpdateRequest,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const realmsQueryKey = ['realm-admin', 'realms'] as const;
export const REALM_PAGE_SIZE = 25;

/** `GET /api/realms?q=&limit=&offset=`: a page of the realms the user may read. */
export const realmsQueryOptions = (search: string, offset: number) =>
  queryOptions({
    queryKey: [...realmsQueryKey, search, offset],
    queryFn: async ({ signal }) =>
      callEndpoint(managedRealmEndpoints.list, {
        query: { limit: REALM_PAGE_SIZE, offset, q: search },
        signal,
      }),
  });

export async function createRealm(realm: NewRealmRequest): Promise<ManagedRealm> {
  return callEndpoint(managedRealmEndpoints.create, { body: realm });
}

export async function updateRealm(realmId: string, changes: RealmUpdateRequest): Promise<ManagedRealm> {
  return callEndpoint(managedRealmEndpoints.update, { params: { realmId }, body: changes });
}

export function refreshRealms(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: realmsQueryKey });
}
