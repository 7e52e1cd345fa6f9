import { PASSWORDS_DIFFER_MESSAGE, type RealmUser } from '@ecc/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

const USER: RealmUser = {
  id: 'u1',
  email: 'dana@example.com',
  role: 'member',
  name: null,
  createdOn: '2030-01-01T00:00:00.000Z',
  isActive: true,
};

function renderDialog(onReset: (password: string) => Promise<void>) {
  render(<ResetPasswordDialog user={USER} onReset={onReset} onClose={vi.fn()} />);
  return screen.getByRole('form', { name: 'Password reset' });
}

describe('the password reset dialog', () => {
  it('refuses two different passwords beside the second, focusing it, and sends nothing', async () => {
    const onReset = vi.fn(async () => undefined);
    const form = renderDialog(onReset);
    await userEvent.type(within(form).getByLabelText('New password'), 'correct horse');
    await userEvent.type(within(form).getByLabelText('New password again'), 'correct horse!');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    const again = within(form).getByLabelText('New password again');
    expect(await within(form).findByText(PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();
    expect(again.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(onReset).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal beside the password it names', async () => {
    const form = renderDialog(async () => {
      throw new ApiResponseError(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body/password: This password is too common',
        fieldErrors: { 'body/password': 'This password is too common' },
      });
    });
    await userEvent.type(within(form).getByLabelText('New password'), 'password123');
    await userEvent.type(within(form).getByLabelText('New password again'), 'password123');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await within(form).findByText('This password is too common')).toBeTruthy();
    await waitFor(() =>
      expect(within(form).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true'),
    );
  });
});
