import {
  endpointUrl,
  successStatusOf,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@ecc/contracts';
import type { ApiRequestOptions } from './api-client.ts';
import { api } from './api.ts';

/** What one call of `E` sends: the parts its contract declares, and nothing else. */
export type EndpointCall<E extends Endpoint> = ('params' extends keyof E
  ? { params: EndpointParams<E> }
  : { params?: undefined }) &
  ('query' extends keyof E ? { query?: EndpointQuery<E> } : { query?: undefined }) &
  ('body' extends keyof E ? { body: EndpointBody<E> } : { body?: undefined }) &
  Pick<ApiRequestOptions, 'signal' | 'isSessionProbe'>;

/**
 * Calls an endpoint declared in contracts: the URL built from its path, parameters and query, the body sent as
 * JSON, and the answer checked with the schema of its success status, so a changed shape fails loudly here.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  call: EndpointCall<E>,
): Promise<EndpointResponse<E>> {
  const url = endpointUrl(
    endpoint,
    call.params as Record<string, string | number> | undefined,
    call.query as Record<string, string | number | boolean | undefined> | undefined,
  );
  const answer = await api.request<unknown>(url, {
    method: endpoint.method,
    body: call.body,
    signal: call.signal,
    isSessionProbe: call.isSessionProbe,
  });
  const schema = endpoint.responses[successStatusOf(endpoint)];
  return (schema ? schema.parse(answer) : answer) as EndpointResponse<E>;
}
