import type { PermissionRow } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import {
  ADMIN_PERMISSIONS,
  answerSignedIn,
  BOILER_TYPE,
  jsonResponse,
  MEMBER_PERMISSIONS,
} from '#test/fixtures.ts';
import { EquipmentAdminPage } from './equipment-admin-page.tsx';

vi.mock('#components/page-header.tsx', () => ({
  PageHeader: ({ title }: { title: string }) => <h1>{title}</h1>,
}));

// The notice and the save buttons wait for the user's abilities (session, user, then grants): slow under load.
const ABILITY_WAIT = { timeout: 5000 };
const CREATE_NOTICE =
  'Read-only: you can look at equipment types and try their forms, but only an administrator can create types.';

/** The server is faked; a new type's POST is answered by `answerPost` and recorded. */
function renderAdminPage(permissions: PermissionRow[], answerPost?: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/equipment/types' && init.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return answerPost?.() ?? jsonResponse(500, { statusCode: 500, error: 'Error', message: 'No answer' });
      }
      const signedIn = answerSignedIn(url, permissions);
      if (signedIn) return signedIn;
      if (url.pathname === '/api/equipment/types') {
        const { versions: _versions, ...summary } = BOILER_TYPE;
        return jsonResponse(200, { results: [summary] });
      }
      if (url.pathname === '/api/equipment/types/boiler') return jsonResponse(200, BOILER_TYPE);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EquipmentAdminPage />
    </QueryClientProvider>,
  );
  return { posts };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the equipment type builder', () => {
  it('tells a member who may not create types that the builder is read-only, with no save button', async () => {
    renderAdminPage(MEMBER_PERMISSIONS);
    expect(await screen.findByText(CREATE_NOTICE, {}, ABILITY_WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New type' })).toBeNull();
    // The builder itself still works, to try a form out.
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy();
  });

  it('tells the member an existing type cannot be changed either', async () => {
    renderAdminPage(MEMBER_PERMISSIONS);
    await userEvent.click(await screen.findByRole('button', { name: /Boiler/ }));
    expect(
      await screen.findByText(
        'Read-only: you can look at equipment types and try their forms, but only an administrator can change this type.',
        {},
        ABILITY_WAIT,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save new version' })).toBeNull();
  });

  it('gives an administrator the save button and no notice', async () => {
    renderAdminPage(ADMIN_PERMISSIONS);
    expect(await screen.findByRole('button', { name: 'Create type' }, ABILITY_WAIT)).toBeTruthy();
    expect(screen.queryByText(/^Read-only/)).toBeNull();
  });

  it('refuses a type without a name or a field label beside each field, focusing the first, and sends nothing', async () => {
    const { posts } = renderAdminPage(ADMIN_PERMISSIONS);
    const create = await screen.findByRole('button', { name: 'Create type' }, ABILITY_WAIT);
    const form = screen.getByRole('form', { name: 'New equipment type' });
    await userEvent.type(within(form).getByLabelText('Field 1 name'), '9lives');
    await userEvent.click(create);
    const name = within(form).getByLabelText('Type name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Required',
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(within(form).getByLabelText('Field 1 label').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Start with a letter; use letters, digits and underscores')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('fills the key from the name and sends the type; a taken key comes back beside the key', async () => {
    const { posts } = renderAdminPage(ADMIN_PERMISSIONS, () =>
      jsonResponse(
        409,
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'body/key: An equipment type with the key heat-pump exists already',
          fieldErrors: { 'body/key': 'An equipment type with the key heat-pump exists already' },
        },
        'Conflict',
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = await screen.findByRole('button', { name: 'Create type' }, ABILITY_WAIT);
    const form = screen.getByRole('form', { name: 'New equipment type' });
    await userEvent.type(within(form).getByLabelText('Type name'), 'Heat pump');
    const key = within(form).getByLabelText('Type key');
    expect(key).toHaveProperty('value', 'heat-pump');
    await userEvent.type(within(form).getByLabelText('Field 1 label'), 'Charge');
    await userEvent.type(within(form).getByLabelText('Field 1 name'), 'chargeKg');
    await userEvent.click(create);
    expect(
      await within(form).findByText('An equipment type with the key heat-pump exists already'),
    ).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(key));
    expect(posts).toEqual([
      expect.objectContaining({
        key: 'heat-pump',
        name: 'Heat pump',
        activityTypes: [],
        calculationMethodId: null,
        schema: expect.objectContaining({
          properties: { chargeKg: expect.objectContaining({ title: 'Charge' }) },
        }),
      }),
    ]);
  });
});
