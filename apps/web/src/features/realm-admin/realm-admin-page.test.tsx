import type { ManagedRealm, Realm, RealmRole, RealmUser } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { createTestRealm, jsonResponse } from '#test/fixtures.ts';
import { RealmAdminPage } from './realm-admin-page.tsx';

vi.mock('#components/page-header.tsx', () => ({
  PageHeader: ({ title }: { title: string }) => <h1>{title}</h1>,
}));
const permissions = vi.hoisted(() => ({ denied: new Set<string>() }));
vi.mock('#lib/permissions/use-ability.ts', () => ({
  useCan: (action: string, subject: string) => !permissions.denied.has(`${action} ${subject}`),
}));
vi.mock('#lib/navigation/unsaved-changes-guard.tsx', () => ({ UnsavedChangesGuard: () => null }));

const ADMIN: RealmUser = {
  id: '0b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  email: 'admin@example.com',
  role: 'admin',
  name: 'Ada Admin',
  createdOn: '2030-01-01T00:00:00.000Z',
  isActive: true,
};
const MEMBER: RealmUser = {
  ...ADMIN,
  id: '1b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  email: 'demo@example.com',
  role: 'member',
  name: null,
};
const MEMBER_ROLE: RealmRole = {
  id: '2b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  key: 'member',
  name: 'Member',
  grants: [
    {
      id: '3b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
      active: true,
      type: 'REGEX_GRANT',
      data: { realm: '\\own', subject: 'Facility', id: '.*', action: 'read' },
      right: 'facilities',
    },
  ],
};
const RIGHTS = { results: [{ id: 'equipment', name: 'Equipment' }], count: 1, total: 1, offset: 0 };

/** The realm the page is served for: by default a customer's realm, not one of the operator's. */
const CUSTOMER_REALM: Realm = createTestRealm();
const OPERATOR_REALM: Realm = {
  ...CUSTOMER_REALM,
  id: '9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f',
  key: 'acm',
  name: 'Platform operator',
};
const MANAGED: ManagedRealm = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  key: 'acme',
  name: 'Acme Corp',
  plan: 'paid',
  parentId: null,
  parentKey: null,
  domains: [],
  active: true,
  featureFlags: [],
  createdOn: '2030-01-01T00:00:00.000Z',
  userCount: 3,
};
const strategiesPath = (realmId: string) => `/api/realms/${realmId}/login-strategies`;

type Responder = (url: string, method: string, body: unknown) => Response | undefined;

