import type {
  ActivityRecordDto,
  ActivityRecordTrailResponse,
  EmissionFactorDto,
  FacilityDetailResponse,
  FacilityTrailResponse,
} from '@ecc/contracts';
import { ROUTES } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
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
import { answerSignedIn, createTestFacility, jsonResponse } from '#test/fixtures.ts';
import { FacilityDetailView } from './facility-detail-view.tsx';

const ROUTE = ROUTES.find((route) => route.id === 'facility')!;

/** The record r2 as someone else left it: quantity and notes changed, now at version 2. */
const CHANGED_BY_OTHERS = { quantity: 120, notes: 'Meter re-read' };

/** r1's trail: 300 therm × 0.1 mmBtu/therm = 30 mmBtu; × 53.06 kg CO2/mmBtu = 1,591.8 kg CO2; × 0.001 CH4 … */
const RECORD_TRAIL: ActivityRecordTrailResponse = {
  facilitySlug: 'north-plant',
  record: record('r1', { quantity: 300, co2eKg: 1593 }),
  results: [
    {
      scope2Method: null,
      gases: { CO2: 1591.8, CH4: 0.03 },
      co2eKg: 1592.64,
      gwpSetId: 'AR5',
      isFallback: false,
      factor: {
        key: 'epa-hub-natural-gas',
        name: 'Natural gas',
        source: 'EPA GHG Emission Factors Hub',
        version: '2024',
        year: 2024,
        per: 'mmBtu',
        gases: { CO2: { value: 53.06, unit: 'kg' }, CH4: { value: 0.001, unit: 'kg' } },
      },
      method: { id: 'direct', name: 'Direct', formula: 'quantity × factor' },
      arithmetic: {
        quantity: 300,
        unit: 'therm',
        certificateCoverage: null,
        conversion: [{ operation: 'multiply', value: 0.1, unit: 'mmBtu/therm', kind: 'unit-conversion' }],
        basisQuantity: 30,
        basisUnit: 'mmBtu',
        gases: [
          {
            gas: 'CO2',
            factorValue: 53.06,
            factorUnit: 'kg',
            toKg: 1,
            massKg: 1591.8,
            gwp: 1,
            co2eKg: 1591.8,
          },
          { gas: 'CH4', factorValue: 0.001, factorUnit: 'kg', toKg: 1, massKg: 0.03, gwp: 28, co2eKg: 0.84 },
        ],
        publishedCo2e: null,
        co2eKg: 1592.64,
        gwpSetId: 'AR5',
      },
    },
  ],
  audit: [],
};

