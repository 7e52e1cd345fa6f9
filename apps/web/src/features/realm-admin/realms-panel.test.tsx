import type { ManagedRealm } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { RealmsPanel } from './realms-panel.tsx';

const ACME: ManagedRealm = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  key: 'acme',
  name: 'Acme Corp',
  plan: 'paid',
  parentId: null,
  parentKey: null,
  domains: ['acme.example.com'],
  active: true,
  featureFlags: ['ai-assistant'],
  createdOn: '2030-01-01T00:00:00.000Z',
  userCount: 12,
};
const page = (results: ManagedRealm[]) => ({
  results,
  count: results.length,
  total: results.length,
  offset: 0,
});

interface Call {
  url: URL;
  method: string;
  body: unknown;
}

function renderPanel(respond: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: new URL(String(input), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer) return answer;
      if (call.url.pathname === '/api/realms' && call.method === 'GET')
        return jsonResponse(200, page([ACME]));
      if (call.method === 'POST') return jsonResponse(201, { ...ACME, ...(call.body as object), id: 'new' });
      if (call.method === 'PATCH') return jsonResponse(200, { ...ACME, ...(call.body as object) });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
    }),
  );
  const onManage = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealmsPanel onManage={onManage} />
    </QueryClientProvider>,
  );
  return {
    onManage,
    reads: () => calls.filter((call) => call.method === 'GET'),
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

afterEach(() => {
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the realms panel', () => {
  it('lists realms with plan, domains, flags and users, and searches after a pause in typing', async () => {
    const { reads } = renderPanel();
    const row = await screen.findByRole('row', { name: /acme/ });
    expect(row.textContent).toContain('Acme Corp');
    expect(row.textContent).toContain('Paid');
    expect(row.textContent).toContain('acme.example.com');
    expect(row.textContent).toContain('ai-assistant');
    expect(row.textContent).toContain('12');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search realms'), 'acme');
    await waitFor(() => expect(reads().at(-1)?.url.searchParams.get('q')).toBe('acme'));
    expect(reads().filter((call) => call.url.searchParams.get('q') === 'ac')).toEqual([]);
  });

  it('shows an empty search result and a load error with a retry', async () => {
    renderPanel(({ url }) => (url.searchParams.get('q') === 'zzz' ? jsonResponse(200, page([])) : undefined));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search realms'), 'zzz');
    expect(await screen.findByText('No realm matches')).toBeTruthy();
    vi.unstubAllGlobals();
    renderPanel(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' }),
    );
    expect(await screen.findByText('The realms could not be loaded')).toBeTruthy();
  });

  it('creates a realm checked by the contract, and shows a conflict on the field it names', async () => {
    const { writes } = renderPanel(({ method, body }) =>
      method === 'POST' && (body as { domains: string[] }).domains.includes('acme.example.com')
        ? jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'body/domains/0: acme.example.com already belongs to realm acme',
            fieldErrors: { 'body/domains/0': 'acme.example.com already belongs to realm acme' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /New realm/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New realm' });
    await user.type(within(dialog).getByLabelText('Key'), '9co');
    await user.click(within(dialog).getByRole('button', { name: 'Create realm' }));
    expect(
      within(dialog).getByText('Realm key must start with a letter, then letters, digits, _ or -'),
    ).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'newco');
    await user.type(within(dialog).getByLabelText('Name'), 'New Co');
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'CORE');
    await user.type(within(dialog).getByLabelText('Domains'), 'acme.example.com');
    await user.type(within(dialog).getByLabelText('Feature flags'), 'ai-assistant, beta');
    await user.click(within(dialog).getByRole('button', { name: 'Create realm' }));
    const domains = within(dialog).getByLabelText('Domains');
    await waitFor(() => expect(domains.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('acme.example.com already belongs to realm acme')).toBeTruthy();

    await user.clear(domains);
    await user.type(domains, 'newco.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create realm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().at(-1)).toMatchObject({
      method: 'POST',
      body: {
        key: 'newco',
        name: 'New Co',
        plan: 'CORE',
        domains: ['newco.example.com'],
        featureFlags: ['ai-assistant', 'beta'],
      },
    });
  });

  it('sends only what an edit changed, and deactivates only after confirmation', async () => {
    const { writes } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Corp (acme)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Acme Corp (acme)' });
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'CORE');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', body: { plan: 'CORE' } });
    expect(writes()[0]?.url.pathname).toBe(`/api/realms/${ACME.id}`);

    await user.click(await screen.findByRole('button', { name: 'Edit Acme Corp (acme)' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Acme Corp (acme)' });
    await user.click(within(dialog).getByLabelText(/Active/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Acme Corp?' });
    expect(writes()).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate realm' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.body).toEqual({ active: false });
  });

  it('makes a realm the target of the other tabs with Manage', async () => {
    const { onManage } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Manage Acme Corp (acme)' }));
    expect(onManage).toHaveBeenCalledWith(ACME);
  });
});
