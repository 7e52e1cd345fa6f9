import type { EvaluatedFeatureFlag } from '@ecc/contracts';
import {
  ErrorCode,
  OpenFeature,
  OpenFeatureEventEmitter,
  ProviderEvents,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import type { QueryClient } from '@tanstack/react-query';
import { evaluatedFeatureFlagsQueryKey } from './feature-flag-queries.ts';

function typeMismatch<T>(defaultValue: T): ResolutionDetails<T> {
  return {
    value: defaultValue,
    reason: 'ERROR',
    errorCode: ErrorCode.TYPE_MISMATCH,
    errorMessage: 'Feature flags of this product are boolean',
  };
}

/**
 * An OpenFeature provider for flags the server has already evaluated with flagd for the signed-in user: the
 * browser never sees definitions (their targeting may name e-mail addresses), only the results.
 */
export class EvaluatedFlagsProvider implements Provider {
  readonly metadata = { name: 'ecc-evaluated-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private flags = new Map<string, EvaluatedFeatureFlag>();

  /** Replaces the evaluated flags; components reading them re-render when anything changed. */
  setFlags(flags: readonly EvaluatedFeatureFlag[]): void {
    const next = new Map(flags.map((flag) => [flag.key, flag]));
    const changed = [...new Set([...this.flags.keys(), ...next.keys()])].filter(
      (key) => JSON.stringify(this.flags.get(key)) !== JSON.stringify(next.get(key)),
    );
    this.flags = next;
    if (changed.length > 0) this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: changed });
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    const flag = this.flags.get(flagKey);
    if (!flag) {
      return {
        value: defaultValue,
        reason: 'ERROR',
        errorCode: ErrorCode.FLAG_NOT_FOUND,
        errorMessage: `No feature flag ${flagKey}`,
      };
    }
    return { value: flag.value, reason: flag.reason, ...(flag.variant ? { variant: flag.variant } : {}) };
  }

  resolveStringEvaluation(_flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return typeMismatch(defaultValue);
  }

  resolveNumberEvaluation(_flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return typeMismatch(defaultValue);
  }

  resolveObjectEvaluation<T extends JsonValue>(_flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return typeMismatch(defaultValue);
  }
}

/**
 * Feeds the provider from the query cache's `GET /api/feature-flags` answer, so the guards (which await the
 * query) and the components (which read OpenFeature) see the same flags. Returns the function that stops it.
 */
export function connectEvaluatedFlags(
  queryClient: QueryClient,
  provider = new EvaluatedFlagsProvider(),
): () => void {
  const sync = () =>
    provider.setFlags(
      queryClient.getQueryData<{ flags: EvaluatedFeatureFlag[] }>(evaluatedFeatureFlagsQueryKey)?.flags ?? [],
    );
  sync();
  void OpenFeature.setProvider(provider);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === evaluatedFeatureFlagsQueryKey[0]) sync();
  });
}