function record(id: string, overrides: Partial<ActivityRecordDto>): ActivityRecordDto {
  return {
    id,
    facilityId: 'facility-1',
    equipmentId: null,
    activityType: 'natural-gas',
    periodStart: '2025-01-01',
    periodEnd: '2025-01-31',
    quantity: 100,
    unit: 'therm',
    factorKey: 'epa-hub-natural-gas',
    scope: 1,
    scope3Category: null,
    certificateCoverage: null,
    isEstimated: false,
    notes: null,
    co2eKg: 531,
    co2eKgMarket: null,
    gwpSetId: 'AR5',
    version: 1,
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const RECORDS = [
  record('r1', { quantity: 300, periodStart: '2025-03-01', periodEnd: '2025-03-31', co2eKg: 1593 }),
  record('r2', { quantity: 100, co2eKg: 531 }),
  record('r3', {
    activityType: 'electricity',
    quantity: 5000,
    unit: 'kWh',
    factorKey: 'egrid-2022-us',
    scope: 2,
    periodStart: '2025-02-01',
    periodEnd: '2025-02-28',
    co2eKg: 1900,
    co2eKgMarket: 1200,
  }),
];

const totals = { scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 0 };
const DETAIL: FacilityDetailResponse = {
  facility: createTestFacility({
    id: 'facility-1',
    name: 'North Plant',
    naics: '221112',
    location: {
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      latitude: 39.8,
      longitude: -89.6,
    },
    co2e: 4024,
    co2eSource: 'calculated',
    co2eYear: 2025,
  }),
  summary: {
    gwpSetId: 'AR5',
    year: 2025,
    years: [
      { year: 2024, co2eKg: 3659, ...totals, scope1: 2000, scope2Location: 1659, scope2Market: 1000 },
      { year: 2025, co2eKg: 4024, ...totals, scope1: 2124, scope2Location: 1900, scope2Market: 1200 },
    ],
    monthly: [
      { month: '2025-01', co2eKg: 531, ...totals, scope1: 531 },
      { month: '2025-02', co2eKg: 1900, ...totals, scope2Location: 1900, scope2Market: 1200 },
    ],
    bySource: [
      { activityType: 'natural-gas', co2eKg: 2124 },
      { activityType: 'electricity', co2eKg: 1900 },
    ],
    byEquipment: [],
    byGas: [{ gas: 'CO2', kg: 4000, co2eKg: 4000 }],
    intensity: null,
    dataQuality: [
      { kind: 'gap', activityType: 'natural-gas', month: '2025-02', message: 'No record for this month' },
    ],
    reported: {},
  },
};

const NEW_ENGLAND_GRID: EmissionFactorDto = {
  id: 'egrid-2022-newe',
  name: 'eGRID subregion NEWE (NPCC New England) electricity',
  source:
    'U.S. EPA, eGRID2022 total output emission rates (EPA GHG Emission Factors Hub 2024, Table 6), row "NEWE"',
  year: 2022,
  per: 'MWh',
  gases: { CO2: { value: 536.4, unit: 'lb' } },
};

const TRAIL: FacilityTrailResponse = {
  co2eKg: 4024,
  gwpSetId: 'AR5',
  recordCount: 3,
  records: RECORDS,
  factors: [
    {
      key: 'epa-hub-natural-gas',
      name: 'Natural gas',
      source: 'EPA GHG Emission Factors Hub',
      version: '2024',
      year: 2024,
      per: 'mmBtu',
      gases: { CO2: { value: 53.06, unit: 'kg' } },
    },
  ],
  methods: [{ id: 'combustion', name: 'Fuel combustion', formula: 'quantity × HHV × factor' }],
  audit: [
    {
      id: 1,
      sequence: 1,
      occurredOn: '2026-01-01T00:00:00.000Z',
      actorEmail: 'demo@example.com',
      action: 'create',
      entityType: 'activity-record',
      entityId: 'r1',
      before: null,
      after: {},
      hash: 'a'.repeat(64),
      previousHash: '0'.repeat(64),
    },
  ],
};

function renderDetail(options: { isStale?: boolean; isUnitRefused?: boolean; initialPath?: string } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname + url.search,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const signedIn = answerSignedIn(url);
      if (signedIn) return signedIn;
      if (url.pathname === '/api/facilities/north-plant') return jsonResponse(200, DETAIL);
      if (url.pathname === '/api/facilities/north-plant/activity-records' && method === 'GET') {
        return jsonResponse(200, { results: RECORDS, count: 3, total: 3, offset: 0 });
      }
      if (url.pathname === '/api/facilities/north-plant/activity-records' && method === 'POST') {
        return jsonResponse(201, record('r4', {}));
      }
      if (url.pathname === '/api/facilities/north-plant/trail') return jsonResponse(200, TRAIL);
      if (url.pathname === '/api/equipment') return jsonResponse(200, { results: [] });
      if (url.pathname === '/api/overview/years') return jsonResponse(200, { years: [2024, 2025] });
      if (url.pathname === '/api/emission-factors') {
        const results = (url.searchParams.get('q') ?? '').includes('newe') ? [NEW_ENGLAND_GRID] : [];
        return jsonResponse(200, { results, count: results.length, total: results.length, offset: 0 });
      }
      if (url.pathname === '/api/activity-records/r1/trail') return jsonResponse(200, RECORD_TRAIL);
      if (url.pathname === '/api/activity-records/r2' && method === 'DELETE')
        return jsonResponse(200, RECORDS[1]);
      if (url.pathname === '/api/activity-records/r2' && method === 'PATCH') {
        const body = JSON.parse(String(init?.body)) as { version: number; quantity?: number };
        if (options.isUnitRefused) {
          return jsonResponse(
            422,
            {
              statusCode: 422,
              error: 'Unprocessable Entity',
              message: 'body/unit: mmBtu cannot be converted to the factor’s therm',
              fieldErrors: { 'body/unit': 'mmBtu cannot be converted to the factor’s therm' },
            },
            'Unprocessable Entity',
          );
        }
        // Someone else saved version 2 first: an edit made on version 1 is stale.
        if (options.isStale && body.version === 1) {
          return jsonResponse(
            409,
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'Someone else changed this record since you opened it.',
              current: { ...RECORDS[1], ...CHANGED_BY_OTHERS, version: 2 },
            },
            'Conflict',
          );
        }
        return jsonResponse(200, { ...RECORDS[1], quantity: body.quantity, version: body.version + 1 });
      }
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
    }),
  );
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/facility/next/$slug',
        component: () => <FacilityDetailView slug="north-plant" route={ROUTE} />,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [options.initialPath ?? '/facility/next/north-plant'] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

// The record controls appear once the user's abilities have loaded (session, user, then grants): slow under load.
const ABILITY_WAIT = { timeout: 5000 };

