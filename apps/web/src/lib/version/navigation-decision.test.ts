import { describe, expect, it } from 'vitest';
import { decideNavigation } from './navigation-decision.ts';

describe('what a navigation does', () => {
  const target = { pathname: '/benchmarks', href: '/benchmarks?year=2025' };
  const state = (redirect?: string, isNew = false) => ({
    routeRuleRedirect: (pathname: string) => (pathname === '/benchmarks' ? redirect : undefined),
    isNewVersionAvailable: () => isNew,
  });

  it('proceeds normally', () => {
    expect(decideNavigation(target, state())).toEqual({ type: 'proceed' });
  });

  it('follows a route-rule redirect inside the app', () => {
    expect(decideNavigation(target, state('/pathways'))).toEqual({ type: 'redirect', to: '/pathways' });
  });

  it('leaves for an absolute external redirect with a full page navigation', () => {
    expect(decideNavigation(target, state('https://example.org/benchmarks'))).toEqual({
      type: 'external',
      url: 'https://example.org/benchmarks',
    });
    expect(decideNavigation(target, state('//example.org/x'))).toEqual({
      type: 'external',
      url: '//example.org/x',
    });
  });

  it('reloads at the target once a new build is out', () => {
    expect(decideNavigation(target, state(undefined, true))).toEqual({
      type: 'reload',
      href: '/benchmarks?year=2025',
    });
  });
});
