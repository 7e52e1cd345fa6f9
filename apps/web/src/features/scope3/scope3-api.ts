import {
  facilityEndpoints,
  scope3Endpoints,
  type EeioImportInput,
  type PriceIndexInput,
  type Scope3LineInput,
  type Scope3ScreeningInput,
  type SpendImportInput,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const SCOPE3_QUERY_KEY = ['scope3'] as const;

/** `GET /api/scope3/summary`: the year's 15 categories, their screening and totals, and the hotspots. */
export function scope3SummaryQueryOptions(year: number | undefined) {
  return queryOptions({
    queryKey: [...SCOPE3_QUERY_KEY, 'summary', year ?? 'latest'],
    queryFn: async ({ signal }) =>
      callEndpoint(scope3Endpoints.summary, { query: year === undefined ? {} : { year }, signal }),
  });
}

/** `GET /api/scope3/lines`: the lines of a year and category. */
export function scope3LinesQueryOptions(year: number, category: number) {
  return queryOptions({
    queryKey: [...SCOPE3_QUERY_KEY, 'lines', year, category],
    queryFn: async ({ signal }) =>
      callEndpoint(scope3Endpoints.listLines, { query: { year, category }, signal }),
  });
}

export const priceIndexesQueryOptions = queryOptions({
  queryKey: [...SCOPE3_QUERY_KEY, 'price-indexes'],
  queryFn: async ({ signal }) => callEndpoint(scope3Endpoints.listPriceIndexes, { signal }),
});

export const eeioFactorsQueryOptions = queryOptions({
  queryKey: [...SCOPE3_QUERY_KEY, 'eeio-factors'],
  queryFn: async ({ signal }) => callEndpoint(scope3Endpoints.listEeioFactors, { signal }),
});

/** The facility a new line starts on: the realm's first by name (any other is searched for in the form). */
export const firstFacilityQueryOptions = queryOptions({
  queryKey: ['facilities', 'scope3-first'],
  queryFn: async ({ signal }) =>
    callEndpoint(facilityEndpoints.list, { query: { limit: 1, sort: 'name' }, signal }),
  select: (page) => page.results[0],
});

/** After a change the page's figures are fetched again, and every other view of results too. */
export async function afterScope3Change(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SCOPE3_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['facilities'] }),
    queryClient.invalidateQueries({ queryKey: ['overview'] }),
  ]);
}

export function createLine(body: Scope3LineInput) {
  return callEndpoint(scope3Endpoints.createLine, { body });
}

export function updateLine(id: string, version: number, line: Scope3LineInput) {
  return callEndpoint(scope3Endpoints.updateLine, { params: { id }, body: { version, line } });
}

export function deleteLine(id: string, version: number) {
  return callEndpoint(scope3Endpoints.deleteLine, { params: { id }, query: { version } });
}

export function saveScreening(category: number, body: Scope3ScreeningInput) {
  return callEndpoint(scope3Endpoints.updateScreening, { params: { category }, body });
}

export function savePriceIndex(body: PriceIndexInput) {
  return callEndpoint(scope3Endpoints.upsertPriceIndex, { body });
}

export function deletePriceIndex(id: string) {
  return callEndpoint(scope3Endpoints.deletePriceIndex, { params: { id } });
}

export function importEeioFactors(body: EeioImportInput) {
  return callEndpoint(scope3Endpoints.importEeioFactors, { body });
}

export function importSpendLines(body: SpendImportInput) {
  return callEndpoint(scope3Endpoints.importSpendLines, { body });
}
