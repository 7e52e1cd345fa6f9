import {
  accountEndpoints,
  authEndpoints,
  DEFAULT_LOGOUT_URL,
  isSessionActive,
  REQUEST_RELOAD_TTL_MS,
  userEndpoints,
  type LoginRequest,
  type Session,
  type User,
} from '@ecc/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';
import { isApiResponseError } from '../api/api-response-error.ts';

export const sessionQueryKey = ['auth', 'session'] as const;
export const userQueryKey = ['auth', 'user'] as const;

/**
 * The session; a 401 means signed out. The guards await this query, so it takes no abort signal:
 * an unmounting component must not cancel it for them.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<Session | null> => {
    try {
      return await callEndpoint(authEndpoints.session, { isSessionProbe: true });
    } catch (error) {
      if (isApiResponseError(error, 401)) return null;
      throw error;
    }
  },
  staleTime: REQUEST_RELOAD_TTL_MS,
});

/** The signed-in user; any failure sets the user to none (spec section 7). */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async ({ signal }): Promise<User | null> => {
    try {
      return await callEndpoint(userEndpoints.get, { signal });
    } catch {
      return null;
    }
  },
});

/** The session as the guards see it: reused for the request reload TTL, then probed again. */
export function loadSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery(sessionQueryOptions);
}

/** The signed-in user as the guards see it (the licence guard reads their accepted licences). */
export function loadUser(queryClient: QueryClient): Promise<User | null> {
  return queryClient.fetchQuery({ ...userQueryOptions, staleTime: REQUEST_RELOAD_TTL_MS });
}

export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.setQueryData(userQueryKey, null);
}

/** Sign in; on failure the user is cleared, the error logged and rethrown for the form (spec section 8). */
export async function login(queryClient: QueryClient, credentials: LoginRequest): Promise<User> {
  try {
    const user = await callEndpoint(authEndpoints.login, { body: credentials });
    queryClient.setQueryData(userQueryKey, user);
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    return user;
  } catch (error) {
    queryClient.setQueryData(userQueryKey, null);
    console.error(error);
    throw error;
  }
}

/** Ends the session on the server and forgets every cached answer; resolves to where the user goes next. */
export async function logout(queryClient: QueryClient): Promise<string> {
  const response = await callEndpoint(authEndpoints.logout, {});
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  forgetSession(queryClient);
  return response.url || DEFAULT_LOGOUT_URL;
}

/**
 * Ends every session of the user on the server (this one too) and forgets every cached answer; resolves to where
 * the user goes next.
 */
export async function signOutEverywhere(queryClient: QueryClient): Promise<string> {
  const response = await callEndpoint(accountEndpoints.signOutEverywhere, {});
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  forgetSession(queryClient);
  return response.url || DEFAULT_LOGOUT_URL;
}

export function useSession(): { session: Session | null | undefined; isLoggedIn: boolean } {
  const { data: session } = useQuery(sessionQueryOptions);
  return { session, isLoggedIn: isSessionActive(session) };
}

export function useCurrentUser(isEnabled: boolean): User | null | undefined {
  return useQuery({ ...userQueryOptions, enabled: isEnabled }).data;
}
