import type { Endpoint } from '@ecc/contracts';

/** The Fastify schema of an endpoint: its parts and answers as declared in contracts. */
export interface EndpointSchema<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

/**
 * The method, URL and schema of a route from its endpoint in contracts, so the path and shapes the browser calls
 * are the ones the server registers: `api.route({ ...endpointRoute(facilityEndpoints.list), config, handler })`.
 */
export function endpointRoute<const E extends Endpoint>(
  endpoint: E,
): { method: E['method']; url: E['path']; schema: EndpointSchema<E> } {
  // Parts the endpoint does not declare are left out: Fastify warns about a schema key holding undefined.
  const schema = {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: endpoint.responses,
  } as EndpointSchema<E>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
