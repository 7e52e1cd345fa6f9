import { ROUTES, type RouteDefinition } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { buildMetaPath, createBuildMeta, findRouteRuleRedirect, type BuildMeta } from './build-manifest.ts';

const CURRENT = { id: 'build-1', timestamp: 1000 };

describe('the build manifest', () => {
  it('carries the route aliases as redirects', () => {
    const meta = createBuildMeta(CURRENT, ROUTES);
    expect(meta).toEqual({
      id: 'build-1',
      timestamp: 1000,
      matcher: { static: { '/pathwayoptimizer': { redirect: '/lighttouch' } }, wildcard: {} },
      prerendered: [],
      routeRules: { redirects: { '/pathwayoptimizer': '/lighttouch' } },
    });
    expect(buildMetaPath('build-1')).toBe('/builds/meta/build-1.json');
  });

  it('finds exact rules first, then the longest prefix', () => {
    const meta: BuildMeta = {
      ...createBuildMeta(CURRENT, [] as RouteDefinition[]),
      matcher: {
        static: { '/old': { redirect: '/new' } },
        wildcard: { '/docs': { redirect: 'https://docs.example' }, '/docs/api': { redirect: '/api-docs' } },
      },
    };
    expect(findRouteRuleRedirect(meta, '/old')).toBe('/new');
    expect(findRouteRuleRedirect(meta, '/old/')).toBe('/new');
    expect(findRouteRuleRedirect(meta, '/docs/guide')).toBe('https://docs.example');
    expect(findRouteRuleRedirect(meta, '/docs/api/v1')).toBe('/api-docs');
    expect(findRouteRuleRedirect(meta, '/docsx')).toBeUndefined();
    expect(findRouteRuleRedirect(undefined, '/old')).toBeUndefined();
  });
});
