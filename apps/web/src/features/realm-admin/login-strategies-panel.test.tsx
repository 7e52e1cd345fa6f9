import type { LoginStrategy } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { LoginStrategiesPanel } from './login-strategies-panel.tsx';

vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => true }));

const REALM_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const STRATEGIES_PATH = `/api/realms/${REALM_ID}/login-strategies`;
const OKTA: LoginStrategy = {
  id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  key: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  active: true,
  name: 'Acme Okta',
  issuer: 'https://acme.okta.com',
  authorizationEndpoint: 'https://acme.okta.com/authorize',
  tokenEndpoint: 'https://acme.okta.com/token',
  jwksURI: 'https://acme.okta.com/keys',
  clientId: 'ecc-client',
  domain: 'acme.com',
  organizationId: 'org-1',
  provider: 'okta',
  service: 'oidc',
  type: 'oidc',
  hasClientSecret: true,
};

interface Call {
  path: string;
  method: string;
  body: unknown;
}
type Responder = (call: Call) => Response | undefined;

function renderPanel(strategies: LoginStrategy[] = [OKTA], respond: Responder = () => undefined) {
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
      if (call.path === STRATEGIES_PATH && call.method === 'GET') {
        return jsonResponse(200, { results: strategies });
      }
      if (call.method === 'PUT' || call.method === 'POST') {
        return jsonResponse(call.method === 'POST' ? 201 : 200, {
          ...OKTA,
          ...(call.body as object),
          hasClientSecret: true,
        });
      }
      if (call.method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoginStrategiesPanel realmId={REALM_ID} realmName="Acme Corp" />
    </QueryClientProvider>,
  );
  return { writes: () => calls.filter((call) => call.method !== 'GET') };
}

