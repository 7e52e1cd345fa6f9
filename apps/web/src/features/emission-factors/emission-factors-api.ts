import {
  emissionEndpoints,
  type RealmEmissionFactorDto,
  type RealmEmissionFactorInput,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

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
    queryFn: async ({ signal }) =>
      callEndpoint(emissionEndpoints.factors, {
        query: { q: search, limit: FACTOR_PAGE_SIZE, offset },
        signal,
      }),
  });
}

/** `GET /api/emission-factors/drafts`: one page of the realm's drafts, newest first. */
export function draftFactorsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: emissionFactorQueryKeys.drafts(offset),
    queryFn: async ({ signal }) =>
      callEndpoint(emissionEndpoints.drafts, { query: { limit: FACTOR_PAGE_SIZE, offset }, signal }),
  });
}

export async function createFactor(input: RealmEmissionFactorInput): Promise<RealmEmissionFactorDto> {
  return callEndpoint(emissionEndpoints.createFactor, { body: input });
}

export async function publishFactor(id: string): Promise<RealmEmissionFactorDto> {
  return callEndpoint(emissionEndpoints.publishFactor, { params: { id } });
}

export async function deleteFactor(id: string): Promise<void> {
  await callEndpoint(emissionEndpoints.deleteFactor, { params: { id } });
}
