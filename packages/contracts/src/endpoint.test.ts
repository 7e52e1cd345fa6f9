import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineEndpoint, endpointUrl, successStatusOf } from './endpoint.ts';
import { z } from './zod.ts';

const detail = defineEndpoint({
  method: 'GET',
  path: '/api/facilities/:slug/trail',
  params: z.object({ slug: z.string() }),
  responses: { 200: z.object({}) },
});

describe('endpointUrl', () => {
  it('fills each parameter percent-encoded and leaves empty query values out', () => {
    expect(endpointUrl(detail, { slug: 'a b/c' }, { year: 2024, q: '', sector: undefined, gas: null })).toBe(
      '/api/facilities/a%20b%2Fc/trail?year=2024',
    );
    expect(endpointUrl(detail, { slug: 'x' }, { scope: [1, 2] })).toBe(
      '/api/facilities/x/trail?scope=1&scope=2',
    );
  });

  it('refuses to build a URL without one of its parameters', () => {
    expect(() => endpointUrl(detail, {})).toThrow(
      '/api/facilities/:slug/trail: the parameter slug is missing',
    );
  });

  it('refuses a parameter that a URL would take for a step along the path', () => {
    expect(() => endpointUrl(detail, { slug: '..' })).toThrow('slug cannot be ".."');
    expect(() => endpointUrl(detail, { slug: '.' })).toThrow('slug cannot be "."');
  });

  it('gives back every parameter and query value as the server would read them', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((slug) => slug !== '.' && slug !== '..'),
        fc.string({ minLength: 1 }),
        (slug, q) => {
          const url = new URL(endpointUrl(detail, { slug }, { q }), 'http://localhost');
          const [, , , encodedSlug] = url.pathname.split('/');
          expect(decodeURIComponent(encodedSlug ?? '')).toBe(slug);
          expect(url.searchParams.get('q')).toBe(q);
        },
      ),
    );
  });
});

describe('successStatusOf', () => {
  it('is the first 2xx answer, else 200', () => {
    const created = defineEndpoint({
      method: 'POST',
      path: '/api/facilities',
      responses: { 422: z.object({}), 201: z.object({}), 400: z.object({}) },
    });
    expect(successStatusOf(created)).toBe(201);
    expect(successStatusOf(detail)).toBe(200);
    expect(successStatusOf({ method: 'DELETE', path: '/api/x', responses: {} })).toBe(200);
  });
});
