import type { EmissionFactorDto, RealmEmissionFactorDto, RecalculationRunDto } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { EmissionFactorsPage } from './emission-factors-page.tsx';

const permissions = vi.hoisted(() => ({ isAllowed: true }));

vi.mock('#components/page-header.tsx', () => ({
  PageHeader: ({ title }: { title: string }) => <h1>{title}</h1>,
}));
vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => permissions.isAllowed }));

const NATURAL_GAS: EmissionFactorDto = {
  id: 'epa-natural-gas',
  name: 'Natural Gas',
  source: 'EPA GHG Emission Factors Hub 2024',
  year: 2024,
  per: 'mmBtu',
  gases: { CO2: { value: 53.06, unit: 'kg' } },
};
const TARIFF_DRAFT: RealmEmissionFactorDto = {
  id: 'realm:0d6c1f9e-2b7a-4c3d-8e5f-6a7b8c9d0e1f',
  name: 'Green Power tariff',
  source: 'Green Power fuel mix 2024',
  year: 2024,
  per: 'kWh',
  gases: { CO2: { value: 0.1, unit: 'kg' } },
  scope: 2,
  status: 'draft',
};
const RUN: RecalculationRunDto = {
  id: '4b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  status: 'completed',
  gwp: 'AR5',
  processed: 7,
  total: 7,
  failed: 0,
  fraction: 1,
  failures: [],
  error: null,
  createdOn: '2030-01-01T00:00:00.000Z',
  startedOn: '2030-01-01T00:00:00.000Z',
  finishedOn: '2030-01-01T00:00:01.000Z',
};

type Handler = (request: { method: string; path: string; body: unknown }) => Response | undefined;

const paged = <Row,>(rows: Row[]) => ({ results: rows, count: rows.length, total: rows.length, offset: 0 });
const notFound = () =>
  jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Emission factor not found' });

/**
 * A fake server holding the realm's drafts: the list answers what is stored now, publish and delete change it.
 * `handler` answers first, for the error paths.
 */
function renderPage(options: { drafts?: RealmEmissionFactorDto[]; handler?: Handler } = {}) {
  let drafts = [...(options.drafts ?? [])];
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const request = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      requests.push(request);
      const answer = options.handler?.(request);
      if (answer) return answer;
      if (path === '/api/emission-factors' && request.method === 'GET')
        return jsonResponse(200, paged([NATURAL_GAS]));
      if (path === '/api/emission-factors/drafts') return jsonResponse(200, paged(drafts));
      const draft = drafts.find((each) =>
        path.startsWith(`/api/emission-factors/${encodeURIComponent(each.id)}`),
      );
      if (draft && request.method === 'POST' && path.endsWith('/publish')) {
        drafts = drafts.filter((each) => each !== draft);
        return jsonResponse(200, { ...draft, status: 'published' });
      }
      if (draft && request.method === 'DELETE') {
        drafts = drafts.filter((each) => each !== draft);
        return new Response(null, { status: 204 });
      }
      if (path === '/api/emission-factors' && request.method === 'POST') {
        const created = {
          ...(request.body as object),
          id: 'realm:new',
          status: 'draft',
        } as RealmEmissionFactorDto;
        drafts = [created, ...drafts];
        return jsonResponse(201, created);
      }
      if (path.startsWith('/api/recalculations'))
        return jsonResponse(path === '/api/recalculations' ? 202 : 200, RUN);
      return notFound();
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmissionFactorsPage />
    </QueryClientProvider>,
  );
  return { requests };
}

