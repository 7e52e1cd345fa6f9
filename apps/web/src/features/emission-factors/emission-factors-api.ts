import {
  emissionFactorListResponseSchema,
  realmEmissionFactorListResponseSchema,
  realmEmissionFactorSchema,
  type RealmEmissionFactorDto,
  type RealmEmissionFactorInput,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

export const FACTOR_PAGE_SIZE = 50;

/** Every factor list starts with `emission-factors`, so one invalidation refreshes them all after a change. */
export const emissionFactorQueryKeys = {
  all: ['emission-factors'] as const,
  library: (search: string, offset: number) => ['emission-factors', 'library', search, offset] as const,
  drafts: (offset: number) => ['emission-factors', 'drafts', offset] as const,
};

/** `GET /api/emission-factors`: one page of the library and the realm's published factors matching `search`. */
export function emissionFactorsQueryOptions(search: string, offset: number) {
  return queryOptions({
    queryKey: emissionFactorQueryKeys.library(search, offset),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        q: search,
        limit: String(FACTOR_PAGE_SIZE),
        offset: String(offset),
      });
      return emissionFactorListResponseSchema.parse(
        await api.get<unknown>(`/api/emission-factors?${query.toString()}`, { signal }),
      );
    },
  });
}

/** `GET /api/emission-factors/drafts`: one page of the realm's drafts, newest first. */
export function draftFactorsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: emissionFactorQueryKeys.drafts(offset),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: String(FACTOR_PAGE_SIZE), offset: String(offset) });
      return realmEmissionFactorListResponseSchema.parse(
        await api.get<unknown>(`/api/emission-factors/drafts?${query.toString()}`, { signal }),
      );
    },
  });
}

export async function createFactor(input: RealmEmissionFactorInput): Promise<RealmEmissionFactorDto> {
  return realmEmissionFactorSchema.parse(await api.post<unknown>('/api/emission-factors', input));
}

export async function publishFactor(id: string): Promise<RealmEmissionFactorDto> {
  return realmEmissionFactorSchema.parse(
    await api.post<unknown>(`/api/emission-factors/${encodeURIComponent(id)}/publish`, {}),
  );
}

export async function deleteFactor(id: string): Promise<void> {
  await api.request<unknown>(`/api/emission-factors/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
