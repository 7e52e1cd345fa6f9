import { overviewEndpoints } from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { OVERVIEW_QUERY_KEY } from '#lib/period/reporting-years-query.ts';

/** The realm overview of `year` (the latest year with data when undefined). */
export function overviewQuery(year: number | undefined) {
  return queryOptions({
    queryKey: [...OVERVIEW_QUERY_KEY, 'figures', year] as const,
    queryFn: async ({ signal }) => callEndpoint(overviewEndpoints.get, { query: { year }, signal }),
    // Another year keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}
