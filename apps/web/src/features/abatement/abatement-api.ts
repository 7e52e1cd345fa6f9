import {
  abatementEndpoints,
  equipmentEndpoints,
  overviewEndpoints,
  pathwayEndpoints,
  targetEndpoints,
  type MeasureInput,
  type OptimizeRequest,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const ABATEMENT_QUERY_KEY = ['abatement'] as const;

/** `GET /api/abatement/measures`: the realm's library, each share converted to kg a year. */
export const measuresQueryOptions = queryOptions({
  queryKey: [...ABATEMENT_QUERY_KEY, 'measures'],
  queryFn: async ({ signal }) => callEndpoint(abatementEndpoints.listMeasures, { signal }),
});

/** The equipment types a measure can apply to (the realm's whole list: the endpoint has no pages). */
export const equipmentTypeChoicesQueryOptions = queryOptions({
  queryKey: ['equipment-types', 'abatement-choices'],
  queryFn: async ({ signal }) => callEndpoint(equipmentEndpoints.types, { signal }),
});

export async function afterMeasuresChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ABATEMENT_QUERY_KEY });
}

export function createMeasure(body: MeasureInput) {
  return callEndpoint(abatementEndpoints.createMeasure, { body });
}

export function updateMeasure(id: string, body: MeasureInput) {
  return callEndpoint(abatementEndpoints.updateMeasure, { params: { id }, body });
}

export function deleteMeasure(id: string) {
  return callEndpoint(abatementEndpoints.deleteMeasure, { params: { id } });
}

export function addStarterSet() {
  return callEndpoint(abatementEndpoints.addStarterSet, {});
}

export function optimize(body: OptimizeRequest, signal?: AbortSignal) {
  return callEndpoint(pathwayEndpoints.optimize, { body, signal });
}

/** The realm's calculated totals by year: the base-year emissions the optimizer starts from without a target. */
export const emissionYearsQueryOptions = queryOptions({
  queryKey: ['overview', 'abatement-years'],
  queryFn: async ({ signal }) => callEndpoint(overviewEndpoints.get, { query: {}, signal }),
});

/** The realm's saved targets (`/pathways`), which the optimizer can plan against. */
export const targetsQueryOptions = queryOptions({
  queryKey: ['pathways', 'targets'],
  queryFn: async ({ signal }) => callEndpoint(targetEndpoints.list, { signal }),
});

/** A target's years: its BAU projection (`projected`) and trajectory. */
export function targetGapQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['pathways', 'targets', id, 'gap'],
    queryFn: async ({ signal }) => callEndpoint(targetEndpoints.gap, { params: { id }, query: {}, signal }),
  });
}
