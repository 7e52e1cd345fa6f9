import { findRoute, type InventoryFacility, type InventoryResponse } from '@ecc/contracts';
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
import { answerSignedIn, jsonResponse } from '#test/fixtures.ts';
import { InventoryPage } from './inventory-page.tsx';
import { FACILITY_PAGE_SIZE, sortFacilities } from './inventory-tables.tsx';

function facility(index: number): InventoryFacility {
  return {
    facilityId: `id-${index}`,
    source: 'calculated',
    slug: `plant-${index}`,
    name: `Plant ${String(index).padStart(3, '0')}`,
    country: index % 2 === 0 ? 'US' : 'CA',
    businessUnitId: null,
    countedPercent: 100,
    scope1: index * 1000,
    scope2Location: 0,
    scope2Market: 0,
    scope3: 0,
    co2e: index * 1000,
  };
}

const FACILITIES = Array.from({ length: 120 }, (_, index) => facility(index + 1));
const zeroGases = { CO2: 0, CH4: 0, N2O: 0, HFCs: 0, PFCs: 0, SF6: 0, NF3: 0 };

const INVENTORY: InventoryResponse = {
  year: 2025,
  period: { start: '2025-01-01', end: '2025-12-31' },
  gwp: 'AR5',
  consolidation: 'operational-control',
  totals: { co2e: 9_500_000, co2eMarket: 9_000_000 },
  scope1: {
    co2e: 7_000_000,
    gases: { ...zeroGases, CO2: 6_900_000, CH4: 1000 },
    gasesCo2e: { ...zeroGases, CO2: 6_900_000, CH4: 28_000 },
    unspecifiedCo2e: 72_000,
  },
  scope2: { location: { co2e: 2_000_000 }, market: { co2e: 1_500_000 } },
  scope3: {
    co2e: 500_000,
    categories: Array.from({ length: 15 }, (_, index) => ({
      category: index + 1,
      name: `Category ${index + 1}`,
      co2e: index === 5 ? 500_000 : 0,
    })),
    uncategorisedCo2e: 0,
  },
  biogenicCo2: 12_000,
  byFacility: FACILITIES,
  byBusinessUnit: [],
  reported: { source: 'EPA GHGRP, reported', co2e: 0, facilities: [] },
  byCountry: [],
  comparison: {
    baseYear: null,
    previousYear: {
      year: 2024,
      scope1: 6_000_000,
      scope2Location: 2_000_000,
      scope2Market: 1_500_000,
      scope3: 500_000,
      co2e: 8_500_000,
      changeCo2e: 1_000_000,
      changePercent: 11.76,
    },
    recalculationThresholdPercent: 5,
  },
  intensities: [],
  methods: [{ calculationMethodId: 'heat-content', resultCount: 12 }],
  factorSources: [
    { factorKey: 'epa-c1-natural-gas', factorVersion: '2024', resultCount: 12, fallbackCount: 0 },
  ],
  exclusions: [],
  changeReasons: {
    year: 2025,
    changeCo2e: 1_000_000,
    reasons: [
      { reason: 'unidentified', co2e: 1_000_000, direction: 'increase', note: '', percentOfPrevious: 11.76 },
    ],
  },
};

