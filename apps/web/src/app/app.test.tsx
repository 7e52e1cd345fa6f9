import { toast } from '@ecc/ui';
import { createMemoryHistory } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query/query-client.ts';
import { createRedirectCookie } from '../lib/session/redirect-cookie.ts';
import { createFakeFetch, createTestRealm, TEST_SESSION, TEST_USER } from '../test/fixtures.ts';
import { App } from './app.tsx';
import { createAppRouter } from './router/app-router.tsx';

function renderApp(path: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(createFakeFetch({ realm: createTestRealm(), session: TEST_SESSION, user: TEST_USER })),
  );
  const queryClient = createQueryClient();
  const router = createAppRouter(
    {
      queryClient,
      navigation: { routeRuleRedirect: () => undefined, isNewVersionAvailable: () => false },
      redirectCookie: createRedirectCookie(),
      notify: vi.fn(),
      navigateExternal: vi.fn(),
      reloadAt: vi.fn(),
    },
    { history: createMemoryHistory({ initialEntries: [path] }) },
  );
  render(<App queryClient={queryClient} router={router} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App', () => {
  it('shows a toast raised before the toaster has loaded, once it has', async () => {
    renderApp('/launcher');
    toast({ title: 'Raised at start-up' });
    // The toaster's chunk is transformed on first import here: the wait is the test runner's, not the app's.
    expect(await screen.findByText('Raised at start-up', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('moves the focus to the notifications on F8 pressed as soon as the page shows', async () => {
    renderApp('/launcher');
    await screen.findByRole('heading', { name: 'Launcher' });
    fireEvent.keyDown(document, { code: 'F8' });
    const region = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 5000 });
    await waitFor(() => expect(region.querySelector('ol')).toBe(document.activeElement));
  });
});