function renderPage(respond: Responder = () => undefined, realm: Realm = CUSTOMER_REALM) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = respond(url, method, body);
    if (answer) return answer;
    if (url === '/api/realm-admin/users') return jsonResponse(200, { results: [ADMIN, MEMBER] });
    if (url === '/api/realm-admin/roles') return jsonResponse(200, { results: [MEMBER_ROLE] });
    if (url === '/api/immutably/authz/rights') return jsonResponse(200, RIGHTS);
    if (url === '/api/config') return jsonResponse(200, { realm });
    if (url === '/api/realms') {
      return jsonResponse(200, { results: [MANAGED], count: 1, total: 1, offset: 0 });
    }
    if (url.endsWith('/login-strategies')) return jsonResponse(200, { results: [] });
    if (url === `/api/realms/${CUSTOMER_REALM.id}/legal`)
      return jsonResponse(200, { copyright: '© Demo Energy Co.' });
    if (url === `/api/realms/${CUSTOMER_REALM.id}/settings`)
      return jsonResponse(200, { gwpSetId: 'AR6', recalculation: null, hasResultsOnOtherGwpSets: false });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealmAdminPage />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  permissions.denied.clear();
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the realm administration page', () => {
  it('lists the users with their name and role', async () => {
    renderPage();
    const row = (await screen.findByText('admin@example.com')).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Role of demo@example.com').value).toBe('member');
  });

  it('shows an error with a retry when the users cannot be loaded', async () => {
    renderPage((url) =>
      url === '/api/realm-admin/users'
        ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' })
        : undefined,
    );
    expect(await screen.findByText('The users could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('deactivates a user only after confirmation, and reactivates a deactivated one at once', async () => {
    const deactivated = { ...MEMBER, email: 'gone@example.com', id: '4b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90' };
    const fetchMock = renderPage((url, method) => {
      if (url === '/api/realm-admin/users' && method === 'GET') {
        return jsonResponse(200, { results: [ADMIN, MEMBER, { ...deactivated, isActive: false }] });
      }
      if (url.endsWith('/deactivate')) return jsonResponse(200, { ...MEMBER, isActive: false });
      if (url.endsWith('/reactivate')) return jsonResponse(200, { ...deactivated, isActive: true });
      return undefined;
    });
    const posts = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Users of this realm' });
    expect(within(table).getAllByText('Deactivated')).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Deactivate demo@example.com' }));
    expect(await screen.findByRole('alertdialog', { name: 'Deactivate demo@example.com?' })).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts()).toEqual([`/api/realm-admin/users/${MEMBER.id}/deactivate`]));
    expect(toastStore.getState().toasts[0]?.title).toBe(
      'demo@example.com is deactivated and was signed out everywhere',
    );
    await user.click(within(table).getByRole('button', { name: 'Reactivate gone@example.com' }));
    await waitFor(() => expect(posts()).toContain(`/api/realm-admin/users/${deactivated.id}/reactivate`));
  });

  it('resets a password with the new one typed twice, showing the server’s refusal on its field', async () => {
    let attempts = 0;
    const fetchMock = renderPage((url, method) => {
      if (!url.endsWith('/password') || method !== 'PUT') return undefined;
      attempts += 1;
      return attempts === 1
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/password: Must be at most 200 characters',
            fieldErrors: { 'body/password': 'Must be at most 200 characters' },
          })
        : jsonResponse(200, { sessionsEnded: 2 });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset the password of demo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of demo@example.com' });
    await user.type(within(dialog).getByLabelText('New password'), 'fresh-password-1');
    await user.type(within(dialog).getByLabelText('New password again'), 'other-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('Must match the new password')).toBeTruthy();
    expect(attempts).toBe(0);
    await user.clear(within(dialog).getByLabelText('New password again'));
    await user.type(within(dialog).getByLabelText('New password again'), 'fresh-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByText('Must be at most 200 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toastStore.getState().toasts[0]).toMatchObject({
      title: 'The password of demo@example.com was reset',
      description: '2 sessions of theirs ended.',
    });
    const put = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').at(-1);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ password: 'fresh-password-1' });
  });

  it('changes a role after confirmation, and shows the refusal of the last administrator’s demotion', async () => {
    const fetchMock = renderPage((url, method) =>
      method === 'PUT'
        ? jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'The realm needs at least one administrator',
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Role of admin@example.com'), 'member');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(toastStore.getState().toasts[0]).toMatchObject({
        title: 'The role of admin@example.com could not be changed',
        description: 'The realm needs at least one administrator',
      }),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain(`/api/realm-admin/users/${ADMIN.id}/role`);
  });

  it('lists each role’s grants and adds one validated by the contract', async () => {
    let posted: unknown;
    renderPage((url, method, body) => {
      if (method !== 'POST') return undefined;
      posted = body;
      return jsonResponse(201, {
        id: '4b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
        active: true,
        ...(body as object),
      });
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Roles & grants' }));
    const grantsTable = await screen.findByRole('table', { name: 'Grants of Member' });
    expect(within(grantsTable).getByText('Facility')).toBeTruthy();
    expect(within(grantsTable).getByRole('switch', { name: 'read Facility active' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Add a grant to Member' });
    await user.selectOptions(within(form).getByLabelText('Action'), 'delete');
    await user.click(within(form).getByRole('button', { name: /Add grant/ }));
    await waitFor(() =>
      expect(posted).toEqual({
        type: 'REGEX_GRANT',
        right: 'equipment',
        active: true,
        data: { realm: '\\own', subject: 'Equipment', id: '.*', action: 'delete' },
      }),
    );
  });

  it('shows the server’s refusal of a grant on the field it names', async () => {
    renderPage((url, method) =>
      method === 'POST'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/data/subject: Equipment cannot be granted here',
            fieldErrors: { 'body/data/subject': 'Equipment cannot be granted here' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Roles & grants' }));
    const form = await screen.findByRole('form', { name: 'Add a grant to Member' });
    await user.click(within(form).getByRole('button', { name: /Add grant/ }));
    expect(await within(form).findByText('Equipment cannot be granted here')).toBeTruthy();
    expect(within(form).getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an empty id pattern before sending', async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Roles & grants' }));
    const form = await screen.findByRole('form', { name: 'Add a grant to Member' });
    await user.clear(within(form).getByLabelText('Id pattern'));
    await user.click(within(form).getByRole('button', { name: /Add grant/ }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Id pattern').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('refuses an id pattern the linear-time engine cannot run, before sending', async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Roles & grants' }));
    const form = await screen.findByRole('form', { name: 'Add a grant to Member' });
    const idPattern = within(form).getByLabelText('Id pattern');
    await user.clear(idPattern);
    await user.type(idPattern, '(a)\\1');
    await user.click(within(form).getByRole('button', { name: /Add grant/ }));
    expect(
      await within(form).findByText('The server cannot run this pattern: invalid escape sequence: `\\1`'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('gives a realm’s administrator the Sign-in tab of their realm, and no Realms tab', async () => {
    const fetchMock = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Sign-in' }));
    expect(await screen.findByText('No sign-in strategies yet')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(strategiesPath(CUSTOMER_REALM.id));
    expect(screen.queryByRole('tab', { name: 'Realms' })).toBeNull();
  });

  it('lets an operator manage another realm under a banner, and go back to their own', async () => {
    const fetchMock = renderPage(undefined, OPERATOR_REALM);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Realms' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Acme Corp (acme)' }));

    const banner = await screen.findByText('Managing Acme Corp (acme)');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByRole('tab', { name: 'Sign-in', selected: true })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(strategiesPath(MANAGED.id)),
    );
    expect(await screen.findByText(/login page of Acme Corp/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to Platform operator' }));
    expect(screen.queryByText('Managing Acme Corp (acme)')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Sign-in' }));
    expect(await screen.findByText(/login page of Platform operator/)).toBeTruthy();
  });

  it('shows the user’s own realm’s legal texts and GWP set in their tabs, keeping each tab’s edits', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Legal' }));
    const copyright = await screen.findByLabelText<HTMLInputElement>('Copyright');
    expect(copyright.value).toBe('© Demo Energy Co.');
    await user.type(copyright, ' 2030');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('radio', { name: /^AR6/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('tab', { name: 'Legal' }));
    expect(screen.getByLabelText<HTMLInputElement>('Copyright').value).toBe('© Demo Energy Co. 2030');
  });

  it('leaves out the tabs the user may not read', async () => {
    permissions.denied = new Set(['read Theme', 'read Realm']);
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Theme' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Legal' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });
});
