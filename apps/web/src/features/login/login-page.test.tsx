import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { createFakeFetch, createTestRealm, jsonResponse, TEST_SESSION, TEST_USER } from '#test/fixtures.ts';
import { LoginPage } from './login-page.tsx';

function renderLogin(login: () => Response, extra: Record<string, () => Response> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      createFakeFetch({
        realm: createTestRealm(),
        session: TEST_SESSION,
        extra: { '/api/auth/login': login, ...extra },
      }),
    ),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/login', component: LoginPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the login page', () => {
  it("asks for both fields with 'Required'", async () => {
    renderLogin(() => jsonResponse(200, TEST_USER));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s message when sign-in fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLogin(() =>
      jsonResponse(
        401,
        { statusCode: 401, error: 'Unauthorized', message: 'Invalid username or password' },
        'Unauthorized',
      ),
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'demo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid username or password')).toBeTruthy();
  });

  it('offers a link per sign-in strategy to its start route', async () => {
    const payload = {
      realm: { key: 'demo', name: 'Demo' },
      logo: null,
      theme: null,
      login: { logo: null, background: null },
      strategies: [{ id: 'a1b2', name: 'Acme ID' }],
    };
    renderLogin(() => jsonResponse(200, TEST_USER), {
      '/login/_payload.json': () => jsonResponse(200, payload),
    });
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/a1b2/start');
  });

  it('shows the message a failed provider sign-in brought back', async () => {
    window.history.replaceState(
      null,
      '',
      '/login?error=The%20sign-in%20provider%20did%20not%20sign%20you%20in.',
    );
    renderLogin(() => jsonResponse(200, TEST_USER));
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in provider did not sign you in.');
  });

  it('goes home after signing in', async () => {
    const router = renderLogin(() => jsonResponse(200, TEST_USER));
    await userEvent.type(await screen.findByLabelText('Email'), 'demo@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
