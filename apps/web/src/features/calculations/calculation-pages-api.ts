import { calculationEndpoints, type CalculationDatasetRowsQuery } from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/*
 * The queries of the constants, file tree and templates pages (issue 13 items 6–8). Every change invalidates
 * `['calculations']`, so the IDE and these pages show the same library.
 */

export const calculationsQueryKey = ['calculations'] as const;
export const calculationLibraryQueryKey = ['calculations', 'library'] as const;
export const datasetsQueryKey = ['calculations', 'datasets'] as const;

export const calculationLibraryQueryOptions = queryOptions({
  queryKey: calculationLibraryQueryKey,
  queryFn: ({ signal }) => callEndpoint(calculationEndpoints.list, { signal }),
});

export const datasetListQueryOptions = queryOptions({
  queryKey: datasetsQueryKey,
  queryFn: ({ signal }) => callEndpoint(calculationEndpoints.listDatasets, { signal }),
});

export function datasetRowsQueryOptions(id: string, query: CalculationDatasetRowsQuery) {
  return queryOptions({
    queryKey: [...datasetsQueryKey, id, query] as const,
    queryFn: ({ signal }) =>
      callEndpoint(calculationEndpoints.readDataset, { params: { id }, query, signal }),
  });
}
