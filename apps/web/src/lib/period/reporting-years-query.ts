import { overviewEndpoints } from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/** The overview's queries (its figures and its years) start with this key: a change of records refreshes them. */
export const OVERVIEW_QUERY_KEY = ['overview'] as const;

/** The years with data in the realm, for the period selector of every screen that has one. */
export const reportingYearsQuery = queryOptions({
  queryKey: [...OVERVIEW_QUERY_KEY, 'years'] as const,
  queryFn: async ({ signal }) => callEndpoint(overviewEndpoints.years, { signal }),
});
