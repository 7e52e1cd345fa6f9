import { featureFlagEndpoints, type FeatureFlagDefinition } from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const definitionsQueryKey = ['feature-flags', 'definitions'] as const;

/** `GET /api/feature-flags/definitions`: administrators only. */
export const definitionsQueryOptions = queryOptions({
  queryKey: definitionsQueryKey,
  queryFn: async ({ signal }) =>
    (await callEndpoint(featureFlagEndpoints.definitions, { signal })).definitions,
});

export async function createDefinition(definition: FeatureFlagDefinition): Promise<FeatureFlagDefinition> {
  return callEndpoint(featureFlagEndpoints.createDefinition, { body: definition });
}

export async function updateDefinition({
  key,
  ...flag
}: FeatureFlagDefinition): Promise<FeatureFlagDefinition> {
  return callEndpoint(featureFlagEndpoints.updateDefinition, { params: { key }, body: flag });
}

export async function deleteDefinition(key: string): Promise<void> {
  await callEndpoint(featureFlagEndpoints.deleteDefinition, { params: { key } });
}

/** A change to the definitions changes what they evaluate to as well: both lists are fetched again. */
export function refreshFeatureFlags(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['feature-flags'] });
}
