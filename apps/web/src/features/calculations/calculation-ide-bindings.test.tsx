import type { CalculationBindingListResponse } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { CalculationIdeBindings } from './calculation-ide-bindings.tsx';

const CALCULATION_ID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OTHER_ID = '6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f50';

const LISTED: CalculationBindingListResponse = {
  bindings: [
    {
      targetKind: 'activity-type',
      targetKey: 'boiler-gas',
      calculationId: CALCULATION_ID,
      calculationName: 'gas-boilers',
      inheritedFrom: null,
    },
    {
      targetKind: 'equipment-type',
      targetKey: 'boiler',
      calculationId: CALCULATION_ID,
      calculationName: 'gas-boilers',
      inheritedFrom: 'holding',
    },
    {
      targetKind: 'activity-type',
      targetKey: 'diesel',
      calculationId: OTHER_ID,
      calculationName: 'fleet',
      inheritedFrom: null,
    },
  ],
  targets: {
    activityTypes: ['boiler-gas', 'diesel', 'grid-electricity'],
    equipmentTypes: [{ key: 'boiler', name: 'Boiler' }],
  },
};

/** The bindings API (outside what this test renders) answered by a stubbed fetch; `bind` answers a PUT. */
function stubApi(bind: () => Response) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return bind();
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(200, LISTED);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBindings(publishedVersion: number | null, canEdit = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CalculationIdeBindings
        calculationId={CALCULATION_ID}
        calculationName="gas-boilers"
        publishedVersion={publishedVersion}
        canEdit={canEdit}
      />
    </QueryClientProvider>,
  );
}

const requestsOf = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

describe('the Bindings tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the calculation's own and inherited bindings, and only its own can be removed, after confirming", async () => {
    const fetchMock = stubApi(() => jsonResponse(200, LISTED.bindings[0]));
    const user = userEvent.setup();
    renderBindings(2);
    const table = await screen.findByRole('table', { name: 'What gas-boilers is bound to' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('boiler-gasActivity typethis realm'),
      expect.stringContaining('Boiler (boiler)Equipment typeinherited from holding'),
    ]);
    expect(table.textContent).not.toContain('diesel');
    expect(screen.queryByRole('button', { name: 'Remove the binding of Boiler (boiler)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove the binding of boiler-gas' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(requestsOf(fetchMock, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove binding' }));
    await waitFor(() => expect(requestsOf(fetchMock, 'DELETE')).toHaveLength(1));
    expect(requestsOf(fetchMock, 'DELETE')[0]?.[0]).toBe(
      '/api/calculation-bindings/activity-type/boiler-gas',
    );
  });

  it("offers the calculation's bindings as CSV and XLSX downloads", async () => {
    stubApi(() => jsonResponse(200, LISTED.bindings[0]));
    const user = userEvent.setup();
    renderBindings(2);
    await user.click(await screen.findByRole('button', { name: 'Export the bindings of gas-boilers' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      `/api/exports/calculation-bindings?calculationId=${CALCULATION_ID}&format=csv`,
      `/api/exports/calculation-bindings?calculationId=${CALCULATION_ID}&format=xlsx`,
    ]);
  });

  it("binds to one of the realm's targets with the contract's request, and checks the choice first", async () => {
    const fetchMock = stubApi(() =>
      jsonResponse(200, { ...LISTED.bindings[0], targetKey: 'grid-electricity' }),
    );
    const user = userEvent.setup();
    renderBindings(2);
    const form = await screen.findByRole('form', { name: 'Bind gas-boilers' });
    const target = within(form).getByLabelText('Activity type');
    expect(within(target).getByRole('option', { name: 'diesel (bound to fleet)' })).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Bind' }));
    expect(await within(form).findByText('Name the activity type or equipment type')).toBeTruthy();
    expect(requestsOf(fetchMock, 'PUT')).toHaveLength(0);

    await user.selectOptions(target, 'grid-electricity');
    await user.click(within(form).getByRole('button', { name: 'Bind' }));
    expect(await within(form).findByText('Bound grid-electricity to gas-boilers.')).toBeTruthy();
    const [url, init] = requestsOf(fetchMock, 'PUT')[0] ?? [];
    expect(url).toBe('/api/calculation-bindings');
    expect(JSON.parse(String(init?.body))).toEqual({
      targetKind: 'activity-type',
      targetKey: 'grid-electricity',
      calculationId: CALCULATION_ID,
    });

    await user.selectOptions(within(form).getByLabelText('Kind of target'), 'equipment-type');
    expect(
      within(within(form).getByLabelText('Equipment type')).getByRole('option', { name: 'Boiler (boiler)' }),
    ).toBeTruthy();
  });

  it("shows the server's refusals: on the field it names, and about the calculation above the form", async () => {
    let answer = jsonResponse(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid input',
      fieldErrors: { 'body/targetKey': 'Name the activity type or equipment type' },
    });
    stubApi(() => answer);
    const user = userEvent.setup();
    renderBindings(2);
    const form = await screen.findByRole('form', { name: 'Bind gas-boilers' });
    await user.selectOptions(within(form).getByLabelText('Activity type'), 'diesel');
    await user.click(within(form).getByRole('button', { name: 'Bind' }));
    const field = within(form).getByLabelText('Activity type');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));

    answer = jsonResponse(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'Conflict',
      fieldErrors: {
        'body/calculationId': 'Only a calculation with a published version can be bound: publish it first',
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Bind' }));
    expect(
      await within(form).findByText(
        'Only a calculation with a published version can be bound: publish it first',
      ),
    ).toBeTruthy();
  });

  it('says a calculation without a published version cannot be bound, and offers no form', async () => {
    stubApi(() => jsonResponse(200, {}));
    renderBindings(null);
    expect(
      await screen.findByText(
        'Only a published version can be bound, and gas-boilers has none yet: publish it first.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('lets a reader see the bindings without any way to change them', async () => {
    stubApi(() => jsonResponse(200, {}));
    renderBindings(2, false);
    await screen.findByRole('table', { name: 'What gas-boilers is bound to' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove the binding/ })).toBeNull();
  });
});
