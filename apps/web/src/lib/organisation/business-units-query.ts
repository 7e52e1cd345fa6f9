import { organisationEndpoints } from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/** Everything of the realm's organisation is cached under this key, so one change refreshes all of it. */
export const ORGANISATION_QUERY_KEY = ['organisation'] as const;

/**
 * `GET /api/organisation/business-units`: the realm's units, parents before their children (the Organisation tab
 * of realm administration and the facility form both read it).
 */
export const businessUnitsQueryOptions = queryOptions({
  queryKey: [...ORGANISATION_QUERY_KEY, 'business-units'],
  queryFn: async ({ signal }) => callEndpoint(organisationEndpoints.listBusinessUnits, { signal }),
});
