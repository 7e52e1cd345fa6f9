import { inventoryEndpoints, type InventoryResponse } from '@ecc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';

export const INVENTORY_QUERY_KEY = ['inventory'] as const;

/** The reporting years with results, ascending. */
export const inventoryYearsQuery = queryOptions({
  queryKey: [...INVENTORY_QUERY_KEY, 'years'] as const,
  queryFn: async ({ signal }) => callEndpoint(inventoryEndpoints.years, { signal }),
});

/** The inventory of `year`; null when the year has no results (the server's 404). */
export function inventoryQuery(year: number | undefined) {
  return queryOptions({
    queryKey: [...INVENTORY_QUERY_KEY, 'year', year] as const,
    queryFn: async ({ signal }): Promise<InventoryResponse | null> => {
      if (year === undefined) return null;
      try {
        return await callEndpoint(inventoryEndpoints.get, { query: { year }, signal });
      } catch (error) {
        if (isApiResponseError(error, 404)) return null;
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });
}