afterEach(() => {
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sign-in strategies panel', () => {
  it('lists each strategy with its issuer, client and whether its secret is set, never the secret', async () => {
    renderPanel([OKTA, { ...OKTA, id: undefined, key: 'Legacy', name: 'Legacy', hasClientSecret: false }]);
    const table = await screen.findByRole('table', { name: 'Sign-in strategies of Acme Corp' });
    const okta = within(table).getByRole('row', { name: /Acme Okta/ });
    expect(within(okta).getByText('https://acme.okta.com')).toBeTruthy();
    expect(within(okta).getByText('set')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Legacy/ }).textContent).toContain('not set');
    expect(within(okta).getByRole<HTMLInputElement>('switch', { name: 'Acme Okta active' }).checked).toBe(
      true,
    );
  });

  it('shows an empty state that offers the first strategy, and an error with a retry', async () => {
    renderPanel([]);
    expect(await screen.findByText('No sign-in strategies yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add strategy/ })).toBeTruthy();
    vi.unstubAllGlobals();
    renderPanel([], ({ path }) =>
      path === STRATEGIES_PATH
        ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' })
        : undefined,
    );
    expect(await screen.findByText('The sign-in strategies could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('checks a new strategy with the contract before sending, then adds it with its secret', async () => {
    const { writes } = renderPanel([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Add strategy/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New sign-in strategy for Acme Corp' });
    await user.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('Must be a valid URL')).toHaveLength(4);
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Acme Okta');
    await user.type(within(dialog).getByLabelText('Issuer'), 'https://acme.okta.com');
    await user.type(
      within(dialog).getByLabelText('Authorization endpoint'),
      'https://acme.okta.com/authorize',
    );
    await user.type(within(dialog).getByLabelText('Token endpoint'), 'https://acme.okta.com/token');
    await user.type(within(dialog).getByLabelText('JWKS URI'), 'https://acme.okta.com/keys');
    await user.type(within(dialog).getByLabelText('Client ID'), 'ecc-client');
    await user.type(within(dialog).getByLabelText('Client secret (optional)'), 's3cret');
    expect(within(dialog).getByLabelText('Client secret (optional)').getAttribute('type')).toBe('password');
    await user.click(within(dialog).getByRole('button', { name: 'Add strategy' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        {
          path: STRATEGIES_PATH,
          method: 'POST',
          body: {
            active: true,
            // Off unless the administrator ticks it: only invited people join through the provider.
            createsMembers: false,
            name: 'Acme Okta',
            issuer: 'https://acme.okta.com',
            authorizationEndpoint: 'https://acme.okta.com/authorize',
            tokenEndpoint: 'https://acme.okta.com/token',
            jwksURI: 'https://acme.okta.com/keys',
            clientId: 'ecc-client',
            clientSecret: 's3cret',
            domain: '',
            organizationId: '',
            service: 'oidc',
            type: 'oidc',
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s refusal on the field it names', async () => {
    renderPanel([OKTA], ({ method }) =>
      method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message:
              'body/tokenEndpoint: This address is not allowed for a sign-in provider (10.0.0.5 is not a public address)',
            fieldErrors: {
              'body/tokenEndpoint':
                'This address is not allowed for a sign-in provider (10.0.0.5 is not a public address)',
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Okta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Okta' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const field = within(dialog).getByLabelText('Token endpoint');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(/10\.0\.0\.5 is not a public address/)).toBeTruthy();
  });

  it('edits who may sign in: allowed domains and organisations, checked with the contract', async () => {
    const { writes } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Okta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Okta' });
    const domains = within(dialog).getByLabelText('Allowed e-mail domains');
    await user.type(domains, 'acme.com, @acme.com');
    await user.type(within(dialog).getByLabelText('Allowed organisations'), 'acme.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(domains.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('@acme.com: Must be a host name such as ecc.example.com')).toBeTruthy();
    const claim = within(dialog).getByLabelText('Organisation claim');
    expect(claim.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Name the claim that carries the organisation')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(domains);
    await user.type(domains, 'Acme.com,\nacme.co.uk');
    await user.type(claim, 'hd');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      allowedDomains: ['acme.com', 'acme.co.uk'],
      organizationClaim: 'hd',
      allowedOrganizations: ['acme.com'],
    });
  });

  it('keeps the secret unless it is replaced or removed, and says whether one is set', async () => {
    const { writes } = renderPanel();
    const user = userEvent.setup();
    const edit = async () => {
      await user.click(await screen.findByRole('button', { name: 'Edit Acme Okta' }));
      return screen.findByRole('dialog', { name: 'Edit Acme Okta' });
    };
    const lastBody = () => writes().at(-1)?.body as Record<string, unknown>;

    let dialog = await edit();
    expect(within(dialog).getByRole('group', { name: 'Client secret' }).textContent).toContain('set');
    expect(within(dialog).queryByLabelText(/client secret/i, { selector: 'input' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(lastBody()).not.toHaveProperty('clientSecret');

    dialog = await edit();
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Type the new client secret, or keep the current one')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New client secret'), 'rotated');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(lastBody()).toMatchObject({ clientSecret: 'rotated' });

    dialog = await edit();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByRole('group', { name: 'Client secret' }).textContent).toContain(
      'will be removed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(lastBody()).toMatchObject({ clientSecret: null });
    expect(writes().map((call) => call.path)).toEqual(
      Array.from({ length: 3 }, () => `${STRATEGIES_PATH}/${OKTA.key}`),
    );
  });

  it('switches a strategy off with the stored secret kept, and deletes one only after confirmation', async () => {
    const { writes } = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Acme Okta active' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', body: { active: false, name: 'Acme Okta' } });
    expect(writes()[0]?.body).not.toHaveProperty('clientSecret');

    await user.click(screen.getByRole('button', { name: 'Delete Acme Okta' }));
    expect(writes()).toHaveLength(1);
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Delete the sign-in strategy Acme Okta?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete strategy' }));
    await waitFor(() =>
      expect(writes()[1]).toMatchObject({ method: 'DELETE', path: `${STRATEGIES_PATH}/${OKTA.key}` }),
    );
  });
});
