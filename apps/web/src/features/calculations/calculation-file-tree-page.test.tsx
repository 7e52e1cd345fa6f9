import { findRoute, type CalculationSummary } from '@ecc/contracts';
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
import { jsonResponse } from '#test/fixtures.ts';
import { CalculationFileTreePage } from './calculation-file-tree-page.tsx';

const CALCULATION: CalculationSummary = {
  id: '7e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5061',
  name: 'boiler-flat',
  folderId: null,
  description: '',
  latestVersion: 2,
  state: 'published',
  publishedVersion: 2,
  testStatus: 'passed',
  inheritedFrom: null,
  modifiedOn: '2026-11-20T10:00:00.000Z',
};

describe('the file tree page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers every calculation as CSV and XLSX downloads', async () => {
    // The calculation list answers; the session probe (and anything else) finds nobody signed in.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/calculations'
          ? jsonResponse(200, { folders: [], calculations: [CALCULATION] })
          : jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Sign in' }),
      ),
    );
    const rootRoute = createRootRoute();
    const router = createRouter({
      routeTree: rootRoute.addChildren([
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/',
          component: () => <CalculationFileTreePage route={findRoute('calc-editor-file-tree')} />,
        }),
      ]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Export the calculations' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/calculations?format=csv',
      '/api/exports/calculations?format=xlsx',
    ]);
  });
});
