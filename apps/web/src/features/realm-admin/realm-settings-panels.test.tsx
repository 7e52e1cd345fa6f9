import type { Legal, RealmThemeSettings, RecalculationRunDto } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { LegalPanel } from './legal-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ThemePanel } from './theme-panel.tsx';

const permissions = vi.hoisted(() => ({ canAll: true }));
vi.mock('#lib/permissions/use-ability.ts', () => ({ useCan: () => permissions.canAll }));
// The guard needs the router; here it only shows whether it is armed.
vi.mock('#lib/navigation/unsaved-changes-guard.tsx', () => ({
  UnsavedChangesGuard: ({ isDirty }: { isDirty: boolean }) => (isDirty ? <p>Leaving asks first</p> : null),
}));

const REALM_ID = '0b8e7f6a-5d4c-4b3a-9f8e-7d6c5b4a3f2e';
const OTHER_REALM_ID = '9b8e7f6a-5d4c-4b3a-9f8e-7d6c5b4a3f2e';
const THEME_ID = '6f1c2f0e-8a5b-4c3d-9e2f-1a2b3c4d5e6f';
vi.mock('#lib/realm/realm-queries.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useRealm: () => ({ id: REALM_ID }),
}));

const THEME_SETTINGS: RealmThemeSettings = {
  themes: [
    {
      id: THEME_ID,
      name: 'Default',
      colors: { light: { primary: '#166534', background: '#ffffff' }, dark: { primary: '#4ade80' } },
      login: { backgroundPosition: 'right 10% center/50%' },
    },
  ],
  selected: THEME_ID,
  overrides: [],
};
const LEGAL: Legal = {
  tos: 'https://example.com/terms',
  licences: [{ id: 'eula', title: 'End-user licence agreement', text: 'Use it well.', revision: 2 }],
};
const RUN: RecalculationRunDto = {
  id: '4b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  status: 'completed',
  gwp: 'AR6',
  processed: 3,
  total: 3,
  failed: 0,
  fraction: 1,
  failures: [],
  error: null,
  createdOn: '2030-01-01T00:00:00.000Z',
  startedOn: '2030-01-01T00:00:00.000Z',
  finishedOn: '2030-01-01T00:00:01.000Z',
};

interface Request {
  url: string;
  method: string;
  body: unknown;
}
type Responder = (request: Request) => Response | undefined;

function renderPanel(panel: ReactNode, respond: Responder = () => undefined) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = {
        url: new URL(String(input), 'http://localhost').pathname,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      requests.push(request);
      const answer = respond(request);
      if (answer) return answer;
      if (request.method === 'PUT') return jsonResponse(200, request.body);
      if (request.url.endsWith('/theme')) return jsonResponse(200, THEME_SETTINGS);
      if (request.url.endsWith('/legal')) return jsonResponse(200, LEGAL);
      if (request.url.endsWith('/settings'))
        return jsonResponse(200, { gwpSetId: 'AR5', recalculation: null, hasResultsOnOtherGwpSets: false });
      if (request.url.endsWith('/session-settings')) return jsonResponse(200, { sessionLifetimeHours: 12 });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'not found' });
    }),
  );
  const queryClient: QueryClient = createQueryClient();
  render(<QueryClientProvider client={queryClient}>{panel}</QueryClientProvider>);
  return { requests, queryClient, writes: () => requests.filter((each) => each.method !== 'GET') };
}

