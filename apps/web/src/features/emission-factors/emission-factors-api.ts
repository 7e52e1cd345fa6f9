import {
  emissionFactorListResponseSchema,
  realmEmissionFactorListResponseSchema,
  realmEmissionFactorSchema,
  recalculationRunSchema,
  type RealmEmissionFactorDto,
  type RealmEmissionFactorInput,
  type RecalculationRunDto,
  type RecalculationStartBody,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

export type GwpSetId = NonNullable<RecalculationStartBody['gwp']>;

export const FACTOR_PAGE_SIZE = 50;
export const RECALCULATION_POLL_MS = 1000;

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

/** `GET /api/recalculations/:id`, polled until the run has finished. */
export function recalculationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['recalculations', id],
    queryFn: async ({ signal }) =>
      recalculationRunSchema.parse(
        await api.get<unknown>(`/api/recalculations/${encodeURIComponent(id)}`, { signal }),
      ),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : RECALCULATION_POLL_MS),
  });
}

export function isFinished(run: RecalculationRunDto | undefined): boolean {
  return run?.status === 'completed' || run?.status === 'failed';
}

export async function startRecalculation(gwp: GwpSetId): Promise<RecalculationRunDto> {
  return recalculationRunSchema.parse(await api.post<unknown>('/api/recalculations', { gwp }));
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
