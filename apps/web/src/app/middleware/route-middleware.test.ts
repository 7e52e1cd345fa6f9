import { GLOBAL_ROUTE_MIDDLEWARE, ROUTE_MIDDLEWARE, ROUTES, type RouteDefinition } from '@ecc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createRouteTree } from '../router/app-router.tsx';
import {
  createMiddlewareRegistry,
  resolveRouteMiddleware,
  runRouteMiddleware,
  type MiddlewareContext,
  type RouteMiddleware,
} from './route-middleware.ts';
import { routeMiddlewareRegistry } from './route-middleware-registry.ts';

describe('the route middleware registry', () => {
  it('resolves every middleware name the route table uses, global ones first', () => {
    for (const route of ROUTES as readonly RouteDefinition[]) {
      const chain = resolveRouteMiddleware(route, routeMiddlewareRegistry);
      expect(chain).toHaveLength(GLOBAL_ROUTE_MIDDLEWARE.length + (route.middleware?.length ?? 0));
    }
  });

  it('has an implementation for every name of the contracts', () => {
    for (const name of ROUTE_MIDDLEWARE)
      expect(typeof routeMiddlewareRegistry.resolve(name)).toBe('function');
  });

  it('throws for a name it does not know', () => {
    expect(() => routeMiddlewareRegistry.resolve('teleport')).toThrow(
      new Error('Unknown route middleware: teleport'),
    );
    expect(() => routeMiddlewareRegistry.resolve('toString')).toThrow('Unknown route middleware: toString');
  });

  it('refuses to build a route tree where a route names an unknown guard', () => {
    const routes: RouteDefinition[] = [
      { id: 'broken', path: '/broken', title: 'Broken', layout: 'default', middleware: ['no-such-guard'] },
    ];
    expect(() => createRouteTree({ routes })).toThrow('Unknown route middleware: no-such-guard');
  });

  it('runs the chain in order and stops at the first redirect', async () => {
    const calls: string[] = [];
    const step =
      (name: string, outcome?: { redirectTo: string }): RouteMiddleware =>
      () => {
        calls.push(name);
        return outcome;
      };
    const registry = createMiddlewareRegistry({
      auth: step('auth'),
      licences: step('licences'),
      plan: step('plan', { redirectTo: '/launcher' }),
      'feature-flags': step('feature-flags'),
    });
    const chain = resolveRouteMiddleware({ middleware: [] }, registry);
    const outcome = await runRouteMiddleware(chain, {} as MiddlewareContext);
    expect(outcome).toEqual({ redirectTo: '/launcher' });
    expect(calls).toEqual(['auth', 'licences', 'plan']);
  });

  it('lets a route add its own middleware after the global ones', async () => {
    const alternateHome = vi.fn<RouteMiddleware>(() => undefined);
    const registry = createMiddlewareRegistry({
      auth: () => undefined,
      licences: () => undefined,
      plan: () => undefined,
      'feature-flags': () => undefined,
      'alternate-home': alternateHome,
    });
    const chain = resolveRouteMiddleware({ middleware: ['alternate-home'] }, registry);
    await runRouteMiddleware(chain, {} as MiddlewareContext);
    expect(alternateHome).toHaveBeenCalledTimes(1);
  });
});