beforeEach(() => {
  permissions.canAll = true;
});
afterEach(() => {
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the theme panel', () => {
  it('applies an edited colour to the live preview only, and saves it', async () => {
    const { writes } = renderPanel(<ThemePanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    const primary = await screen.findByLabelText('Primary');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(preview.style.getPropertyValue('--primary')).toBe('#166534');

    await user.clear(primary);
    await user.type(primary, '#7c3aed');
    expect(preview.style.getPropertyValue('--primary')).toBe('#7c3aed');
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('');
    expect(screen.getByText('Leaving asks first')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const [put] = writes();
    expect(put?.url).toBe(`/api/realms/${REALM_ID}/theme`);
    expect(put?.body).toMatchObject({ themes: [{ colors: { light: { primary: '#7c3aed' } } }] });
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Theme saved'));
    expect(screen.queryByText('Leaving asks first')).toBeNull();
  });

  it('shows “Invalid hex color” at the field and sends nothing until it is fixed', async () => {
    const { writes } = renderPanel(<ThemePanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    const primary = await screen.findByLabelText('Primary');
    await user.clear(primary);
    await user.type(primary, 'purple');
    await user.tab();
    expect(screen.getByText('Invalid hex color')).toBeTruthy();
    expect(primary.getAttribute('aria-invalid')).toBe('true');
    // The preview keeps the default for a colour that is not valid hex.
    expect(screen.getByRole('region', { name: 'Live preview' }).style.getPropertyValue('--primary')).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(document.activeElement).toBe(primary));
    expect(writes()).toEqual([]);
    await user.clear(primary);
    await user.type(primary, '#abc');
    expect(screen.queryByText('Invalid hex color')).toBeNull();
  });

  it('edits and previews the dark colours, and shows the server’s 400 on the field it names', async () => {
    renderPanel(<ThemePanel realmId={REALM_ID} />, ({ method }) =>
      method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/themes/0/colors/dark/ring: Invalid hex color',
            fieldErrors: { 'body/themes/0/colors/dark/ring': 'Invalid hex color' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(preview.classList.contains('dark')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Primary').value).toBe('#4ade80');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    await user.type(screen.getByLabelText('Ring'), '#123456');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true));
    const ring = screen.getByLabelText('Ring');
    expect(ring.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid hex color')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(ring));
  });

  it('discards the changes after confirmation', async () => {
    renderPanel(<ThemePanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await user.type(name, ' (new)');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Default');
    expect(screen.getByRole('button', { name: 'Save theme' })).toHaveProperty('disabled', true);
  });

  it('shows the theme without editing controls to someone who may not change it', async () => {
    permissions.canAll = false;
    renderPanel(<ThemePanel realmId={REALM_ID} />);
    expect((await screen.findByLabelText('Primary')).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save theme' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Dark' }).matches(':disabled')).toBe(false);
  });

  it('offers to add a theme when the realm has none', async () => {
    renderPanel(<ThemePanel realmId={REALM_ID} />, ({ url }) =>
      url.endsWith('/theme') ? jsonResponse(200, { themes: [], overrides: [] }) : undefined,
    );
    expect(await screen.findByText('No themes yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Add a theme/ }));
    expect(await screen.findByRole('region', { name: 'Live preview' })).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    renderPanel(<ThemePanel realmId={REALM_ID} />, ({ url }) =>
      url.endsWith('/theme')
        ? jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Realm not found' })
        : undefined,
    );
    expect(await screen.findByText('The theme could not be loaded')).toBeTruthy();
    expect(screen.getByText('Realm not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('refreshes the app’s realm after saving the user’s own realm, not after another realm’s', async () => {
    const own = renderPanel(<ThemePanel realmId={REALM_ID} />);
    own.queryClient.setQueryData(['config', 'realm'], { id: REALM_ID });
    const invalidate = vi.spyOn(own.queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['config', 'realm'] }));
  });

  it('does not refresh the app’s realm after saving another realm', async () => {
    const other = renderPanel(<ThemePanel realmId={OTHER_REALM_ID} />);
    other.queryClient.setQueryData(['config', 'realm'], { id: REALM_ID });
    const invalidate = vi.spyOn(other.queryClient, 'invalidateQueries');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Theme saved'));
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('the legal panel', () => {
  it('lists the licences with their revision and says users accept new and changed ones', async () => {
    renderPanel(<LegalPanel realmId={REALM_ID} />);
    expect(await screen.findByText('Revision 2')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('End-user licence agreement');
    expect(screen.getByText(/a licence whose title or text you change, is shown to them/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Terms of service').value).toBe(
      'https://example.com/terms',
    );
  });

  it('adds a licence and saves the texts', async () => {
    const { writes } = renderPanel(<LegalPanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    await screen.findByText('Revision 2');
    await user.click(screen.getByRole('button', { name: /Add a licence/ }));
    const added = screen.getAllByRole('listitem')[1];
    if (!added) throw new Error('no new licence');
    await user.type(within(added).getByLabelText('Id'), 'privacy');
    await user.type(within(added).getByLabelText('Title'), 'Privacy notice');
    await user.type(within(added).getByLabelText('Text'), 'We keep little.');
    await user.clear(screen.getByLabelText('Terms of service'));
    await user.click(screen.getByRole('button', { name: 'Save legal texts' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      licences: [
        { id: 'eula', title: 'End-user licence agreement', text: 'Use it well.', revision: 2 },
        { id: 'privacy', title: 'Privacy notice', text: 'We keep little.' },
      ],
    });
  });

  it('shows the server’s refusal of a licence beside its field, focusing it', async () => {
    renderPanel(<LegalPanel realmId={REALM_ID} />, ({ method }) =>
      method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/licences/0/title: A licence needs a title',
            fieldErrors: { 'body/licences/0/title': 'A licence needs a title' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await screen.findByText('Revision 2');
    await user.type(screen.getByLabelText('Copyright'), '© 2030');
    await user.click(screen.getByRole('button', { name: 'Save legal texts' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'A licence needs a title',
    );
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('alert').textContent).toContain('One field needs your attention');
  });

  it('names a second licence with the same id before sending, and removes a licence', async () => {
    const { writes } = renderPanel(<LegalPanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    await screen.findByText('Revision 2');
    await user.click(screen.getByRole('button', { name: /Add a licence/ }));
    const added = screen.getAllByRole('listitem')[1];
    if (!added) throw new Error('no new licence');
    await user.type(within(added).getByLabelText('Id'), 'eula');
    await user.type(within(added).getByLabelText('Title'), 'Copy');
    await user.click(screen.getByRole('button', { name: 'Save legal texts' }));
    expect(within(added).getByText('Another licence has this id')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByLabelText('Id')));
    expect(writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove the licence Copy' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Another licence has this id')).toBeNull();
  });
});

describe('the settings panel', () => {
  it('saves the session lifetime on its own, refusing hours out of range before sending', async () => {
    const { writes } = renderPanel(<SettingsPanel realmId={REALM_ID} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sessions' });
    const hours = within(form).getByLabelText('Session lifetime (hours)');
    expect((hours as HTMLInputElement).value).toBe('12');
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(within(form).getByRole('button', { name: 'Save session lifetime' }));
    expect(await within(form).findByText('Must be at least 1 hour')).toBeTruthy();
    expect(writes()).toEqual([]);
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(within(form).getByRole('button', { name: 'Save session lifetime' }));
    await waitFor(() =>
      expect(toastStore.getState().toasts[0]?.title).toBe('Sessions end 8 hours after sign-in from now on'),
    );
    expect(writes()).toEqual([
      { url: `/api/realms/${REALM_ID}/session-settings`, method: 'PUT', body: { sessionLifetimeHours: 8 } },
    ]);
  });

  it('shows the server’s refusal of the session lifetime beside the field', async () => {
    renderPanel(<SettingsPanel realmId={REALM_ID} />, ({ url, method }) =>
      url.endsWith('/session-settings') && method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/sessionLifetimeHours: Must be at most 720 hours',
            fieldErrors: { 'body/sessionLifetimeHours': 'Must be at most 720 hours' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sessions' });
    const hours = within(form).getByLabelText('Session lifetime (hours)');
    await user.clear(hours);
    await user.type(hours, '9');
    await user.click(within(form).getByRole('button', { name: 'Save session lifetime' }));
    expect(await within(form).findByText('Must be at most 720 hours')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s refusal of a GWP set with the choices', async () => {
    renderPanel(<SettingsPanel realmId={REALM_ID} />, ({ url, method }) =>
      url.endsWith('/settings') && method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'body/gwpSetId: Choose AR4, AR5 or AR6',
            fieldErrors: { 'body/gwpSetId': 'Choose AR4, AR5 or AR6' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^AR6/ }));
    await user.click(screen.getByRole('button', { name: 'Save GWP set' }));
    const message = await screen.findByText('Choose AR4, AR5 or AR6');
    expect(screen.getByRole('group', { name: 'GWP set' }).getAttribute('aria-describedby')).toBe(message.id);
  });

  it('moves the realm to another set with a recalculation, and says it reports on its set until then', async () => {
    const moving = { ...RUN, status: 'running' as const, processed: 1, fraction: 1 / 3, finishedOn: null };
    const { writes } = renderPanel(<SettingsPanel realmId={REALM_ID} />, ({ url, method }) => {
      if (url.endsWith('/settings') && method === 'PUT')
        return jsonResponse(202, { gwpSetId: 'AR5', recalculation: moving, hasResultsOnOtherGwpSets: true });
      return undefined;
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /^AR5/ })).toHaveProperty('checked', true);
    expect(screen.getByText(/CH4 27\.9, N2O 273, SF6 25,200/)).toBeTruthy();
    expect(screen.getByText('Every figure of the realm is on AR5.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /^AR6/ }));
    expect(screen.getByRole('button', { name: 'Recalculate all emissions now' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save GWP set' }));
    expect(await screen.findByText('Moving to AR6')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ url: `/api/realms/${REALM_ID}/settings`, body: { gwpSetId: 'AR6' } });
    const progress = screen.getByRole('progressbar', { name: 'Recalculation progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(screen.getByText('1 of 3 records on AR6, 0 failed — running')).toBeTruthy();
    // While it runs, the set cannot be changed again.
    expect(screen.getByRole('radio', { name: /^AR4/ }).matches(':disabled')).toBe(true);
  });

  it('recalculates the realm on its own set and shows the progress', async () => {
    const { writes } = renderPanel(<SettingsPanel realmId={REALM_ID} />, ({ url }) =>
      url.startsWith('/api/recalculations')
        ? jsonResponse(url === '/api/recalculations' ? 202 : 200, { ...RUN, gwp: 'AR5' })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Recalculate all emissions now' }));
    const progress = await screen.findByRole('progressbar', { name: 'Recalculation progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByText('3 of 3 records on AR5, 0 failed — completed')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ url: '/api/recalculations', body: { gwp: 'AR5' } });
  });

  it('does not offer to recalculate another realm on its own set, which only its administrators can', async () => {
    renderPanel(<SettingsPanel realmId={OTHER_REALM_ID} />);
    await screen.findByRole('radio', { name: /^AR5/ });
    expect(screen.queryByRole('button', { name: 'Recalculate all emissions now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save GWP set' })).toBeTruthy();
  });

  it('shows the set read-only to someone who may not change it', async () => {
    permissions.canAll = false;
    renderPanel(<SettingsPanel realmId={REALM_ID} />);
    expect((await screen.findByRole('radio', { name: /^AR4/ })).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save GWP set' })).toBeNull();
  });
});
