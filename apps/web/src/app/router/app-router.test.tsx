import { REDIRECT_COOKIE_NAME } from '@ecc/contracts';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query/query-client.ts';
import { createRedirectCookie } from '../../lib/session/redirect-cookie.ts';
import { createFakeFetch, createTestRealm, TEST_SESSION, TEST_USER, type FakeServer } from '../../test/fixtures.ts';
import { App } from '../app.tsx';
import { createAppRouter } from './app-router.tsx';

function renderAt(path: string, server: FakeServer) {
  vi.stubGlobal('fetch', vi.fn(createFakeFetch(server)));
  const queryClient = createQueryClient();
  const notify = vi.fn();
  const router = createAppRouter(
    {
      queryClient,
      navigation: { routeRuleRedirect: () => undefined, isNewVersionAvailable: () => false },
      redirectCookie: createRedirectCookie(),
      notify,
      navigateExternal: vi.fn(),
      reloadAt: vi.fn(),
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
  render(<App queryClient={queryClient} router={router} />);
  return { router, notify };
}

beforeEach(() => {
  document.cookie = `${REDIRECT_COOKIE_NAME}=; path=/; Max-Age=0`;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the route tree', () => {
  it('answers an unknown path with a 404 naming the path', async () => {
    renderAt('/no-such-page', { realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER });
    expect(await screen.findByText('Page not found: /no-such-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('answers route parameters that fail validation with a fatal 404', async () => {
    renderAt('/facility/next/Not_A_Slug', { realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER });
    expect(await screen.findByText('Page Not Found: /facility/next/Not_A_Slug')).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: 'Pathway optimizer' })).toBeTruthy();
  });

  it('shows a feature page with its title and empty state', async () => {
    renderAt('/knowledgegraph', { realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Knowledge graph' })).toBeTruthy();
    expect(screen.getByText('Nothing to trace yet')).toBeTruthy();
  });
});
