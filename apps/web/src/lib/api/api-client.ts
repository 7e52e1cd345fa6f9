import { TIMEOUT_ERROR_CODE } from '@ecc/contracts';
import { ApiResponseError } from './api-response-error.ts';

/** Long enough for the heaviest report query, short enough that a hung connection surfaces as an error. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The session probe answers 401 whenever the user is signed out: that is its answer, not an error. */
  isSessionProbe?: boolean;
}

export interface ApiClientOptions {
  fetchImplementation?: typeof fetch;
  timeoutMs?: number;
  /** Called with every 401 except the session probe's. */
  onUnauthorized: (error: ApiResponseError) => void;
  logError?: (...values: unknown[]) => void;
}

export interface ApiClient {
  request<T>(path: string, options?: ApiRequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>): Promise<T>;
}

/** The error a timed-out request rejects with: a TimeoutError whose code is 23 (spec section 8). */
export function createTimeoutError(timeoutMs: number): DOMException {
  return new DOMException(`The request timed out after ${timeoutMs} ms.`, 'TimeoutError');
}

export function isTimeoutError(error: unknown): error is DOMException {
  return error instanceof DOMException && error.name === 'TimeoutError' && error.code === TIMEOUT_ERROR_CODE;
}

/** JSON over fetch with the session cookie, a timeout, and the error handling of spec section 8. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImplementation = options.fetchImplementation ?? ((...args) => globalThis.fetch(...args));
  const logError = options.logError ?? ((...values: unknown[]) => console.error(...values));

  async function request<T>(path: string, requestOptions: ApiRequestOptions = {}): Promise<T> {
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    const timeoutError = createTimeoutError(timeoutMs);
    const timer = setTimeout(() => controller.abort(timeoutError), timeoutMs);
    const forwardAbort = () => controller.abort(requestOptions.signal?.reason);
    requestOptions.signal?.addEventListener('abort', forwardAbort, { once: true });

    const hasBody = requestOptions.body !== undefined;
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImplementation(path, {
        method: requestOptions.method ?? 'GET',
        credentials: 'include',
        headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
        body: hasBody ? JSON.stringify(requestOptions.body) : undefined,
        signal: controller.signal,
      });
      body = await readJson(response);
    } catch (error) {
      throw controller.signal.reason === timeoutError ? timeoutError : error;
    } finally {
      clearTimeout(timer);
      requestOptions.signal?.removeEventListener('abort', forwardAbort);
    }

    if (response.ok) return body as T;
    const error = new ApiResponseError(response.status, response.statusText, body);
    if (response.status === 401) {
      if (!requestOptions.isSessionProbe) options.onUnauthorized(error);
    } else {
      logError(response.status, error.message);
    }
    throw error;
  }

  return {
    request,
    get: (path, getOptions) => request(path, { ...getOptions, method: 'GET' }),
    post: (path, body, postOptions) => request(path, { ...postOptions, method: 'POST', body }),
    put: (path, body, putOptions) => request(path, { ...putOptions, method: 'PUT', body }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
