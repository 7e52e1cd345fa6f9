import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { BOILER_ITEM, BOILER_TYPE, jsonResponse } from '#test/fixtures.ts';
import { EquipmentItemStates } from './equipment-item-states.tsx';

/** Answers the item with `itemAnswer` (a status and body), the boiler type always. */
function renderStates(itemAnswer: () => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    if (pathname === `/api/equipment/${BOILER_ITEM.id}`) return itemAnswer();
    if (pathname === '/api/equipment/types/boiler') return jsonResponse(200, BOILER_TYPE);
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/equipment-manager/$schema/$id/view',
        component: () => (
          <EquipmentItemStates>
            {({ equipment, type }) => (
              <p>
                {equipment.name} is a {type.name}
              </p>
            )}
          </EquipmentItemStates>
        ),
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/equipment-manager/boiler/${BOILER_ITEM.id}/view`] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EquipmentItemStates', () => {
  it('shows a skeleton while the item and its type load, then the page with both', async () => {
    renderStates(() => jsonResponse(200, BOILER_ITEM));
    expect(await screen.findByLabelText('Loading the equipment')).toBeTruthy();
    expect(await screen.findByText('Boiler 1 is a Boiler')).toBeTruthy();
  });

  it('says the equipment is not found for an id the realm does not have, with the way back', async () => {
    renderStates(() =>
      jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'No such equipment' }, 'Not Found'),
    );
    expect(await screen.findByRole('heading', { name: 'Equipment not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the equipment list' })).toBeTruthy();
  });

  it('shows a failure with a retry that loads the item again', async () => {
    let isDown = true;
    renderStates(() =>
      isDown
        ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Database down' })
        : jsonResponse(200, BOILER_ITEM),
    );
    expect(
      await screen.findByText('The equipment could not be loaded', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Boiler 1 is a Boiler')).toBeTruthy();
  });
});
