import { benchmarkEndpoints, type BenchmarkQuery } from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const BENCHMARKS_QUERY_KEY = ['benchmarks'] as const;

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
