import type { BoundarySettings, BusinessUnitDto, DenominatorDto } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { OrganisationPanel } from './organisation-panel.tsx';

const canManage = vi.hoisted(() => ({ value: true }));
vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => canManage.value }));
// The guard asks before leaving the page, which needs the router; these tests stay on the page.
vi.mock('#lib/navigation/unsaved-changes-guard.tsx', () => ({ UnsavedChangesGuard: () => null }));

const EUROPE: BusinessUnitDto = {
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b01',
  name: 'Europe',
  code: 'EU',
  parentId: null,
  facilityCount: 4,
};
const UK: BusinessUnitDto = {
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b02',
  name: 'United Kingdom',
  code: 'UK',
  parentId: EUROPE.id,
  facilityCount: 1,
};
const AMERICAS: BusinessUnitDto = {
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b03',
  name: 'Americas',
  code: null,
  parentId: null,
  facilityCount: 12,
};
const BOUNDARY: BoundarySettings = {
  consolidationApproach: 'operational-control',
  reportingYearStartMonth: 1,
  baseYear: 2023,
  recalculationThresholdPercent: 5,
};
const REVENUE: DenominatorDto = {
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b10',
  year: 2024,
  scope: 'realm',
  facilityId: null,
  facilitySlug: null,
  facilityName: null,
  kind: 'revenue',
  amount: 4_410_000_000,
  unit: 'USD',
  normalizedAmount: 4_410_000_000,
  normalizedUnit: 'USD',
};
const OFFICE_AREA: DenominatorDto = {
  ...REVENUE,
  id: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b11',
  scope: 'facility',
  facilityId: '0b6e3c1a-1d2e-4f3a-8b4c-5d6e7f8a9b20',
  facilitySlug: 'hudson-yards-office',
  facilityName: 'Hudson Yards Office Tower',
  kind: 'floor-area',
  amount: 1_200_000,
  unit: 'ft2',
  normalizedAmount: 111_483.648,
  normalizedUnit: 'm2',
};

interface Call {
  path: string;
  method: string;
  body: unknown;
}
type Responder = (call: Call) => Response | undefined;

function renderPanel({
  units = [AMERICAS, EUROPE, UK],
  respond = () => undefined,
}: { units?: BusinessUnitDto[]; respond?: Responder } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        path: new URL(String(input), 'http://localhost').pathname,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer) return answer;
      if (call.method === 'GET') {
        if (call.path === '/api/organisation/business-units') return jsonResponse(200, { results: units });
        if (call.path === '/api/organisation/boundary') return jsonResponse(200, BOUNDARY);
        if (call.path === '/api/organisation/currency') {
          return jsonResponse(200, { currency: 'USD', isInherited: true });
        }
        if (call.path === '/api/organisation/denominators') {
          return jsonResponse(200, { results: [REVENUE, OFFICE_AREA] });
        }
        if (call.path === '/api/facilities') {
          return jsonResponse(200, { results: [], count: 0, total: 0, offset: 0, gwpSetId: 'AR5' });
        }
      }
      if (call.path === '/api/organisation/business-units' && call.method === 'POST') {
        return jsonResponse(201, {
          ...EUROPE,
          ...(call.body as object),
          id: crypto.randomUUID(),
          facilityCount: 0,
        });
      }
      if (call.path === '/api/organisation/boundary' && call.method === 'PUT')
        return jsonResponse(200, call.body);
      if (call.path === '/api/organisation/currency' && call.method === 'PUT') {
        return jsonResponse(200, { ...(call.body as object), isInherited: false });
      }
      if (call.path === '/api/organisation/denominators' && call.method === 'PUT') {
        return jsonResponse(200, { ...REVENUE, ...(call.body as object), id: crypto.randomUUID() });
      }
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganisationPanel />
    </QueryClientProvider>,
  );
  return { writes: () => calls.filter((call) => call.method !== 'GET') };
}

