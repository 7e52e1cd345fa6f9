import { defineEndpoint, z } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { endpointRoute } from './endpoint-route.ts';

describe('endpointRoute', () => {
  it('gives Fastify the method, the path and only the parts the endpoint declares', () => {
    const answer = z.object({ ok: z.boolean() });
    const params = z.object({ slug: z.string() });
    const route = endpointRoute(
      defineEndpoint({ method: 'GET', path: '/api/things/:slug', params, responses: { 200: answer } }),
    );
    expect(route).toEqual({
      method: 'GET',
      url: '/api/things/:slug',
      schema: { params, response: { 200: answer } },
    });
    // A key holding undefined makes Fastify warn (FSTWRN001) at every start.
    expect(Object.keys(route.schema)).toEqual(['params', 'response']);
  });
});
