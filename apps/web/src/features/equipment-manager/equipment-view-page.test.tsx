import type { PermissionRow } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import {
  ADMIN_PERMISSIONS,
  answerSignedIn,
  BOILER_ITEM,
  BOILER_TYPE,
  jsonResponse,
  MEMBER_PERMISSIONS,
} from '#test/fixtures.ts';
import { EquipmentViewPage } from './equipment-view-page.tsx';

// The controls appear once the user's abilities have loaded (session, user, then grants): slow under load.
const ABILITY_WAIT = { timeout: 5000 };

function renderView(permissions: PermissionRow[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const signedIn = answerSignedIn(url, permissions);
      if (signedIn) return signedIn;
      if (url.pathname === `/api/equipment/${BOILER_ITEM.id}`) return jsonResponse(200, BOILER_ITEM);
      if (url.pathname === '/api/equipment/types/boiler') return jsonResponse(200, BOILER_TYPE);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
    }),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/equipment-manager/$schema/$id/view',
        component: EquipmentViewPage,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/equipment-manager/boiler/${BOILER_ITEM.id}/view`] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the equipment view page', () => {
  it('offers Edit and Delete to an administrator', async () => {
    renderView(ADMIN_PERMISSIONS);
    expect(await screen.findByRole('button', { name: 'Delete' }, ABILITY_WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it('offers a member Edit but no Delete', async () => {
    renderView(MEMBER_PERMISSIONS);
    expect(await screen.findByRole('link', { name: 'Edit' }, ABILITY_WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Boiler 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows neither to someone without grants', async () => {
    renderView([]);
    expect(await screen.findByRole('heading', { name: 'Boiler 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
