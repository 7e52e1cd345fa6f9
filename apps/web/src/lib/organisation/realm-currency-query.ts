import { organisationEndpoints } from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { ORGANISATION_QUERY_KEY } from './business-units-query.ts';

/**
 * `GET /api/organisation/currency`: the currency every money figure of the realm is in (decision 050); the
 * organisation tab sets it, the abatement measures, the MACC and the optimizer label their amounts with it.
 */
export const realmCurrencyQueryOptions = queryOptions({
  queryKey: [...ORGANISATION_QUERY_KEY, 'currency'],
  queryFn: async ({ signal }) => callEndpoint(organisationEndpoints.currency, { signal }),
});
