import { ROUTES, type RouteDefinition } from '@ecc/contracts';
import { OpenFeature, ProviderEvents } from '@openfeature/web-sdk';
import { useEffect, useState } from 'react';
import { useSession } from '../session/session-queries.ts';
import { useEvaluatedFeatureFlags } from './feature-flag-queries.ts';

/** Every flag some route requires. */
export const ROUTE_FEATURE_FLAG_KEYS: readonly string[] = [
  ...new Set((ROUTES as readonly RouteDefinition[]).flatMap((route) => route.featureFlags ?? [])),
];

/**
 * Which of these flags evaluate true for the signed-in user, read through OpenFeature's client (the global one,
 * so shell components work outside the React provider too); re-renders when the evaluated flags change.
 */
export function useTrueFeatureFlags(keys: readonly string[]): ReadonlySet<string> {
  const { isLoggedIn } = useSession();
  // Loading the query is what feeds the provider.
  useEvaluatedFeatureFlags(isLoggedIn);
  const [client] = useState(() => OpenFeature.getClient());
  const [, setVersion] = useState(0);
  useEffect(() => {
    const rerender = () => setVersion((version) => version + 1);
    client.addHandler(ProviderEvents.ConfigurationChanged, rerender);
    client.addHandler(ProviderEvents.Ready, rerender);
    return () => {
      client.removeHandler(ProviderEvents.ConfigurationChanged, rerender);
      client.removeHandler(ProviderEvents.Ready, rerender);
    };
  }, [client]);
  if (!isLoggedIn) return new Set();
  return new Set(keys.filter((key) => client.getBooleanValue(key, false)));
}
