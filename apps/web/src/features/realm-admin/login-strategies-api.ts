import {
  loginStrategyListResponseSchema,
  loginStrategySchema,
  type LoginStrategy,
  type LoginStrategyUpdateRequest,
  type NewLoginStrategyRequest,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

const loginStrategiesQueryKey = ['realm-admin', 'login-strategies'] as const;

const strategiesPath = (realmId: string) => `/api/realms/${encodeURIComponent(realmId)}/login-strategies`;
const strategyPath = (realmId: string, strategyKey: string) =>
  `${strategiesPath(realmId)}/${encodeURIComponent(strategyKey)}`;

/** `GET /api/realms/:realmId/login-strategies`: the realm's sign-in strategies, secrets replaced by whether set. */
export const loginStrategiesQueryOptions = (realmId: string) =>
  queryOptions({
    queryKey: [...loginStrategiesQueryKey, realmId],
    queryFn: async ({ signal }) =>
      loginStrategyListResponseSchema.parse(await api.get<unknown>(strategiesPath(realmId), { signal }))
        .results,
  });

export async function createLoginStrategy(
  realmId: string,
  strategy: NewLoginStrategyRequest,
): Promise<LoginStrategy> {
  return loginStrategySchema.parse(await api.post<unknown>(strategiesPath(realmId), strategy));
}

export async function updateLoginStrategy(
  realmId: string,
  strategyKey: string,
  strategy: LoginStrategyUpdateRequest,
): Promise<LoginStrategy> {
  return loginStrategySchema.parse(await api.put<unknown>(strategyPath(realmId, strategyKey), strategy));
}

export async function deleteLoginStrategy(realmId: string, strategyKey: string): Promise<void> {
  await api.request<unknown>(strategyPath(realmId, strategyKey), { method: 'DELETE' });
}

export function refreshLoginStrategies(queryClient: QueryClient, realmId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...loginStrategiesQueryKey, realmId] });
}