function renderInventory(initialPath = '/reporting/next', inventory: InventoryResponse = INVENTORY) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      paths.push(url.pathname + url.search);
      const signedIn = answerSignedIn(url);
      if (signedIn) return signedIn;
      if (url.pathname === '/api/reports/inventory/years') return jsonResponse(200, { years: [2024, 2025] });
      if (url.pathname === '/api/reports/inventory' && url.searchParams.get('year') === '2025') {
        return jsonResponse(200, inventory);
      }
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'No results' }, 'Not Found');
    }),
  );
  const rootRoute = createRootRoute();
  const route = findRoute('reporting-next');
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/reporting/next',
        component: () => <InventoryPage route={route} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { paths };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the inventory page', { timeout: 20_000 }, () => {
  it('recommends recalculating the base year from its structural changes, not from the total change', async () => {
    const baseYear = { ...INVENTORY.comparison.previousYear!, year: 2020, changeCo2e: 1_000_000 };
    const withReasons = (reasons: InventoryResponse['changeReasons']['reasons']): InventoryResponse => ({
      ...INVENTORY,
      comparison: { ...INVENTORY.comparison, baseYear },
      changeReasons: { ...INVENTORY.changeReasons, reasons },
    });
    const acquisition = {
      reason: 'acquisitions' as const,
      co2e: 600_000,
      direction: 'increase' as const,
      note: '',
      percentOfPrevious: 7.06,
    };
    renderInventory('/reporting/next', withReasons([acquisition]));
    // 600 t of acquisitions against a base year of 8,500 t: 7.06 %, over the 5 % threshold.
    expect((await screen.findByTestId('inventory-base-year-recalculation')).textContent).toMatch(
      /^Base year recalculation recommended: structural changes of 7\.06 % exceed the 5 % threshold\.$/,
    );
  });

  it('recommends nothing when the change from the base year is organic, however large', async () => {
    const baseYear = { ...INVENTORY.comparison.previousYear!, year: 2020, changePercent: 40 };
    renderInventory('/reporting/next', {
      ...INVENTORY,
      comparison: { ...INVENTORY.comparison, baseYear },
    });
    await screen.findByTestId('inventory-comparison');
    expect(screen.queryByTestId('inventory-base-year-recalculation')).toBeNull();
  });

  it('shows the latest year’s scopes, gases in kg and CO2e, and Scope 2 both ways', async () => {
    renderInventory();
    expect((await screen.findByTestId('inventory-scope1')).textContent).toBe('7,000.0 t CO2e');
    expect(screen.getByTestId('inventory-scope2-location').textContent).toBe('2,000.0 t CO2e');
    expect(screen.getByTestId('inventory-scope2-market').textContent).toBe('1,500.0 t CO2e');
    const gases = within(screen.getByTestId('inventory-gases'));
    expect(gases.getByRole('rowheader', { name: 'CH4' }).closest('tr')?.textContent).toContain('1.0 t CH4');
    expect(gases.getByRole('rowheader', { name: 'CH4' }).closest('tr')?.textContent).toContain('28.0 t CO2e');
    expect((screen.getByLabelText('Reporting year') as HTMLSelectElement).value).toBe('2025');
  });

  it('shows the ESRS E1-6 table in tonnes, reached by keyboard from the tabs', async () => {
    const user = userEvent.setup();
    renderInventory();
    const tab = await screen.findByRole('tab', { name: 'GHG Protocol' });
    tab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'ESRS E1-6' }).getAttribute('aria-selected')).toBe('true');
    const esrs = within(screen.getByTestId('inventory-esrs'));
    const scope1 = esrs.getByRole('rowheader', { name: 'Gross Scope 1 GHG emissions' }).closest('tr');
    // No base year; N-1 6,000 t; N 7,000 t; a sixth more.
    expect([...(scope1?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)).toEqual([
      '—',
      '6,000',
      '7,000',
      '+16.67 %',
    ]);
  });

  it('shows CDP C6 and C7 as views of the same numbers, in tonnes', async () => {
    const user = userEvent.setup();
    renderInventory();
    await user.click(await screen.findByRole('tab', { name: 'CDP C6/C7' }));
    const c6 = within(screen.getByTestId('inventory-cdp-c6'));
    const answerTo = (question: string) =>
      c6.getByRole('rowheader', { name: question }).closest('tr')?.querySelector('td')?.textContent;
    expect(answerTo('C6.1 Gross global Scope 1 emissions')).toBe('7,000');
    expect(answerTo('C6.3 Gross global Scope 2 emissions, location-based')).toBe('2,000');
    expect(answerTo('C6.3 Gross global Scope 2 emissions, market-based')).toBe('1,500');
    expect(answerTo('C6.5 Category 6')).toBe('500');
    expect(answerTo('C6.7 CO2 from biogenic carbon (outside the scopes)')).toBe('12');
    const byGas = within(screen.getByRole('table', { name: 'CDP C7.1a Scope 1 by greenhouse gas' }));
    expect(byGas.getByRole('rowheader', { name: 'CH4' }).closest('tr')?.textContent).toContain('28');
    const reasons = within(
      screen.getByRole('table', { name: 'CDP C7.9a reasons for the change from the year before' }),
    );
    expect(reasons.getAllByRole('row')[1]?.textContent).toContain('+11.76');
  });

  it('offers the reasons of change as a file beside the comparison, for a year with a change', async () => {
    const user = userEvent.setup();
    renderInventory();
    expect(await screen.findByRole('button', { name: 'Export base year and previous year' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export reasons of change' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/inventory?year=2025&table=change-reasons&format=csv',
      '/api/exports/inventory?year=2025&table=change-reasons&format=xlsx',
    ]);
  });

  it('sorts and pages the facility table', async () => {
    const user = userEvent.setup();
    renderInventory();
    const table = await screen.findByTestId('inventory-facilities');
    expect(within(table).getAllByRole('row')).toHaveLength(FACILITY_PAGE_SIZE + 1);
    expect(within(table).getAllByRole('rowheader')[0]?.textContent).toBe('Plant 120');
    await user.click(within(table).getByRole('button', { name: 'Facility' }));
    expect(within(table).getAllByRole('rowheader')[0]?.textContent).toBe('Plant 001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('rowheader')[0]?.textContent).toBe('Plant 051');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('says a year without results has none', async () => {
    renderInventory('/reporting/next?year=2024');
    expect(await screen.findByText('No emissions in 2024')).toBeTruthy();
  });

  it('sorts facilities by any column, ties by name', () => {
    const rows = [facility(2), facility(1), { ...facility(3), co2e: 2000 }];
    expect(sortFacilities(rows, 'co2e', true).map((row) => row.slug)).toEqual([
      'plant-2',
      'plant-3',
      'plant-1',
    ]);
    expect(sortFacilities(rows, 'country', false).map((row) => row.country)).toEqual(['CA', 'CA', 'US']);
  });
});
