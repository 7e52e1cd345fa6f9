import type { CalculationVersionListItem } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { CalculationIdeHistory } from './calculation-ide-history.tsx';

const CALCULATION_ID = '1e7c3d2b-4a5f-4c6d-8e9f-0a1b2c3d4e5f';
const CURRENT_USER_ID = '2f8d4e3c-5b6a-4d7e-9f0a-1b2c3d4e5f60';

function version(
  number: number,
  authorId: string | null,
  authorName: string | null,
): CalculationVersionListItem {
  return {
    id: `version-${number}`,
    calculationId: CALCULATION_ID,
    number,
    formula: `:quantity * ${number}`,
    parameters: [],
    state: number === 1 ? 'published' : 'draft',
    authorId,
    authorName,
    createdOn: '2026-11-20T10:00:00.000Z',
    publishedOn: number === 1 ? '2026-11-20T11:00:00.000Z' : null,
  };
}

/** The versions API as the server answers it: names resolved, null for an author who is not the realm's. */
const VERSIONS = [
  version(4, CURRENT_USER_ID, 'Grace Hopper'),
  version(3, '3a9e5f4d-6c7b-4e8f-a0b1-2c3d4e5f6071', null),
  version(2, '4b0f6a5e-7d8c-4f9a-b1c2-3d4e5f607182', 'Ada Lovelace'),
  version(1, null, null),
];

function renderHistory() {
  // The API is outside what this test renders: fetch answers the versions list.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { versions: VERSIONS })),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/',
        component: () => (
          <CalculationIdeHistory calculationId={CALCULATION_ID} currentUserId={CURRENT_USER_ID} />
        ),
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the History tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names who saved each version, and says "Unknown user" for an author the realm does not have', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: /Every save is a version/ });
    const authorOf = (number: number) => {
      const row = within(table)
        .getByRole('link', { name: `Open version ${number}` })
        .closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell')[1]?.textContent;
    };
    expect(authorOf(4)).toBe('Grace Hopper (you)');
    expect(authorOf(3)).toBe('Unknown user');
    expect(authorOf(2)).toBe('Ada Lovelace');
    expect(authorOf(1)).toBe('the system (seeded)');
    expect(table.textContent).not.toContain('3a9e5f4d');
  });

  it('offers the version history as CSV and XLSX downloads of this calculation', async () => {
    const user = userEvent.setup();
    renderHistory();
    await user.click(await screen.findByRole('button', { name: 'Export the version history' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      `/api/exports/calculations/${CALCULATION_ID}/versions?format=csv`,
      `/api/exports/calculations/${CALCULATION_ID}/versions?format=xlsx`,
    ]);
  });
});
