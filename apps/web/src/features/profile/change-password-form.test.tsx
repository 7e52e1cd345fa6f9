import { CURRENT_PASSWORD_WRONG_MESSAGE } from '@ecc/contracts';
import { toastStore } from '@ecc/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#test/fixtures.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => {
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  vi.unstubAllGlobals();
});

function renderForm(answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? jsonResponse(500, { message: 'unexpected call' }));
  vi.stubGlobal('fetch', fetchMock);
  render(<ChangePasswordForm />);
  return { fetchMock, form: screen.getByRole('form', { name: 'Password' }) };
}

describe('ChangePasswordForm', () => {
  it('checks the new password twice before sending, then shows the server’s refusal on the current password', async () => {
    const { fetchMock, form } = renderForm([
      jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: `body/currentPassword: ${CURRENT_PASSWORD_WRONG_MESSAGE}`,
        fieldErrors: { 'body/currentPassword': CURRENT_PASSWORD_WRONG_MESSAGE },
      }),
    ]);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'wrong-one');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('New password again'), 'different');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Must be at least 8 characters')).toBeTruthy();
    expect(within(form).getByText('Must match the new password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'brand-new-password');
    await user.clear(within(form).getByLabelText('New password again'));
    await user.type(within(form).getByLabelText('New password again'), 'brand-new-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(CURRENT_PASSWORD_WRONG_MESSAGE)).toBeTruthy();
    expect(within(form).getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the current and new password, then says how many other sessions were signed out', async () => {
    const { fetchMock, form } = renderForm([jsonResponse(200, { sessionsEnded: 2 })]);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New password'), 'brand-new-password');
    await user.type(within(form).getByLabelText('New password again'), 'brand-new-password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(toastStore.getState().toasts[0]).toMatchObject({
        title: 'Your password was changed',
        description: '2 other sessions were signed out.',
      }),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/password');
    expect(JSON.parse(String(init.body))).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'brand-new-password',
    });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
