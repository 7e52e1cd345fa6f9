import { z } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { realmLegalQueryOptions } from './realm-settings-api.ts';
import { SettingsErrorSummary } from './settings-error-summary.tsx';
import { SettingsSaveBar } from './settings-save-bar.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';

const REALM_ID = '0b8e7f6a-5d4c-4b3a-9f8e-7d6c5b4a3f2e';

/** Like a contract schema: the motto must not be empty. */
const mottoSchema = z.object({ motto: z.string().min(1, 'Required') });
type Motto = z.infer<typeof mottoSchema>;

function MottoEditor({ send }: { send: (realmId: string, request: Motto) => Promise<Motto> }) {
  const settings = useSettingsDraft({
    realmId: REALM_ID,
    part: 'legal',
    initial: { motto: 'Less is more' },
    schema: mottoSchema,
    send,
    savedTitle: 'Motto saved',
    fieldId: (path) => `motto-${path}`,
  });
  return (
    <>
      <SettingsErrorSummary settings={settings} title="The motto was not saved" />
      <label>
        Motto
        <input
          id="motto-motto"
          value={settings.draft.motto}
          onChange={(event) => settings.setDraft(() => ({ motto: event.target.value }))}
        />
      </label>
      {settings.errors.motto && <p>{settings.errors.motto}</p>}
      <SettingsSaveBar
        settings={settings}
        saveLabel="Save motto"
        discardTitle="Discard your changes to the motto?"
        discardDescription="The motto goes back to how it was last saved."
      />
    </>
  );
}

function renderEditor(send: (realmId: string, request: Motto) => Promise<Motto>) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MottoEditor send={send} />
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => toastStore.dispatch({ type: 'REMOVE_TOAST' }));

describe('a settings draft with its error summary and save bar', () => {
  it('saves nothing until something changed', () => {
    renderEditor(vi.fn());
    expect((screen.getByRole('button', { name: 'Save motto' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('refuses what the check refuses, counts the fields and focuses the first one', async () => {
    const send = vi.fn();
    renderEditor(send);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Motto' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save motto' }));
    expect(screen.getByRole('alert').textContent).toContain('The motto was not saved');
    expect(screen.getByRole('alert').textContent).toContain('One field needs your attention');
    expect(screen.getByText('Required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Motto' })));
    expect(send).not.toHaveBeenCalled();
  });

  it('saves, keeps what the server answered and says so', async () => {
    const send = vi.fn(async (_realmId: string, request: Motto) => ({ motto: `${request.motto}!` }));
    const queryClient = renderEditor(send);
    await userEvent.type(screen.getByRole('textbox', { name: 'Motto' }), ', really');
    await userEvent.click(screen.getByRole('button', { name: 'Save motto' }));
    expect(send).toHaveBeenCalledWith(REALM_ID, { motto: 'Less is more, really' });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Motto' }) as HTMLInputElement).value).toBe(
        'Less is more, really!',
      ),
    );
    expect(toastStore.getState().toasts[0]?.title).toBe('Motto saved');
    expect(queryClient.getQueryData(realmLegalQueryOptions(REALM_ID).queryKey)).toEqual({
      motto: 'Less is more, really!',
    });
    expect((screen.getByRole('button', { name: 'Save motto' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a refusal that names no field in the summary', async () => {
    renderEditor(async () => {
      throw new ApiResponseError(503, 'Service Unavailable', { message: 'Try later' });
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Motto' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save motto' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('The motto was not saved');
    expect(summary.textContent).toContain('Try later');
  });

  it('discards the changes only after a confirmation', async () => {
    renderEditor(vi.fn());
    const input = screen.getByRole('textbox', { name: 'Motto' }) as HTMLInputElement;
    await userEvent.type(input, '?');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard your changes to the motto?' });
    expect(dialog.textContent).toContain('The motto goes back to how it was last saved.');
    expect(input.value).toBe('Less is more?');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(input.value).toBe('Less is more'));
  });
});
