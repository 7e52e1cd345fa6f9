import {
  organisationEndpoints,
  type BoundarySettings,
  type BusinessUnitInput,
  type BusinessUnitPatch,
  type DenominatorInput,
  type RealmCurrencyInput,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { ORGANISATION_QUERY_KEY } from '#lib/organisation/business-units-query.ts';

/** `GET /api/organisation/boundary`: the consolidation approach, reporting year, base year and threshold. */
export const boundaryQueryOptions = queryOptions({
  queryKey: [...ORGANISATION_QUERY_KEY, 'boundary'],
  queryFn: async ({ signal }) => callEndpoint(organisationEndpoints.boundary, { signal }),
});

/** `GET /api/organisation/denominators`: every intensity denominator of the realm and its facilities. */
export const denominatorsQueryOptions = queryOptions({
  queryKey: [...ORGANISATION_QUERY_KEY, 'denominators'],
  queryFn: async ({ signal }) => callEndpoint(organisationEndpoints.listDenominators, { query: {}, signal }),
});

/** After a change: the organisation's lists, and the facilities (their units and counts), fetched again. */
export async function afterOrganisationChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ORGANISATION_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['facilities'] }),
  ]);
}

export function createBusinessUnit(body: BusinessUnitInput) {
  return callEndpoint(organisationEndpoints.createBusinessUnit, { body });
}

export function updateBusinessUnit(id: string, body: BusinessUnitPatch) {
  return callEndpoint(organisationEndpoints.updateBusinessUnit, { params: { id }, body });
}

export function deleteBusinessUnit(id: string) {
  return callEndpoint(organisationEndpoints.deleteBusinessUnit, { params: { id } });
}

export function saveBoundary(body: BoundarySettings) {
  return callEndpoint(organisationEndpoints.updateBoundary, { body });
}

export function saveCurrency(body: RealmCurrencyInput) {
  return callEndpoint(organisationEndpoints.updateCurrency, { body });
}

export function saveDenominator(body: DenominatorInput) {
  return callEndpoint(organisationEndpoints.upsertDenominator, { body });
}

export function deleteDenominator(id: string) {
  return callEndpoint(organisationEndpoints.deleteDenominator, { params: { id } });
}
