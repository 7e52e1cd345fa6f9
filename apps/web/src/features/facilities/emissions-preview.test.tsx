import type { EstimateItemInput, EstimateResponse } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { ActivityRecordAddForm } from './activity-record-add-form.tsx';
import { useRecordMutations } from './use-record-mutations.ts';

// The preview waits 300 ms after the last key: answers are awaited a little longer than that.
const AFTER_DEBOUNCE = { timeout: 3000 };

type EstimateHandler = (item: EstimateItemInput) => Response | Promise<Response>;

/** kg per unit of the test factors, CO2 only, so each expected figure is quantity × this. */
const KG_CO2_PER_UNIT: Record<string, number> = { 'epa-c1-natural-gas': 5.306, 'egrid-2022-us-average': 0.4 };

function estimated(
  item: EstimateItemInput,
  extra: Partial<EstimateResponse['items'][number]> = {},
): Response {
  const factorId = 'id' in item.factor ? item.factor.id : '';
  const coverage = item.scope2Method === 'market' ? (item.certificateCoverage ?? 0) : 0;
  const co2 = item.quantity * (1 - coverage) * (KG_CO2_PER_UNIT[factorId] ?? 0);
  return jsonResponse(200, {
    gwp: 'AR5',
    items: [{ id: item.id, gases: { CO2: co2 }, co2e: co2, ...extra }],
    totals: { co2e: co2, scope1: 0, scope2LocationBased: 0, scope2MarketBased: 0, scope3: 0 },
  });
}

function refused(item: EstimateItemInput, path: string, message: string): Response {
  return jsonResponse(422, {
    message: 'Nothing was calculated: 1 of 1 items are invalid',
    items: [{ id: item.id, path: `items.0.${path}`, message }],
  });
}

function AddForm() {
  const mutations = useRecordMutations('north-plant');
  return <ActivityRecordAddForm mutations={mutations} activityTypes={[]} equipment={[]} />;
}

function renderForm(handler: EstimateHandler = (item) => estimated(item)) {
  const bodies: { gwp?: string; items: EstimateItemInput[] }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/emissions/estimate') {
        const body = JSON.parse(String(init.body)) as { gwp?: string; items: EstimateItemInput[] };
        bodies.push(body);
        return handler(body.items[0]!);
      }
      if (path === '/api/emission-factors')
        return jsonResponse(200, { results: [], count: 0, total: 0, offset: 0 });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddForm />
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form', { name: 'Add an activity record' });
  return { bodies, form, preview: within(form).getByRole('status', { name: /^Emissions preview/ }) };
}

