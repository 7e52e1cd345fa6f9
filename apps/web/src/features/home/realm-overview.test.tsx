import type { OverviewResponse } from '@ecc/contracts';
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
import { answerSignedIn, jsonResponse } from '#test/fixtures.ts';
import { RealmOverview } from './realm-overview.tsx';

const totals = (
  year: number,
  scope1: number,
  scope2Location: number,
  scope2Market: number,
  scope3: number,
) => ({
  year,
  facilityCount: 2,
  co2eKg: scope1 + scope2Location + scope3,
  scope1,
  scope2Location,
  scope2Market,
  scope3,
});

const OVERVIEW: OverviewResponse = {
  year: 2025,
  years: [2020, 2024, 2025],
  facilityCount: 3,
  calculated: {
    gwpSetId: 'AR5',
    totals: totals(2025, 3_000_000, 1_000_000, 400_000, 0),
    previous: totals(2024, 2_500_000, 1_000_000, 500_000, 500_000),
    trend: [
      totals(2024, 2_500_000, 1_000_000, 500_000, 500_000),
      totals(2025, 3_000_000, 1_000_000, 400_000, 0),
    ],
    topFacilities: [
      {
        slug: 'north-plant',
        name: 'North Plant',
        sector: 'Power Plants',
        state: 'IL',
        country: 'US',
        co2eKg: 3_000_000,
        scope1: 3_000_000,
        scope2Location: 0,
        scope2Market: 0,
        scope3: 0,
      },
    ],
    topSources: [
      {
        activityType: 'Natural gas',
        co2eKg: 3_000_000,
        facilityCount: 4,
        topFacilities: [{ slug: 'north-plant', name: 'North Plant', co2eKg: 3_000_000 }],
      },
    ],
  },
  reported: {
    totals: [{ gwpSetId: 'AR5', source: 'EPA GHGRP 2025', co2eKg: 9_000_000, facilityCount: 1 }],
    trend: [
      { year: 2020, gwpSetId: 'AR5', source: 'EPA GHGRP 2025', co2eKg: 8_000_000, facilityCount: 1 },
      { year: 2025, gwpSetId: 'AR5', source: 'EPA GHGRP 2025', co2eKg: 9_000_000, facilityCount: 1 },
    ],
    topFacilities: [
      {
        slug: 'gulf-refinery',
        name: 'Gulf Refinery',
        sector: 'Refineries',
        state: 'TX',
        country: 'US',
        gwpSetId: 'AR5',
        source: 'EPA GHGRP 2025',
        co2eKg: 9_000_000,
      },
    ],
  },
  dataQuality: {
    gaps: 2,
    outliers: 1,
    estimated: 5,
    facilityCount: 1,
    topFacilities: [{ slug: 'north-plant', name: 'North Plant', gaps: 2, outliers: 1, estimated: 5 }],
  },
};

const EMPTY: OverviewResponse = {
  year: null,
  years: [],
  facilityCount: 0,
  calculated: {
    gwpSetId: 'AR5',
    totals: null,
    previous: null,
    trend: [],
    topFacilities: [],
    topSources: [],
  },
  reported: { totals: [], trend: [], topFacilities: [] },
  dataQuality: { gaps: 0, outliers: 0, estimated: 0, facilityCount: 0, topFacilities: [] },
};

