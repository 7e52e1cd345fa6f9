import type { FeatureFlagDefinition } from '@ecc/contracts';
import type { FeatureFlagDefinitions } from '@ecc/db';

export function toDefinitionList(definitions: FeatureFlagDefinitions): FeatureFlagDefinition[] {
  return Object.entries(definitions)
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([key, flag]) => ({ key, ...flag }));
}
