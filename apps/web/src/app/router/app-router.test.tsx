import { REDIRECT_COOKIE_NAME } from '@ecc/contracts';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query/query-client.ts';
import type { NavigationState } from '../../lib/version/navigation-decision.ts';
import { createRedirectCookie } from '../../lib/session/redirect-cookie.ts';
import {
  createFakeFetch,
  createTestRealm,
  jsonResponse,
  TEST_SESSION,
  TEST_USER,
  type FakeServer,
} from '../../test/fixtures.ts';
import { App } from '../app.tsx';
import { createAppRouter, type AppRouter } from './app-router.tsx';

/** The routers a test made: each must finish loading before the next test, or its pending-UI timer fires later. */
const routers: AppRouter[] = [];

function renderAt(path: string, server: FakeServer, navigation?: Partial<NavigationState>) {
  vi.stubGlobal('fetch', vi.fn(createFakeFetch(server)));
  const queryClient = createQueryClient();
  const notify = vi.fn();
  const navigateExternal = vi.fn();
  const reloadAt = vi.fn();
  const router = createAppRouter(
    {
      queryClient,
      navigation: { routeRuleRedirect: () => undefined, isNewVersionAvailable: () => false, ...navigation },
      redirectCookie: createRedirectCookie(),
      notify,
      navigateExternal,
      reloadAt,
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
  routers.push(router);
  render(<App queryClient={queryClient} router={router} />);
  return { router, notify, navigateExternal, reloadAt };
}

const signedIn: FakeServer = { realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER };

beforeEach(() => {
  document.cookie = `${REDIRECT_COOKIE_NAME}=; path=/; Max-Age=0`;
});

afterEach(async () => {
  // A route still loading when its test ends would offer its pending page (a 300 ms timer) after the DOM is gone.
  // Wait until it is idle, or past that timer for a navigation that never ends (one leaving the app).
  for (const router of routers.splice(0)) {
    await waitFor(() => expect(router.state.status).toBe('idle'), { timeout: 1_000 }).catch(() => undefined);
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the route tree', () => {
  it('answers an unknown path with a 404 naming the path', async () => {
    renderAt('/no-such-page', { realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER });
    expect(await screen.findByText('Page not found: /no-such-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('answers route parameters that fail validation with a fatal 404', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt('/facility/next/Not_A_Slug', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    expect(await screen.findByText('Page Not Found: /facility/next/Not_A_Slug')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(log.mock.calls.flat()).toContainEqual(
      expect.objectContaining({ message: 'Page Not Found: /facility/next/Not_A_Slug' }),
    );
  });

  it('accepts valid parameters, and an optional one left out', async () => {
    const { router } = renderAt('/facility/next/north-plant', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    expect(await screen.findByRole('heading', { name: 'Facilities' })).toBeTruthy();
    await act(() => router.navigate({ to: '/facility/next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/facility/next'));
    expect(screen.getByRole('heading', { name: 'Facilities' })).toBeTruthy();
  });

  it('sends a signed-out user to /login and remembers where they were going', async () => {
    const { router } = renderAt('/benchmarks', { realm: createTestRealm(), session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(createRedirectCookie().read()).toBe('/benchmarks');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a signed-in user whose plan lacks the feature to the launcher with a warning', async () => {
    const { router, notify } = renderAt('/reporting/next', {
      realm: createTestRealm({ plan: 'CORE' }),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/launcher'));
    expect(notify).toHaveBeenCalledWith({
      variant: 'warning',
      title: 'Reporting is not part of your plan',
      description: 'It is included in the Paid plan.',
    });
    expect(await screen.findByRole('heading', { name: 'Launcher' })).toBeTruthy();
  });

  it('redirects an alias to its route', async () => {
    const { router } = renderAt('/pathwayoptimizer', {
      realm: createTestRealm({ plan: 'paid' }),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/lighttouch'));
    // The optimizer page's first import (its charts' option builders and the domain's MACC) takes seconds in
    // jsdom on a busy machine: the wait is for the page to load, not a measure of speed.
    expect(
      await screen.findByRole('heading', { name: 'Pathway optimizer' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('sends a signed-in user from /login to the saved redirect, then clears it there', async () => {
    createRedirectCookie().save('/pathways');
    const { router } = renderAt('/login', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pathways'));
    expect(await screen.findByRole('heading', { name: 'Decarbonisation pathways' })).toBeTruthy();
    expect(createRedirectCookie().read()).toBeUndefined();
  });

  it('replace-redirects home to the alternate home path', async () => {
    const { router } = renderAt('/', {
      realm: createTestRealm({ alternateHomePath: '/knowledgegraph' }),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledgegraph'));
    expect(router.history.length).toBe(1);
  });

  it('keeps a keepalive page mounted, hidden, while another page of its layout is open', async () => {
    const { router } = renderAt('/equipment-manager', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
      extra: {
        '/api/equipment/sites': () => jsonResponse(200, { results: [] }),
        '/api/equipment/types': () => jsonResponse(200, { results: [] }),
      },
    });
    const kept = await screen.findByText('No sites yet');
    await act(() => router.navigate({ to: '/equipment-manager/admin' }));
    expect(await screen.findByText('No equipment types yet')).toBeTruthy();
    expect(kept.isConnected).toBe(true);
    expect(kept.closest('[style*="display: none"]')).not.toBeNull();
    await act(() => router.navigate({ to: '/equipment-manager' }));
    await waitFor(() => expect(kept.closest('[style*="display: none"]')).toBeNull());
    expect(screen.getByText('No sites yet')).toBe(kept);
  });

  it('fades pages in unless their meta turns the transition off', async () => {
    const { router } = renderAt('/knowledgegraph', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    const faded = await screen.findByRole('heading', { name: 'Knowledge graph' });
    expect(faded.closest('.ecc-transition-page')).not.toBeNull();
    expect(faded.closest('.ecc-transition-layout')).not.toBeNull();
    await act(() => router.navigate({ to: '/knowledgegraph/3d' }));
    const still = await screen.findByRole('heading', { name: 'Knowledge graph 3D' });
    expect(still.closest('.ecc-transition-page')).toBeNull();
  });

  it('renders /agreement without a layout, listing the legal texts', async () => {
    renderAt('/agreement', {
      realm: createTestRealm({
        legal: { tos: 'Use the product fairly.', copyright: '© 2026 Demo Energy Co.' },
      }),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    expect(await screen.findByRole('heading', { name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByText('© 2026 Demo Energy Co.')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('follows a redirect of the build’s route rules', async () => {
    const { router } = renderAt('/knowledgegraph', signedIn, {
      routeRuleRedirect: (pathname) => (pathname === '/knowledgegraph' ? '/pathways' : undefined),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pathways'));
  });

  it('leaves the app for an absolute external route-rule redirect', async () => {
    const { navigateExternal } = renderAt('/knowledgegraph', signedIn, {
      routeRuleRedirect: (pathname) =>
        pathname === '/knowledgegraph' ? 'https://example.org/graph' : undefined,
    });
    await waitFor(() => expect(navigateExternal).toHaveBeenCalledWith('https://example.org/graph'));
  });

  it('loads the target route from the server on the next navigation once a new build is out', async () => {
    let isNewVersionAvailable = false;
    const { router, reloadAt } = renderAt('/launcher', signedIn, {
      isNewVersionAvailable: () => isNewVersionAvailable,
    });
    await screen.findByRole('heading', { name: 'Launcher' });
    isNewVersionAvailable = true;
    void router.navigate({ to: '/pathways', search: { view: 'chart' } });
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/pathways?view=chart'));
    expect(screen.queryByRole('heading', { name: 'Decarbonisation pathways' })).toBeNull();
  });

  it('shows a feature page with its title and content', async () => {
    renderAt('/calc-editor/templates', {
      realm: createTestRealm(),
      session: TEST_SESSION,
      user: TEST_USER,
    });
    expect(await screen.findByRole('heading', { name: 'Calculation templates' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Fuel-based: stationary combustion of natural gas' }),
    ).toBeTruthy();
  });
});
