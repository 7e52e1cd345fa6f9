import {
  configEndpoints,
  currentApplication,
  messages,
  REQUEST_RELOAD_TTL_MS,
  type ApplicationConfig,
  type Realm,
} from '@ecc/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';
import { isApiResponseError } from '../api/api-response-error.ts';
import { RealmNotFoundError } from '../errors/app-errors.ts';

export const realmQueryKey = ['config', 'realm'] as const;

/**
 * `GET /api/config`: only the realm is read (spec section 7); no realm for this host is fatal. Start-up and the
 * guards await this query, so it takes no abort signal: an unmounting component must not cancel it for them.
 */
export const realmQueryOptions = queryOptions({
  queryKey: realmQueryKey,
  queryFn: async (): Promise<Realm> => {
    try {
      return (await callEndpoint(configEndpoints.get, {})).realm;
    } catch (error) {
      if (isApiResponseError(error, 404)) {
        console.error(messages.realmNotFoundConsole);
        throw new RealmNotFoundError();
      }
      throw error;
    }
  },
  staleTime: REQUEST_RELOAD_TTL_MS,
});

/** The realm as the guards see it: reused for the request reload TTL, then fetched again. */
export function loadRealm(queryClient: QueryClient): Promise<Realm> {
  return queryClient.fetchQuery(realmQueryOptions);
}

export async function loadApplication(queryClient: QueryClient): Promise<ApplicationConfig> {
  return currentApplication(await loadRealm(queryClient));
}

/** The realm once `/api/config` has answered; undefined before (the public pages paint from their payload). */
export function useRealm(): Realm | undefined {
  return useQuery(realmQueryOptions).data;
}

export function useApplication(): ApplicationConfig | undefined {
  const realm = useRealm();
  return realm ? currentApplication(realm) : undefined;
}