afterEach(() => {
  canManage.value = true;
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Organisation tab', () => {
  it('sets the realm currency after a confirmation that amounts are relabelled, not converted', async () => {
    const user = userEvent.setup();
    const { writes } = renderPanel({
      respond: (call) =>
        call.method === 'PUT' && (call.body as { currency: string }).currency === 'CHF'
          ? jsonResponse(400, {
              statusCode: 400,
              error: 'Bad Request',
              message: 'body/currency: Currency must be an ISO 4217 code, such as USD or EUR',
              fieldErrors: { 'body/currency': 'Currency must be an ISO 4217 code, such as USD or EUR' },
            })
          : undefined,
    });
    const form = await screen.findByRole('form', { name: 'Currency' });
    const field = within(form).getByLabelText('Realm currency (ISO 4217)');
    expect((field as HTMLInputElement).value).toBe('USD');
    expect(within(form).getByText(/Inherited: this realm has not chosen one/)).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'EURO');
    await user.click(within(form).getByRole('button', { name: 'Save currency' }));
    expect(
      await within(form).findByText('Currency must be an ISO 4217 code, such as USD or EUR'),
    ).toBeTruthy();
    expect(writes()).toEqual([]);

    // The server's refusal (here one the form's check let through) lands on the field.
    await user.clear(field);
    await user.type(field, 'CHF');
    await user.click(within(form).getByRole('button', { name: 'Save currency' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Change currency' }),
    );
    expect(
      await within(form).findByText('Currency must be an ISO 4217 code, such as USD or EUR'),
    ).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'eur');
    await user.click(within(form).getByRole('button', { name: 'Save currency' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Change the currency to EUR?' });
    expect(confirmation.textContent).toContain('a capex of 1,000 USD will read 1,000 EUR');
    await user.click(within(confirmation).getByRole('button', { name: 'Change currency' }));
    await waitFor(() =>
      expect(writes().map((write) => write.body)).toEqual([{ currency: 'CHF' }, { currency: 'EUR' }]),
    );
  });

  it('keeps the currency when the change is cancelled', async () => {
    const user = userEvent.setup();
    const { writes } = renderPanel();
    const form = await screen.findByRole('form', { name: 'Currency' });
    const field = within(form).getByLabelText('Realm currency (ISO 4217)');
    await user.clear(field);
    await user.type(field, 'GBP');
    await user.click(within(form).getByRole('button', { name: 'Save currency' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Change the currency to GBP?' });
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()).toEqual([]);
    expect(within(form).getByRole('button', { name: 'Save currency' })).toBeTruthy();
  });

  it('shows the units as a tree the arrow keys move through, Enter opening the unit to rename or move', async () => {
    const user = userEvent.setup();
    renderPanel();
    const tree = await screen.findByRole('tree', { name: 'Business units' });
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Americas12 facilities',
      'Europe(EU)4 facilities',
      'United Kingdom(UK)1 facility',
    ]);
    expect(items[2]?.getAttribute('aria-level')).toBe('2');
    expect(items[0]?.getAttribute('tabindex')).toBe('0');

    items[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(items[2]);
    expect(items[2]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit United Kingdom' });
    // A unit cannot move below itself: its own name is not among the parents offered.
    const parent = within(dialog).getByLabelText('Parent unit');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim()),
    ).toEqual(['None (top level)', 'Americas', 'Europe']);
  });

  it('checks a new unit with the contract before sending it, and puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    const { writes } = renderPanel({
      respond: (call) =>
        call.method === 'POST'
          ? jsonResponse(409, {
              statusCode: 409,
              error: 'Conflict',
              message: 'body/name: Another business unit under the same parent has this name',
              fieldErrors: { 'body/name': 'Another business unit under the same parent has this name' },
            })
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'New unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New business unit' });
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Europe');
    await user.selectOptions(within(dialog).getByLabelText('Parent unit'), AMERICAS.id);
    await user.click(within(dialog).getByRole('button', { name: 'Create unit' }));
    expect(
      await within(dialog).findByText('Another business unit under the same parent has this name'),
    ).toBeTruthy();
    expect(writes()).toEqual([
      {
        path: '/api/organisation/business-units',
        method: 'POST',
        body: { name: 'Europe', code: null, parentId: AMERICAS.id },
      },
    ]);
  });

  it('saves the boundary after checking it: equity share, a fiscal year from April, the threshold', async () => {
    const user = userEvent.setup();
    const { writes } = renderPanel();
    const form = await screen.findByRole('form', { name: 'Reporting boundary' });
    await user.click(within(form).getByRole('radio', { name: /Equity share/ }));
    await user.selectOptions(within(form).getByLabelText('Reporting year starts in'), '4');
    const threshold = within(form).getByLabelText('Significance threshold (%)');
    await user.clear(threshold);
    await user.type(threshold, '0');
    await user.click(within(form).getByRole('button', { name: 'Save boundary' }));
    expect(await within(form).findByText('Significance threshold must be more than 0 %')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(threshold);
    await user.type(threshold, '2,5');
    await user.click(within(form).getByRole('button', { name: 'Save boundary' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          path: '/api/organisation/boundary',
          method: 'PUT',
          body: {
            consolidationApproach: 'equity-share',
            reportingYearStartMonth: 4,
            baseYear: 2023,
            recalculationThresholdPercent: 2.5,
          },
        },
      ]),
    );
  });

  it('lists the year’s denominators, converted floor area beside the entered one, and refuses an unknown currency', async () => {
    const user = userEvent.setup();
    const { writes } = renderPanel();
    const table = await screen.findByRole('table', { name: 'Intensity denominators of 2024' });
    expect(within(table).getByText('Hudson Yards Office Tower')).toBeTruthy();
    expect(within(table).getByText(/1,200,000 ft² \(111,484 m²\)/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add figure' }));
    const dialog = await screen.findByRole('dialog', { name: 'New intensity denominator' });
    await user.type(within(dialog).getByLabelText('Amount'), '5000000');
    const currency = within(dialog).getByLabelText('Currency');
    await user.clear(currency);
    await user.type(currency, 'XYZ');
    await user.click(within(dialog).getByRole('button', { name: 'Add figure' }));
    expect(
      await within(dialog).findByText('Currency must be an ISO 4217 code, such as USD or EUR'),
    ).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(currency);
    await user.type(currency, 'eur');
    await user.click(within(dialog).getByRole('button', { name: 'Add figure' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          path: '/api/organisation/denominators',
          method: 'PUT',
          body: {
            year: 2024,
            scope: 'realm',
            facilitySlug: null,
            kind: 'revenue',
            amount: 5_000_000,
            unit: 'EUR',
          },
        },
      ]),
    );
  });

  it('offers the tree and the shown year’s denominators as CSV and XLSX downloads, to those who may only read too', async () => {
    canManage.value = false;
    const user = userEvent.setup();
    renderPanel();
    const hrefsOf = async (name: string) => {
      await user.click(await screen.findByRole('button', { name }));
      const items = await screen.findAllByRole('menuitem');
      const hrefs = items.map((item) => item.getAttribute('href'));
      await user.keyboard('{Escape}');
      return hrefs;
    };
    expect(await hrefsOf('Export business units')).toEqual([
      '/api/exports/business-units?format=csv',
      '/api/exports/business-units?format=xlsx',
    ]);
    expect(await hrefsOf('Export intensity denominators of 2024')).toEqual([
      '/api/exports/denominators?year=2024&format=csv',
      '/api/exports/denominators?year=2024&format=xlsx',
    ]);
  });

  it('shows an empty tree with what to do, and no controls to those who may only read', async () => {
    canManage.value = false;
    renderPanel({ units: [] });
    expect(await screen.findByText('No business units yet')).toBeTruthy();
    expect(screen.getByText('An administrator creates the units facilities belong to.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New unit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save boundary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export business units' })).toBeNull();
  });

  it('says when the units could not be loaded', async () => {
    renderPanel({
      respond: (call) =>
        call.path === '/api/organisation/business-units'
          ? jsonResponse(500, {
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'Database unavailable',
            })
          : undefined,
    });
    expect(await screen.findByText('The business units could not be loaded')).toBeTruthy();
  });
});