async function typeRecord(form: HTMLElement, fields: { quantity: string; unit: string; factor: string }) {
  await userEvent.type(within(form).getByLabelText('Quantity'), fields.quantity);
  await userEvent.type(within(form).getByLabelText('Unit'), fields.unit);
  await userEvent.type(within(form).getByLabelText('Emission factor'), fields.factor);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the emissions preview of the add form', () => {
  it('asks for a quantity, a unit and a factor first, without calling the server', () => {
    const { bodies, preview } = renderForm();
    expect(within(preview).getByText(/^Enter a quantity, a unit and an emission factor/)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('shows the kg of each gas and the CO2e once typing pauses, with one request on the realm’s GWP set', async () => {
    const { bodies, form, preview } = renderForm();
    await typeRecord(form, { quantity: '1000', unit: 'therm', factor: 'epa-c1-natural-gas' });
    // 1000 therm × 5.306 kg CO2 per therm = 5,306 kg, shown as 5.3 t.
    expect(await within(preview).findByText('5.3 t CO2e — 5.3 t CO2', {}, AFTER_DEBOUNCE)).toBeTruthy();
    expect(within(preview).getByText('Emissions preview (GWP AR5)')).toBeTruthy();
    // Typed key by key, asked once: the preview waited for the pause.
    expect(bodies).toEqual([
      {
        items: [
          { id: 'record', quantity: 1000, unit: 'therm', factor: { id: 'epa-c1-natural-gas' }, scope: 1 },
        ],
      },
    ]);

    await userEvent.type(within(form).getByLabelText('Quantity'), '0');
    expect(await within(preview).findByText('53.1 t CO2e — 53.1 t CO2', {}, AFTER_DEBOUNCE)).toBeTruthy();
    expect(bodies).toHaveLength(2);
  });

  it('keeps the last figures and the inputs free while the next estimate is on its way', async () => {
    let release: () => void = () => undefined;
    const { form, preview } = renderForm(async (item) => {
      if (item.quantity === 10) await new Promise<void>((resolve) => (release = resolve));
      return estimated(item);
    });
    await typeRecord(form, { quantity: '1', unit: 'therm', factor: 'epa-c1-natural-gas' });
    expect(await within(preview).findByText('5.3 kg CO2e — 5.3 kg CO2', {}, AFTER_DEBOUNCE)).toBeTruthy();

    const quantity = within(form).getByLabelText('Quantity');
    await userEvent.type(quantity, '0');
    await waitFor(() => expect(preview.getAttribute('aria-busy')).toBe('true'));
    expect(within(preview).getByText('Updating…')).toBeTruthy();
    expect(within(preview).getByText('5.3 kg CO2e — 5.3 kg CO2')).toBeTruthy();
    await userEvent.type(quantity, '0');
    expect((quantity as HTMLInputElement).value).toBe('100');

    release();
    expect(await within(preview).findByText('530.6 kg CO2e — 530.6 kg CO2', {}, AFTER_DEBOUNCE)).toBeTruthy();
    await waitFor(() => expect(preview.getAttribute('aria-busy')).toBe('false'));
  });

  it('shows what the engine refuses as a quiet note', async () => {
    const { form, preview } = renderForm((item) =>
      refused(
        item,
        'unit',
        'Cannot convert kg to mmBtu: provide an hhv (energy per kg) or use a factor per mass',
      ),
    );
    await typeRecord(form, { quantity: '5', unit: 'kg', factor: 'epa-c1-natural-gas' });
    expect(
      await within(preview).findByText(
        'Cannot estimate: Cannot convert kg to mmBtu: provide an hhv (energy per kg) or use a factor per mass',
        {},
        AFTER_DEBOUNCE,
      ),
    ).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).getByLabelText('Unit').getAttribute('aria-invalid')).toBeNull();
  });

  it('previews Scope 2 both ways and says which figure the record keeps as its CO2e', async () => {
    const { bodies, form, preview } = renderForm((item) =>
      item.scope2Method === 'market' ? estimated(item, { isGridAverageFallback: true }) : estimated(item),
    );
    await userEvent.selectOptions(within(form).getByLabelText('Scope'), '2');
    await userEvent.type(within(form).getByLabelText('Certificate coverage (0–1)'), '0.25');
    await typeRecord(form, { quantity: '1000', unit: 'kWh', factor: 'egrid-2022-us-average' });

    const location = await within(preview).findByTestId('preview-location-based', {}, AFTER_DEBOUNCE);
    expect(location.textContent).toBe('Location-based: 400.0 kg CO2e — 400.0 kg CO2');
    expect(within(preview).getByTestId('preview-market-based').textContent).toBe(
      'Market-based: 300.0 kg CO2e — 300.0 kg CO2 (grid average: no residual mix is known)',
    );
    expect(within(preview).getByText(/^Saved, the record’s CO2e is the location-based figure/)).toBeTruthy();
    expect(bodies.map((body) => body.items[0]?.scope2Method).sort()).toEqual(['location', 'market']);
  });

  it('says so when the factor is usable market-based only', async () => {
    const { form, preview } = renderForm((item) =>
      item.scope2Method === 'location'
        ? refused(
            item,
            'factor',
            'Location-based Scope 2 needs a grid-average factor; this is a residual-mix factor (use it market-based)',
          )
        : estimated(item),
    );
    await userEvent.selectOptions(within(form).getByLabelText('Scope'), '2');
    await typeRecord(form, { quantity: '1000', unit: 'kWh', factor: 'egrid-2022-us-average' });
    expect(
      await within(preview).findByText(
        /^This factor is market-based only: saved, the record’s CO2e is the market-based figure/,
        {},
        AFTER_DEBOUNCE,
      ),
    ).toBeTruthy();
    expect(within(preview).getByTestId('preview-market-based').textContent).toBe(
      'Market-based: 400.0 kg CO2e — 400.0 kg CO2',
    );
    expect(within(preview).getByTestId('preview-location-based').textContent).toMatch(
      /^Location-based: cannot estimate: Location-based Scope 2 needs a grid-average factor/,
    );
  });

  it('says the preview is not available when the server fails', async () => {
    const { form, preview } = renderForm(() =>
      jsonResponse(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      }),
    );
    await typeRecord(form, { quantity: '5', unit: 'therm', factor: 'epa-c1-natural-gas' });
    expect(
      await within(preview).findByText(
        'The preview is not available: Internal Server Error',
        {},
        AFTER_DEBOUNCE,
      ),
    ).toBeTruthy();
  });
});
