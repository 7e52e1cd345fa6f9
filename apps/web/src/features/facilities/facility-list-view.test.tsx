import { ROUTES, type FacilityDto } from '@ecc/contracts';
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
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { createTestFacility, jsonResponse } from '#test/fixtures.ts';
import { FacilityListView } from './facility-list-view.tsx';

const ROUTE = ROUTES.find((route) => route.id === 'facility')!;

const NORTH_PLANT = createTestFacility({
  name: 'North Plant',
  naics: '221112',
  location: { city: 'Springfield', state: 'IL', latitude: 39.8, longitude: -89.6 },
  co2e: 236_393,
  co2eSource: 'calculated',
  co2eYear: 2025,
});

function renderList(answer: (url: URL) => Response) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url.pathname + url.search);
      if (url.pathname === '/api/facilities/sectors') {
        return jsonResponse(200, { results: [{ sector: 'Power Plants', count: 1 }] });
      }
      if (url.pathname === '/api/facilities/states') {
        return jsonResponse(200, { results: [{ state: 'IL', count: 1 }] });
      }
      if (url.pathname === '/api/overview/years') return jsonResponse(200, { years: [2024, 2025] });
      if (url.pathname === '/api/facilities/map') {
        const { results } = (await answer(url).json()) as { results: FacilityDto[] };
        return jsonResponse(200, {
          points: results.map((facility) => [
            facility.slug,
            facility.name,
            facility.location.latitude,
            facility.location.longitude,
            facility.co2e,
            facility.co2eSource,
          ]),
          unplaced: 0,
          gwpSetId: 'AR5',
        });
      }
      return answer(url);
    }),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/facility/next',
        component: () => <FacilityListView route={ROUTE} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/facility/next'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, requests };
}

const page = (results: FacilityDto[]) =>
  jsonResponse(200, { results, count: results.length, total: results.length, offset: 0, gwpSetId: 'AR5' });

// jsdom lays nothing out: the virtualised table measures its scroll box through clientWidth/clientHeight.
const layoutProperties = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
beforeAll(() => {
  for (const property of layoutProperties) {
    Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => 800 });
  }
});
afterAll(() => {
  for (const property of layoutProperties) Reflect.deleteProperty(HTMLElement.prototype, property);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test renders the whole view and types into it: slow on a loaded machine, so more than the default 5 s.
describe('the facility list', { timeout: 20_000 }, () => {
  it('says how to get facilities in when the realm has none', async () => {
    renderList(() => page([]));
    expect(await screen.findByRole('heading', { name: 'No facilities yet' })).toBeTruthy();
    expect(screen.getByText(/npm run ecc -- import ghgrp/)).toBeTruthy();
  });

  it('searches once the typing pauses, keeps the search in the URL, and links each facility', async () => {
    const { router, requests } = renderList((url) =>
      page(url.searchParams.get('q') === 'spring' ? [NORTH_PLANT] : []),
    );
    await screen.findByRole('heading', { name: 'No facilities yet' });
    await userEvent.type(screen.getByLabelText('Search facilities'), 'spring');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'spring' }));
    const table = await screen.findByRole('table', { name: 'Facilities' });
    const link = await within(table).findByRole('link', { name: 'North Plant' });
    expect(link.getAttribute('href')).toBe('/facility/next/north-plant');
    expect(link.closest('tr')?.textContent).toContain('236.4 t CO2e (2025, calculated)');
    const map = screen.getByRole('group', { name: 'Map of facilities' });
    expect(await within(map).findByRole('link', { name: 'North Plant' })).toBeTruthy();
    // One request per pause, not one per key.
    expect(requests.filter((request) => request.startsWith('/api/facilities?q='))).toEqual([
      '/api/facilities?q=spring&sort=name&limit=50&offset=0',
    ]);
  });

  it('asks the server for the order a header names, keeps it in the URL, and counts every match', async () => {
    const { router, requests } = renderList(() =>
      jsonResponse(200, { results: [NORTH_PLANT], count: 1, total: 6515, offset: 0, gwpSetId: 'AR5' }),
    );
    expect(await screen.findByText('6,515 facilities · CO2e on AR5')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'CO2e, latest year' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: '-co2e' }));
    await waitFor(() => expect(requests).toContain('/api/facilities?sort=-co2e&limit=50&offset=0'));
    expect(screen.getByRole('columnheader', { name: 'CO2e, latest year' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByText('Page 1 of 131')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: '-co2e', page: 2 }));
    await waitFor(() => expect(requests).toContain('/api/facilities?sort=-co2e&limit=50&offset=50'));
  });

  it('shows the CO2e of the year the period selector names, keeping it in the URL and in each link', async () => {
    const { router, requests } = renderList(() => page([NORTH_PLANT]));
    const select = await screen.findByRole('combobox', { name: 'Year' });
    expect((select as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, '2024');
    await waitFor(() => expect(router.state.location.search).toEqual({ year: 2024 }));
    await waitFor(() => expect(requests).toContain('/api/facilities?year=2024&sort=name&limit=50&offset=0'));
    expect(screen.getByRole('columnheader', { name: 'CO2e, 2024' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Facilities' });
    expect(within(table).getByRole('link', { name: 'North Plant' }).getAttribute('href')).toBe(
      '/facility/next/north-plant?year=2024',
    );
  });

  it('shows a failed load with the reason and retries on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let isDown = true;
    renderList(() =>
      isDown
        ? jsonResponse(503, {
            statusCode: 503,
            error: 'Service Unavailable',
            message: 'Database is starting',
          })
        : page([NORTH_PLANT]),
    );
    expect(await screen.findByText('Database is starting')).toBeTruthy();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Facilities' });
    expect(within(table).getByRole('link', { name: 'North Plant' })).toBeTruthy();
  });
});
