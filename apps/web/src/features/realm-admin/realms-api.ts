import {
  managedRealmListResponseSchema,
  managedRealmSchema,
  type ManagedRealm,
  type NewRealmRequest,
  type RealmUpdateRequest,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

const realmsQueryKey = ['realm-admin', 'realms'] as const;
export const REALM_PAGE_SIZE = 25;

/** `GET /api/realms?q=&limit=&offset=`: a page of the realms the user may read. */
export const realmsQueryOptions = (search: string, offset: number) =>
  queryOptions({
    queryKey: [...realmsQueryKey, search, offset],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: String(REALM_PAGE_SIZE), offset: String(offset) });
      if (search) query.set('q', search);
      return managedRealmListResponseSchema.parse(await api.get<unknown>(`/api/realms?${query}`, { signal }));
    },
  });

export async function createRealm(realm: NewRealmRequest): Promise<ManagedRealm> {
  return managedRealmSchema.parse(await api.post<unknown>('/api/realms', realm));
}

export async function updateRealm(realmId: string, changes: RealmUpdateRequest): Promise<ManagedRealm> {
  return managedRealmSchema.parse(
    await api.request<unknown>(`/api/realms/${encodeURIComponent(realmId)}`, {
      method: 'PATCH',
      body: changes,
    }),
  );
}

export function refreshRealms(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: realmsQueryKey });
}
