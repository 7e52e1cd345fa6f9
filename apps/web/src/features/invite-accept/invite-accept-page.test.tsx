import { INVITATION_NOT_FOUND_MESSAGE } from '@ecc/contracts';
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
import { InviteAcceptPage } from './invite-accept-page.tsx';

const TOKEN = 'A'.repeat(43);
const PREVIEW = { email: 'new@example.com', realmName: 'Acme Corp', expiresAt: '2030-01-01T00:00:00.000Z' };

function renderAcceptPage(extra: Record<string, () => Response>) {
  vi.stubGlobal('fetch', vi.fn(createFakeFetch({ realm: createTestRealm(), session: TEST_SESSION, extra })));
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/invite/$token', component: InviteAcceptPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/invite/${TOKEN}`] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the invitation accept page', () => {
  it('names the address and the realm, and asks for the same password twice', async () => {
    renderAcceptPage({ [`/api/invitations/accept/${TOKEN}`]: () => jsonResponse(200, PREVIEW) });
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'long-password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Must match the password')).toBeTruthy();
  });

  it('says when the link cannot be used', async () => {
    renderAcceptPage({
      [`/api/invitations/accept/${TOKEN}`]: () =>
        jsonResponse(
          404,
          { statusCode: 404, error: 'Not Found', message: INVITATION_NOT_FOUND_MESSAGE },
          'Not Found',
        ),
    });
    expect(await screen.findByText('This invitation cannot be used')).toBeTruthy();
    expect(screen.getByText(INVITATION_NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('joins and goes home once the password is set', async () => {
    const router = renderAcceptPage({
      [`/api/invitations/accept/${TOKEN}`]: () => jsonResponse(200, PREVIEW),
      '/api/invitations/accept': () => jsonResponse(200, TEST_USER),
    });
    await userEvent.type(await screen.findByLabelText('Password'), 'long-password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
