import { benchmarkEndpoints, facilityEndpoints, type BenchmarkQuery } from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const BENCHMARKS_QUERY_KEY = ['benchmarks'] as const;

/** Facilities the picker offers for what was typed: a page of the facility list, by name. */
export const FACILITY_PICKER_LIMIT = 20;

export function facilitySearchQuery(text: string) {
  return queryOptions({
    queryKey: [...BENCHMARKS_QUERY_KEY, 'facilities', text] as const,
    queryFn: async ({ signal }) =>
      callEndpoint(facilityEndpoints.list, {
        query: { q: text === '' ? undefined : text, limit: FACILITY_PICKER_LIMIT, sort: 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The facility among its peers; disabled until a facility is picked. */
export function benchmarkQuery(facilityId: string | undefined, query: BenchmarkQuery) {
  return queryOptions({
    queryKey: [...BENCHMARKS_QUERY_KEY, 'facility', facilityId, query] as const,
    queryFn: async ({ signal }) =>
      callEndpoint(benchmarkEndpoints.facility, { params: { id: facilityId ?? '' }, query, signal }),
    enabled: facilityId !== undefined,
    placeholderData: keepPreviousData,
  });
}
