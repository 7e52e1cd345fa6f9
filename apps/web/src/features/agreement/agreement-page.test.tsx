import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { createFakeFetch, createTestRealm, jsonResponse, TEST_SESSION, TEST_USER } from '#test/fixtures.ts';
import { AgreementPage } from './agreement-page.tsx';

const EULA = { id: 'eula', title: 'End-user licence agreement', text: 'Use it well.' };

/** The agreement page at /agreement with one licence to accept; the server's answer to `PUT /api/user` is `answerPut`'s. */
function renderAgreement(answerPut: (body: unknown) => Response) {
  const puts: unknown[] = [];
  const server = createFakeFetch({
    realm: createTestRealm({ legal: { licences: [EULA] } }),
    session: TEST_SESSION,
    user: TEST_USER,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/user' && init.method === 'PUT') {
        const body: unknown = JSON.parse(String(init.body));
        puts.push(body);
        return answerPut(body);
      }
      return server(input);
    }),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/agreement', component: AgreementPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/profile', component: () => <h1>Profile</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/agreement?next=/profile'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { puts, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the agreement page', () => {
  it('accepts the licences once the box is ticked, recording their revision, and goes on', async () => {
    const { puts, router } = renderAgreement((body) =>
      jsonResponse(200, {
        ...TEST_USER,
        properties: (body as { user: { properties: object } }).user.properties,
      }),
    );
    const form = await screen.findByRole('form', { name: 'Accept the licences' });
    const accept = within(form).getByRole('button', { name: 'Accept and continue' });
    expect(accept).toHaveProperty('disabled', true);
    await userEvent.click(within(form).getByLabelText(/I have read and accept/));
    await userEvent.click(accept);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(puts).toEqual([
      {
        user: {
          properties: {
            name: 'Dana Demo',
            licensing: { licenses: { eula: expect.objectContaining({ revision: 1 }) } },
          },
        },
      },
    ]);
  });

  it('shows the server’s refusal beside the box, and stays on the page to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderAgreement(() =>
      jsonResponse(
        400,
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/user/properties: Expected object, received string',
          fieldErrors: { 'body/user/properties': 'Expected object, received string' },
        },
        'Bad Request',
      ),
    );
    const form = await screen.findByRole('form', { name: 'Accept the licences' });
    const box = within(form).getByLabelText(/I have read and accept/);
    await userEvent.click(box);
    await userEvent.click(within(form).getByRole('button', { name: 'Accept and continue' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(
      'Your acceptance could not be recorded: Expected object, received string. Please try again.',
    );
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    expect(within(form).getByRole('button', { name: 'Accept and continue' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(router.state.location.pathname).toBe('/agreement');
  });
});
