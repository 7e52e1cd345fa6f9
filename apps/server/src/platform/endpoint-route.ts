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
  // Parts the endpoint does not declare are left out: Fastify warns at start-up of a schema key given as undefined.
  const schema = {
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    response: endpoint.responses,
  } as EndpointSchema<E>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
