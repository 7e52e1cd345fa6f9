import {
  sectorPathwayEndpoints,
  targetEndpoints,
  type SectorPathwayValues,
  type TargetGapQuery,
  type TargetValues,
} from '@ecc/contracts';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const PATHWAYS_QUERY_KEY = ['pathways'] as const;

/** `GET /api/pathways/targets`: the realm's targets, by target year. */
export const targetsQueryOptions = queryOptions({
  queryKey: [...PATHWAYS_QUERY_KEY, 'targets'],
  queryFn: async ({ signal }) => callEndpoint(targetEndpoints.list, { signal }),
});

/** `GET /api/pathways/sector-pathways`: what an intensity target may converge to. */
export const sectorPathwaysQueryOptions = queryOptions({
  queryKey: [...PATHWAYS_QUERY_KEY, 'sector-pathways'],
  queryFn: async ({ signal }) => callEndpoint(sectorPathwayEndpoints.list, { signal }),
});

/** `GET /api/pathways/targets/:id/gap`, with a scenario's projection when given. */
export function targetGapQueryOptions(id: string | undefined, scenario: TargetGapQuery = {}) {
  return queryOptions({
    queryKey: [...PATHWAYS_QUERY_KEY, 'gap', id, scenario],
    queryFn: async ({ signal }) =>
      callEndpoint(targetEndpoints.gap, { params: { id: id ?? '' }, query: scenario, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export async function afterTargetChange(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: PATHWAYS_QUERY_KEY });
}

export function createTarget(body: TargetValues) {
  return callEndpoint(targetEndpoints.create, { body });
}

export function updateTarget(id: string, body: TargetValues) {
  return callEndpoint(targetEndpoints.update, { params: { id }, body });
}

export function deleteTarget(id: string) {
  return callEndpoint(targetEndpoints.delete, { params: { id } });
}

export function createSectorPathway(body: SectorPathwayValues) {
  return callEndpoint(sectorPathwayEndpoints.create, { body });
}

export function updateSectorPathway(id: string, body: SectorPathwayValues) {
  return callEndpoint(sectorPathwayEndpoints.update, { params: { id }, body });
}

export function deleteSectorPathway(id: string) {
  return callEndpoint(sectorPathwayEndpoints.delete, { params: { id } });
}