beforeEach(() => {
  permissions.isAllowed = true;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the emission factors page', () => {
  it('lists a library factor with its source and the page range', async () => {
    renderPage();
    const row = (await screen.findByText('Natural Gas')).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('EPA GHG Emission Factors Hub 2024')).toBeTruthy();
    expect(within(row).getByText('CO2 53.06 kg')).toBeTruthy();
    expect(within(row).getByText('AR4 53.06 · AR5 53.06 · AR6 53.06 kg/mmBtu')).toBeTruthy();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
  });

  it('opens searched for the factor a link names (a trail’s link to its factor)', async () => {
    window.history.pushState({}, '', '/emission-factors?q=epa-c1-natural-gas');
    try {
      renderPage();
      expect(screen.getByLabelText('Search factors')).toHaveProperty('value', 'epa-c1-natural-gas');
      await waitFor(() =>
        expect(
          vi
            .mocked(fetch)
            .mock.calls.map(([input]) => String(input))
            .some((url) => url.includes('q=epa-c1-natural-gas')),
        ).toBe(true),
      );
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('shows each factor’s key and copies it to the clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    const row = (await screen.findByText('Natural Gas')).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('epa-natural-gas')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Copy the key epa-natural-gas' }));
    expect(writeText).toHaveBeenCalledWith('epa-natural-gas');
    expect(within(row).getByRole('status').textContent).toBe('Copied');
  });

  it('says so when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('no')) },
    });
    renderPage();
    const row = (await screen.findByText('Natural Gas')).closest('tr');
    if (!row) throw new Error('row missing');
    await userEvent.click(within(row).getByRole('button', { name: 'Copy the key epa-natural-gas' }));
    expect(within(row).getByRole('status').textContent).toBe('Copy blocked: select the key');
  });

  it('shows the progress of a recalculation as processed of total', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Recalculate all emissions' }));
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('7');
    expect(progress.getAttribute('aria-valuemax')).toBe('7');
    expect(screen.getByText(/completed/)).toBeTruthy();
  });

  it('cannot start a second run while its own runs, and shows the server’s 409 for one started elsewhere', async () => {
    const running = { ...RUN, status: 'running' as const, processed: 3, fraction: 3 / 7, finishedOn: null };
    const message = `A recalculation of this realm is already running (${RUN.id}); wait for it to finish`;
    let isStartedElsewhere = true;
    renderPage({
      handler: ({ method, path }) => {
        if (path === `/api/recalculations/${RUN.id}`) return jsonResponse(200, running);
        if (method !== 'POST' || path !== '/api/recalculations') return undefined;
        return isStartedElsewhere
          ? jsonResponse(409, { statusCode: 409, error: 'Conflict', message })
          : jsonResponse(202, running);
      },
    });
    const start = screen.getByRole('button', { name: 'Recalculate all emissions' });
    await userEvent.click(start);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    isStartedElsewhere = false;
    await userEvent.click(start);
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('3');
    expect(start).toHaveProperty('disabled', true);
  });

  it('says that recalculating on another set moves the realm to it', async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByLabelText('GWP set'), 'AR6');
    expect(screen.getByLabelText('GWP set').getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'The realm reports on AR5. Recalculating on AR6 moves it to AR6: every figure stays on AR5 until the recalculation completes, then all of them change at once.',
      ),
    ).toBeTruthy();
  });

  it('hides drafts, the new-factor form and recalculation from a user who may not create factors', async () => {
    permissions.isAllowed = false;
    const { requests } = renderPage({ drafts: [TARIFF_DRAFT] });
    await screen.findByText('Natural Gas');
    expect(screen.queryByRole('heading', { name: 'Drafts' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New factor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recalculate all emissions' })).toBeNull();
    expect(requests.some((request) => request.path === '/api/emission-factors/drafts')).toBe(false);
  });
});

describe('drafts', () => {
  it('lists the drafts the server keeps, so a reload finds them again, with an export of them all', async () => {
    renderPage({ drafts: [TARIFF_DRAFT] });
    const table = await screen.findByRole('table', { name: 'Draft factors' });
    const row = within(table).getByText('Green Power tariff').closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('CO2 0.1 kg')).toBeTruthy();
    expect(within(row).getByText('Scope 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export draft factors' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/api/exports/emission-factors/drafts?format=csv',
      '/api/exports/emission-factors/drafts?format=xlsx',
    ]);
  });

  it('shows loading, then the empty state when there are none', async () => {
    renderPage();
    expect(screen.getByLabelText('Loading drafts')).toBeTruthy();
    expect(await screen.findByText('No drafts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export draft factors' })).toBeNull();
  });

  it('shows a load error with a retry that loads them', async () => {
    let isFailing = true;
    renderPage({
      drafts: [TARIFF_DRAFT],
      handler: ({ path }) =>
        path === '/api/emission-factors/drafts' && isFailing
          ? jsonResponse(500, {
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'Internal Server Error',
            })
          : undefined,
    });
    expect(await screen.findByText('The drafts could not be loaded')).toBeTruthy();
    isFailing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Draft factors' })).toBeTruthy();
  });

  it('publishes a draft only after the confirmation, then lists it no more', async () => {
    const { requests } = renderPage({ drafts: [TARIFF_DRAFT] });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Green Power tariff' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Green Power tariff?' });
    expect(requests.some((request) => request.path.endsWith('/publish'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(/^Published “Green Power tariff”: it is in the factor library now/),
    ).toBeTruthy();
    expect(requests).toContainEqual({
      method: 'POST',
      path: `/api/emission-factors/${encodeURIComponent(TARIFF_DRAFT.id)}/publish`,
      body: undefined,
    });
    expect(await screen.findByText('No drafts')).toBeTruthy();
  });

  it('keeps a draft when the deletion is cancelled, and deletes it when confirmed', async () => {
    const { requests } = renderPage({ drafts: [TARIFF_DRAFT] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Green Power tariff' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('table', { name: 'Draft factors' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Green Power tariff' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Deleted the draft “Green Power tariff”.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('No drafts')).toBeTruthy();
  });

  it('shows the server’s refusal of a publish and lists what the server still holds', async () => {
    renderPage({
      drafts: [TARIFF_DRAFT],
      handler: ({ path }) => (path.endsWith('/publish') ? notFound() : undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish Green Power tariff' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Emission factor not found');
    expect(screen.getByRole('table', { name: 'Draft factors' })).toBeTruthy();
  });
});

describe('the new-factor form', () => {
  async function fillFactor(values: { name?: string; per?: string; value?: string } = {}) {
    const form = await screen.findByRole('form', { name: 'New factor' });
    await userEvent.type(within(form).getByLabelText('Name'), values.name ?? 'Steam supplier');
    await userEvent.type(within(form).getByLabelText('Source'), 'Supplier letter 2024');
    await userEvent.type(within(form).getByLabelText('Per (unit of activity)'), values.per ?? 'kWh');
    await userEvent.type(within(form).getByLabelText('Value'), values.value ?? '0.2');
    return form;
  }

  it('saves a draft, which then appears under Drafts', async () => {
    const { requests } = renderPage();
    const form = await fillFactor();
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('Saved “Steam supplier” as a draft: publish it under Drafts when it is final.'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Steam supplier',
      source: 'Supplier letter 2024',
      year: new Date().getFullYear(),
      per: 'kWh',
      gases: { CO2: { value: 0.2, unit: 'kg' } },
    });
    const drafts = await screen.findByRole('table', { name: 'Draft factors' });
    expect(within(drafts).getByText('Steam supplier')).toBeTruthy();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('marks the fields the contracts schema refuses, before any request', async () => {
    const { requests } = renderPage();
    const form = await screen.findByRole('form', { name: 'New factor' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    const name = within(form).getByLabelText('Name');
    // The form's validation settles after the click's events, sooner or later on a busy machine.
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByLabelText('Value').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await userEvent.type(name, 'S');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
  });

  it('shows each part of the engine’s 422 on the field it names', async () => {
    renderPage({
      handler: ({ method, path }) =>
        method === 'POST' && path === '/api/emission-factors'
          ? jsonResponse(422, {
              statusCode: 422,
              error: 'Unprocessable Entity',
              message:
                'body/per: Unknown factor unit "kWhh"; body/gases/CO2/unit: Unknown gas mass unit "kgs"',
              fieldErrors: {
                'body/per': 'Unknown factor unit "kWhh"',
                'body/gases/CO2/unit': 'Unknown gas mass unit "kgs"',
              },
            })
          : undefined,
    });
    const form = await fillFactor({ per: 'kWhh' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText('Unknown factor unit "kWhh"')).toBeTruthy();
    expect(within(form).getByLabelText('Per (unit of activity)').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Unknown gas mass unit "kgs"')).toBeTruthy();
    expect(within(form).getByLabelText('Unit').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The factor was not saved.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a 400 on the field it names, and a failure naming no field above the form', async () => {
    let answer = jsonResponse(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/name: Too big: expected string to have <=200 characters',
      fieldErrors: { 'body/name': 'Too big: expected string to have <=200 characters' },
    });
    renderPage({
      handler: ({ method, path }) =>
        method === 'POST' && path === '/api/emission-factors' ? answer : undefined,
    });
    const form = await fillFactor();
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await within(form).findByText('Too big: expected string to have <=200 characters')).toBeTruthy();
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    answer = jsonResponse(500, {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
  });
});
