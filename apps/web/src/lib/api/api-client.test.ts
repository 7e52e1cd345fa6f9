import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.ts';
import { createApiClient, isTimeoutError } from './api-client.ts';
import { ApiResponseError } from './api-response-error.ts';
import { createUnauthorizedHandler } from './unauthorized-handler.ts';

function clientAnswering(response: () => Response | Promise<Response>) {
  const onUnauthorized = vi.fn();
  const logError = vi.fn();
  const fetchImplementation = vi.fn<typeof fetch>(async () => response());
  const client = createApiClient({ fetchImplementation, onUnauthorized, logError });
  return { client, onUnauthorized, logError, fetchImplementation };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the API client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const { client, fetchImplementation } = clientAnswering(() => jsonResponse(200, { id: 1 }));
    await expect(client.post('/api/thing', { name: 'x' })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchImplementation.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"x"}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
  });

  it('reports a 401 to the unauthorized handler with the server’s message, without logging it', async () => {
    const { client, onUnauthorized, logError } = clientAnswering(() =>
      jsonResponse(
        401,
        { statusCode: 401, error: 'Unauthorized', message: 'Session expired' },
        'Unauthorized',
      ),
    );
    const error = await client.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).message).toBe('Session expired');
    expect(onUnauthorized).toHaveBeenCalledWith(error);
    expect(logError).not.toHaveBeenCalled();
  });

  it('leaves the session probe’s 401 alone: it only means signed out', async () => {
    const { client, onUnauthorized } = clientAnswering(() =>
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'No session' }, 'Unauthorized'),
    );
    await expect(client.get('/api/auth/session', { isSessionProbe: true })).rejects.toBeInstanceOf(
      ApiResponseError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs other errors with their status and the body’s message', async () => {
    const { client, logError } = clientAnswering(() =>
      jsonResponse(
        400,
        { statusCode: 400, error: 'Bad Request', message: 'body/name Required' },
        'Bad Request',
      ),
    );
    await expect(client.put('/api/user', {})).rejects.toThrow('body/name Required');
    expect(logError).toHaveBeenCalledWith(400, 'body/name Required');
  });

  it('logs the status text when the body carries no message', async () => {
    const { client, logError } = clientAnswering(
      () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client.get('/api/config')).rejects.toThrow('Bad Gateway');
    expect(logError).toHaveBeenCalledWith(502, 'Bad Gateway');
  });

  it('rejects a request that outlives its timeout with a TimeoutError of code 23', async () => {
    vi.useFakeTimers();
    const fetchImplementation = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = createApiClient({ fetchImplementation, onUnauthorized: vi.fn(), timeoutMs: 1000 });
    const request = client.get('/api/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await request;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect((error as DOMException).code).toBe(23);
    expect(isTimeoutError(error)).toBe(true);
  });

  it('passes the caller’s own abort through unchanged', async () => {
    const controller = new AbortController();
    const fetchImplementation = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const client = createApiClient({ fetchImplementation, onUnauthorized: vi.fn() });
    const request = client
      .get('/api/thing', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort(new Error('navigated away'));
    expect(await request).toEqual(new Error('navigated away'));
  });
});

describe('the reaction to a 401', () => {
  function handlerOn(pathname: string) {
    const dependencies = {
      showToast: vi.fn(),
      navigate: vi.fn(),
      getPathname: () => pathname,
      onSignedOut: vi.fn(),
    };
    return { handle: createUnauthorizedHandler(dependencies), ...dependencies };
  }
  const expired = new ApiResponseError(401, 'Unauthorized', {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Your session has expired',
  });

  it("shows a destructive toast titled with the server's message, 'Please log in again.', and goes to /logout", () => {
    const { handle, showToast, navigate, onSignedOut } = handlerOn('/benchmarks');
    handle(expired);
    expect(showToast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Your session has expired',
      description: 'Please log in again.',
    });
    expect(navigate).toHaveBeenCalledWith('/logout');
    expect(onSignedOut).toHaveBeenCalled();
  });

  it.each(['/login', '/logout'])('does nothing on %s', (pathname) => {
    const { handle, showToast, navigate } = handlerOn(pathname);
    handle(expired);
    expect(showToast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
