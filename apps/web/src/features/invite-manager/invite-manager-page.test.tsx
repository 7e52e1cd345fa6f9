import type { Invitation } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { InviteManagerPage } from './invite-manager-page.tsx';

vi.mock('#components/page-header.tsx', () => ({
  PageHeader: ({ title }: { title: string }) => <h1>{title}</h1>,
}));

const PENDING: Invitation = {
  id: '0b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  email: 'pending@example.com',
  role: 'member',
  status: 'pending',
  expiresAt: '2030-01-08T00:00:00.000Z',
  createdOn: '2030-01-01T00:00:00.000Z',
};
const ACCEPTED: Invitation = {
  ...PENDING,
  id: '1b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90',
  email: 'accepted@example.com',
  status: 'accepted',
};

function renderPage(respond: (url: string, method: string) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    respond(new URL(String(input), 'http://localhost').pathname, init?.method ?? 'GET'),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteManagerPage />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the invite manager', () => {
  it('shows an empty state without invitations', async () => {
    renderPage(() => jsonResponse(200, { invitations: [] }));
    expect(await screen.findByText('No invitations yet')).toBeTruthy();
  });

  it('lists invitations with their status, and offers resend and revoke only for open ones', async () => {
    renderPage(() => jsonResponse(200, { invitations: [PENDING, ACCEPTED] }));
    const pendingRow = (await screen.findByText('pending@example.com')).closest('tr');
    const acceptedRow = screen.getByText('accepted@example.com').closest('tr');
    if (!pendingRow || !acceptedRow) throw new Error('rows missing');
    expect(within(pendingRow).getByText('Pending')).toBeTruthy();
    expect(within(pendingRow).getByRole('button', { name: /Revoke/ })).toBeTruthy();
    expect(within(acceptedRow).getByText('Accepted')).toBeTruthy();
    expect(within(acceptedRow).queryByRole('button')).toBeNull();
  });

  it('revokes only after confirmation', async () => {
    const fetchMock = renderPage((url, method) =>
      method === 'DELETE'
        ? new Response(null, { status: 204 })
        : jsonResponse(200, { invitations: [PENDING] }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the invitation to pending@example.com' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });

  it('says the list could not be loaded', async () => {
    renderPage(() =>
      jsonResponse(
        500,
        { statusCode: 500, error: 'Internal Server Error', message: 'Database down' },
        'Error',
      ),
    );
    expect(await screen.findByText('The invitations could not be loaded')).toBeTruthy();
  });

  it('shows a taken address as a sentence on the e-mail field, with no field name before it', async () => {
    renderPage((url, method) =>
      method === 'POST'
        ? jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'body/email: pending@example.com already has a pending invitation',
            fieldErrors: { 'body/email': 'pending@example.com already has a pending invitation' },
          })
        : jsonResponse(200, { invitations: [PENDING] }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Email'), 'pending@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('pending@example.com already has a pending invitation')).toBeTruthy();
    expect(within(form).queryByText(/email:/)).toBeNull();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('shows the link to copy when no e-mail was sent, until the inviter is done with it', async () => {
    const link = `http://acme.test/invite/${'a'.repeat(43)}`;
    renderPage((url, method) =>
      method === 'POST'
        ? jsonResponse(201, { ...PENDING, email: 'new@example.com', link })
        : jsonResponse(200, { invitations: [PENDING] }),
    );
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const notice = await screen.findByRole('region', { name: 'No e-mail was sent to new@example.com' });
    expect(within(notice).getByLabelText<HTMLInputElement>('Invitation link for new@example.com').value).toBe(
      link,
    );
    await user.click(within(notice).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await within(notice).findByText('Copied')).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /No e-mail was sent/ })).toBeNull();
  });
});