function renderOverview(answer: () => Response, initialPath = '/') {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname + url.search);
      const signedIn = answerSignedIn(url);
      if (signedIn) return signedIn;
      if (url.pathname === '/api/overview') return answer();
      if (url.pathname === '/api/overview/years') return jsonResponse(200, { years: [2020, 2024, 2025] });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
    }),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/',
        component: () => <RealmOverview header={{ title: 'Emissions overview' }} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { paths, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the realm overview', { timeout: 20_000 }, () => {
  it('shows the year’s total and scopes, Scope 2 both ways, each linking to the facilities behind it', async () => {
    renderOverview(() => jsonResponse(200, OVERVIEW));
    expect(await screen.findByTestId('overview-CO2e 2025')).toHaveProperty('textContent', '4,000.0 t CO2e');
    expect(screen.getByTestId('overview-Scope 2 (location-based) 2025').textContent).toBe('1,000.0 t CO2e');
    expect(screen.getByTestId('overview-Scope 2 (market-based) 2025').textContent).toBe('400.0 t CO2e');
    // The total (4,000 t both years) and Scope 2 location-based did not move; Scope 1 rose by a fifth.
    expect(screen.getAllByText('±0% vs last year')).toHaveLength(2);
    expect(screen.getByText('+20% vs last year')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2 of 3 facilities' }).getAttribute('href')).toBe(
      '/facility/next?sort=-co2e&year=2025',
    );
    expect(screen.getByText(/Calculated on GWP set AR5/)).toBeTruthy();
  });

  it('links the largest emitters and sources to their facility view of the year, with the trail open', async () => {
    renderOverview(() => jsonResponse(200, OVERVIEW));
    const emitters = await screen.findByRole('table', {
      name: 'Facilities with the largest calculated CO2e in 2025',
    });
    expect(within(emitters).getByRole('link', { name: 'North Plant' }).getAttribute('href')).toBe(
      '/facility/next/north-plant?year=2025',
    );
    expect(
      within(emitters)
        .getByRole('link', { name: "3,000.0 t CO2e: the trail of North Plant's total" })
        .getAttribute('href'),
    ).toBe('/facility/next/north-plant?year=2025&trail=total');
    const sources = screen.getByRole('table', { name: 'Sources with the largest calculated CO2e in 2025' });
    expect(
      within(sources)
        .getByRole('link', { name: /^North Plant: the trail of its Natural gas/ })
        .getAttribute('href'),
    ).toBe('/facility/next/north-plant?year=2025&trail=source%3ANatural+gas');
    expect(within(sources).getByText('and 3 more')).toBeTruthy();
  });

  it('keeps reported emissions apart, naming their programme and GWP set', async () => {
    renderOverview(() => jsonResponse(200, OVERVIEW));
    const reported = await screen.findByRole('region', { name: 'Reported, not calculated, in 2025' });
    expect(within(reported).getByTestId('overview-reported-EPA GHGRP 2025-AR5').textContent).toBe(
      '9,000.0 t CO2e',
    );
    expect(within(reported).getByText('Reported to EPA GHGRP 2025 · GWP set AR5')).toBeTruthy();
    expect(within(reported).getByRole('link', { name: 'Gulf Refinery' }).getAttribute('href')).toBe(
      '/facility/next/gulf-refinery?year=2025',
    );
  });

  it('counts data-quality flags and links the facilities to their flags', async () => {
    renderOverview(() => jsonResponse(200, OVERVIEW));
    const quality = await screen.findByRole('region', { name: 'Data quality in 2025' });
    expect(within(quality).getByTestId('overview-quality-gaps').textContent).toBe('2');
    expect(within(quality).getByTestId('overview-quality-estimated').textContent).toBe('5');
    expect(within(quality).getByRole('link', { name: 'North Plant' }).getAttribute('href')).toBe(
      '/facility/next/north-plant?year=2025#facility-data-quality',
    );
  });

  it('exports each ranking whole for the year shown, as CSV or XLSX', async () => {
    const user = userEvent.setup();
    renderOverview(() => jsonResponse(200, OVERVIEW));
    const exports = [
      ['every facility ranked by CO2e in 2025', 'facilities'],
      ['every source ranked by CO2e in 2025', 'sources'],
      ['every facility that reported, not calculated, in 2025', 'reported'],
      ['every facility with data-quality flags in 2025', 'data-quality'],
    ] as const;
    for (const [what, table] of exports) {
      await user.click(await screen.findByRole('button', { name: `Export ${what}` }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.getAttribute('href'))).toEqual([
        `/api/exports/overview?year=2025&table=${table}&format=csv`,
        `/api/exports/overview?year=2025&table=${table}&format=xlsx`,
      ]);
      await user.keyboard('{Escape}');
    }
  });

  it('selects another year in the URL, and asks for its figures', async () => {
    const { paths, router } = renderOverview(() => jsonResponse(200, OVERVIEW));
    const year = (await screen.findByLabelText('Year')) as HTMLSelectElement;
    await waitFor(() =>
      expect([...year.options].map((option) => option.value)).toEqual(['2025', '2024', '2020']),
    );
    await userEvent.selectOptions(year, '2024');
    await waitFor(() => expect(router.state.location.search).toEqual({ year: 2024 }));
    await waitFor(() => expect(paths).toContain('/api/overview?year=2024'));
  });

  it('shows the trend as a table on request, a year’s button selecting it', async () => {
    const { router } = renderOverview(() => jsonResponse(200, OVERVIEW));
    const trend = await screen.findByRole('region', { name: 'Emissions by year' });
    await userEvent.click(within(trend).getByRole('button', { name: 'Show table' }));
    const table = within(trend).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toContain('Reported to EPA GHGRP 2025 (AR5)');
    expect(headers).toContain('Calculated total (AR5)');
    await userEvent.click(within(table).getByRole('button', { name: 'Show 2020' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ year: 2020 }));
  });

  it('says how to start when the realm has no data yet', async () => {
    renderOverview(() => jsonResponse(200, EMPTY));
    expect(await screen.findByRole('heading', { name: 'No emissions yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the facilities' }).getAttribute('href')).toBe(
      '/facility/next',
    );
    expect(await screen.findByRole('button', { name: /GHGRP/ }, { timeout: 5000 })).toBeTruthy();
  });

  it('says what failed, with a retry', async () => {
    renderOverview(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'The database is away' }),
    );
    expect(await screen.findByText('The overview could not be loaded', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