function quantities(): string[] {
  const table = screen.getByRole('table', { name: 'Activity records' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]?.textContent ?? '');
}

// jsdom lays nothing out: the virtualised table measures its scroll box through clientWidth/clientHeight and its rows through offsetHeight.
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
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
});

// Each test renders the whole view and types into it: slow on a loaded machine, so more than the default 5 s.
describe('the facility view', { timeout: 20_000 }, () => {
  it('shows the facility, this year against last, the flags and the records', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'North Plant', level: 1 })).toBeTruthy();
    expect(screen.getByText('Sector Power Plants · NAICS 221112')).toBeTruthy();
    expect(screen.getByTestId('kpi-CO2e 2025').textContent).toBe('4.0 t CO2e');
    // (4024 − 3659) / 3659 = 9.975…%
    expect(screen.getByText('+9.98% vs last year')).toBeTruthy();
    expect(screen.getByTestId('kpi-Scope 2 (market-based) 2025').textContent).toBe('1.2 t CO2e');
    expect(screen.getByText(/No record for this month/)).toBeTruthy();
    await waitFor(() => expect(quantities()).toEqual(['300', '5,000', '100']));
    // The records' CO2e names the set it is on.
    expect(screen.getByRole('columnheader', { name: 'CO2e (AR5)' })).toBeTruthy();
  });

  it('sorts the records by a column and filters them by text', async () => {
    renderDetail();
    await waitFor(() => expect(quantities()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Quantity' }));
    expect(quantities()).toEqual(['100', '300', '5,000']);
    expect(screen.getByRole('columnheader', { name: 'Quantity' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Quantity' }));
    expect(quantities()).toEqual(['5,000', '300', '100']);
    await userEvent.type(screen.getByLabelText('Filter records'), 'kwh');
    expect(quantities()).toEqual(['5,000']);
    expect(screen.getByText('1 of 3 records match')).toBeTruthy();
  });

  it('refuses an incomplete record at its fields without calling the server', async () => {
    const calls = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Add record' }, ABILITY_WAIT));
    expect(screen.getByText('Activity type is required')).toBeTruthy();
    expect(screen.getByText('Quantity is required')).toBeTruthy();
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the year of the URL, and opens the trail a link asks for', async () => {
    const calls = renderDetail({ initialPath: '/facility/next/north-plant?year=2025&trail=scope-1' });
    const sheet = await screen.findByRole('dialog', { name: 'Trail: Scope 1 2025' });
    expect(calls.map((call) => call.path)).toContain('/api/facilities/north-plant?year=2025');
    expect(calls.map((call) => call.path)).toContain('/api/facilities/north-plant/trail?year=2025&scope=1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(sheet.isConnected).toBe(false));
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(year.value).toBe('2025');
    await waitFor(() => expect([...year.options].map((option) => option.value)).toEqual(['2025', '2024']));
    expect(screen.getByRole('link', { name: 'Facilities' }).getAttribute('href')).toBe(
      '/facility/next?year=2025',
    );
  });

  it('opens the trail of a total with its factor, source, version, formula and audit entry', async () => {
    const calls = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the trail of Scope 1 2025' }));
    const sheet = await screen.findByRole('dialog', { name: 'Trail: Scope 1 2025' });
    expect(
      await within(sheet).findByText('Natural gas — EPA GHG Emission Factors Hub, version 2024 (2024)'),
    ).toBeTruthy();
    expect(within(sheet).getByText('quantity × HHV × factor')).toBeTruthy();
    expect(within(sheet).getByText(/demo@example.com created activity-record r1/)).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/api/facilities/north-plant/trail?year=2025&scope=1');
  });

  it('deletes a record with an undo that creates it again', async () => {
    const calls = renderDetail();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete natural-gas 2025-01-01' }, ABILITY_WAIT),
    );
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Record deleted'));
    const undo = toastStore.getState().toasts[0]?.action;
    expect(undo?.label).toBe('Undo');
    undo?.onClick();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/activity-records/r2?version=1');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      activityType: 'natural-gas',
      quantity: 100,
      unit: 'therm',
      periodStart: '2025-01-01',
      factorKey: 'epa-hub-natural-gas',
      scope: 1,
    });
  });

  it('picks a factor in the inline edit with the keyboard: Enter chooses the option, the next Enter saves', async () => {
    const calls = renderDetail();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit natural-gas 2025-01-01' }, ABILITY_WAIT),
    );
    const factor = screen.getByRole('combobox', { name: 'Factor' });
    await userEvent.clear(factor);
    await userEvent.type(factor, 'newe');
    const option = await screen.findByRole('option', { name: /eGRID subregion NEWE/ });
    expect(option.textContent).toContain('egrid-2022-newe');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((factor as HTMLInputElement).value).toBe('egrid-2022-newe');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/activity-records/r2',
        body: { version: 1, factorKey: 'egrid-2022-newe' },
      }),
    );
  });

  it('edits a record inline, refusing a bad value at its field and sending only what changed', async () => {
    const calls = renderDetail();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit natural-gas 2025-01-01' }, ABILITY_WAIT),
    );
    const quantity = screen.getByLabelText('Quantity', { selector: '#edit-r2-quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText('Quantity must be zero or more');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(quantity.getAttribute('aria-describedby')).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '150{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/activity-records/r2',
        body: { version: 1, quantity: 150 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('shows the server’s refusal of an inline edit beside the field it names, and keeps the row open', async () => {
    const calls = renderDetail({ isUnitRefused: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit natural-gas 2025-01-01' }, ABILITY_WAIT),
    );
    const unit = screen.getByLabelText('Unit', { selector: '#edit-r2-unit' });
    await userEvent.clear(unit);
    await userEvent.type(unit, 'mmBtu{Enter}');
    const message = await screen.findByText('mmBtu cannot be converted to the factor’s therm');
    expect(message.id).toBe('edit-r2-unit-error');
    expect(unit.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(unit));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { version: 1, unit: 'mmBtu' },
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('shows what someone else changed when an edit is stale, and reloads keeping the user’s input', async () => {
    const calls = renderDetail({ isStale: true });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit natural-gas 2025-01-01' }, ABILITY_WAIT),
    );
    await userEvent.clear(screen.getByLabelText('Unit', { selector: '#edit-r2-unit' }));
    await userEvent.type(screen.getByLabelText('Unit', { selector: '#edit-r2-unit' }), 'mmBtu');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const changes = await screen.findByRole('list', { name: 'Their changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quantity: 100 → 120', 'Notes: — → Meter re-read']);
    expect(screen.getByText('Someone else changed this record since you opened it')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // The user's unit stays; the quantity they did not touch is the one stored now.
    expect(screen.getByLabelText('Unit', { selector: '#edit-r2-unit' })).toHaveProperty('value', 'mmBtu');
    expect(screen.getByLabelText('Quantity', { selector: '#edit-r2-quantity' })).toHaveProperty(
      'value',
      '120',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
        { version: 1, unit: 'mmBtu' },
        { version: 2, unit: 'mmBtu' },
      ]),
    );
  });

  it('opens a record’s arithmetic from a total, with its GWP values, and links to CSV and the record', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the trail of Scope 1 2025' }));
    const sheet = await screen.findByRole('dialog', { name: 'Trail: Scope 1 2025' });
    expect(await within(sheet).findByText('4.0 t CO2e on GWP set AR5, from 3 records')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Download the trail as CSV' }).getAttribute('href')).toBe(
      '/api/facilities/north-plant/trail.csv?year=2025&scope=1',
    );
    expect(within(sheet).getByRole('link', { name: 'Download the trail as XLSX' }).getAttribute('href')).toBe(
      '/api/facilities/north-plant/trail.xlsx?year=2025&scope=1',
    );
    await userEvent.click(
      within(sheet).getByRole('button', { name: 'Show the arithmetic of natural-gas, 2025-03-01' }),
    );
    const recordSheet = await screen.findByRole('dialog', { name: 'Trail: natural-gas, 2025-03-01' });
    const arithmetic = await within(recordSheet).findByTestId('trail-arithmetic');
    expect(arithmetic.textContent).toContain('300 therm × 0.1 mmBtu/therm = 30 mmBtu');
    const rows = within(arithmetic)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'GasFactorMassGWP (AR5)CO2e',
      'CO2× 53.06 kg CO2/mmBtu1,591.8 kg× 11.6 t CO2e',
      'CH4× 0.001 kg CH4/mmBtu0.03 kg× 280.8 kg CO2e',
      'Total on AR51.6 t CO2e',
    ]);
    expect(
      within(recordSheet).getByRole('link', { name: 'Download the trail as CSV' }).getAttribute('href'),
    ).toBe('/api/activity-records/r1/trail.csv');
    expect(within(recordSheet).getByRole('link', { name: 'epa-hub-natural-gas' }).getAttribute('href')).toBe(
      '/emission-factors?q=epa-hub-natural-gas',
    );
    await userEvent.click(within(recordSheet).getByRole('button', { name: 'Show the record in the table' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = screen.getByRole('table', { name: 'Activity records' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .find((row) => row.getAttribute('aria-current'))?.textContent,
      ).toContain('2025-03-01'),
    );
  });
});
