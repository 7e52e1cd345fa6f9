import * as contracts from '@ecc/contracts';
import type { Endpoint } from '@ecc/contracts';

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Endpoint>).method === 'string' &&
    typeof (value as Partial<Endpoint>).path === 'string' &&
    typeof (value as Partial<Endpoint>).responses === 'object'
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Every endpoint contracts export, found in its exported objects (`facilityEndpoints.list`) at any depth. */
export function exportedEndpoints(): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (seen.has(value)) return;
    seen.add(value);
    if (isEndpoint(value)) endpoints.push(value);
    else if (isPlainObject(value)) Object.values(value).forEach(visit);
  };
  Object.values(contracts).forEach(visit);
  return endpoints;
}

export const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
