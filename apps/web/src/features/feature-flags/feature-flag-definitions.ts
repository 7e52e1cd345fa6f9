import {
  featureFlagDefinitionListSchema,
  featureFlagDefinitionSchema,
  type FeatureFlagDefinition,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

export const definitionsQueryKey = ['feature-flags', 'definitions'] as const;

/** `GET /api/feature-flags/definitions`: administrators only. */
export const definitionsQueryOptions = queryOptions({
  queryKey: definitionsQueryKey,
  queryFn: async ({ signal }) =>
    featureFlagDefinitionListSchema.parse(
      await api.get<unknown>('/api/feature-flags/definitions', { signal }),
    ).definitions,
});

function definitionPath(key: string): string {
  return `/api/feature-flags/definitions/${encodeURIComponent(key)}`;
}

export async function createDefinition(definition: FeatureFlagDefinition): Promise<FeatureFlagDefinition> {
  return featureFlagDefinitionSchema.parse(
    await api.post<unknown>('/api/feature-flags/definitions', definition),
  );
}

export async function updateDefinition({
  key,
  ...flag
}: FeatureFlagDefinition): Promise<FeatureFlagDefinition> {
  return featureFlagDefinitionSchema.parse(await api.put<unknown>(definitionPath(key), flag));
}

export async function deleteDefinition(key: string): Promise<void> {
  await api.request<unknown>(definitionPath(key), { method: 'DELETE' });
}

/** A change to the definitions changes what they evaluate to as well: both lists are fetched again. */
export function refreshFeatureFlags(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['feature-flags'] });
}
