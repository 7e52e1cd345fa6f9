import {
  loginStrategyEndpoints,
  type LoginStrategy,
  type LoginStrategyUpdateRequest,
  type NewLoginStrategyRequest,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const loginStrategiesQueryKey = ['realm-admin', 'login-strategies'] as const;

/** `GET /api/realms/:realmId/login-strategies`: the realm's sign-in strategies, secrets replaced by whether set. */
export const loginStrategiesQueryOptions = (realmId: string) =>
  queryOptions({
    queryKey: [...loginStrategiesQueryKey, realmId],
    queryFn: async ({ signal }) =>
      (await callEndpoint(loginStrategyEndpoints.list, { params: { realmId }, signal })).results,
  });

export async function createLoginStrategy(
  realmId: string,
  strategy: NewLoginStrategyRequest,
): Promise<LoginStrategy> {
  return callEndpoint(loginStrategyEndpoints.create, { params: { realmId }, body: strategy });
}

export async function updateLoginStrategy(
  realmId: string,
  strategyKey: string,
  strategy: LoginStrategyUpdateRequest,
): Promise<LoginStrategy> {
  return callEndpoint(loginStrategyEndpoints.update, {
    params: { realmId, strategyId: strategyKey },
    body: strategy,
  });
}

export async function deleteLoginStrategy(realmId: string, strategyKey: string): Promise<void> {
  await callEndpoint(loginStrategyEndpoints.delete, { params: { realmId, strategyId: strategyKey } });
}

export function refreshLoginStrategies(queryClient: QueryClient, realmId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...loginStrategiesQueryKey, realmId] });
}
