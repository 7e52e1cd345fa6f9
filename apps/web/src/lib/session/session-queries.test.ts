import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query/query-client.ts';
import { createFakeFetch, jsonResponse, TEST_SESSION, TEST_USER } from '../../test/fixtures.ts';
import { ApiResponseError } from '../api/api-response-error.ts';
import { login, loadSession, logout, userQueryKey, userQueryOptions } from './session-queries.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session and user calls', () => {
  it('reads a 401 from the session probe as signed out', async () => {
    vi.stubGlobal('fetch', vi.fn(createFakeFetch({ session: null })));
    await expect(loadSession(createQueryClient())).resolves.toBeNull();
  });

  it('returns the session while signed in', async () => {
    vi.stubGlobal('fetch', vi.fn(createFakeFetch({ session: TEST_SESSION })));
    await expect(loadSession(createQueryClient())).resolves.toEqual(TEST_SESSION);
  });

  it('sets the user to none when GET /api/user fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(createQueryClient().fetchQuery(userQueryOptions)).resolves.toBeNull();
  });

  it('keeps the signed-in user after a successful login', async () => {
    const queryClient = createQueryClient();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        createFakeFetch({
          session: TEST_SESSION,
          extra: { '/api/auth/login': () => jsonResponse(200, TEST_USER) },
        }),
      ),
    );
    await expect(
      login(queryClient, { username: 'demo@example.com', password: 'demo-password' }),
    ).resolves.toEqual(TEST_USER);
    expect(queryClient.getQueryData(userQueryKey)).toEqual(TEST_USER);
  });

  it('clears the user, logs the error and rethrows it when login fails', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryKey, TEST_USER);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          401,
          { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' },
          'Unauthorized',
        ),
      ),
    );
    const error = await login(queryClient, { username: 'demo@example.com', password: 'wrong' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).message).toBe('Invalid username or password');
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    expect(log).toHaveBeenCalledWith(error);
  });

  it('goes where the logout answer says, /login by default, and forgets the user', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(userQueryKey, TEST_USER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, {})),
    );
    await expect(logout(queryClient)).resolves.toBe('/login');
    expect(queryClient.getQueryData(userQueryKey)).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { url: '/goodbye' })),
    );
    await expect(logout(queryClient)).resolves.toBe('/goodbye');
  });
});
