import { toastStore } from '@ecc/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';

const navigation = vi.hoisted(() => ({ navigate: vi.fn(async () => undefined) }));
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigation.navigate }));

afterEach(() => {
  toastStore.dispatch({ type: 'REMOVE_TOAST' });
  navigation.navigate.mockClear();
  vi.unstubAllGlobals();
});

function renderCard(answer: Response) {
  const fetchMock = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignOutEverywhere />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('SignOutEverywhere', () => {
  it('asks first, then ends every session and goes to the login page', async () => {
    const fetchMock = renderCard(jsonResponse(200, { url: '/login', sessionsEnded: 3 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alertdialog', { name: 'Sign out on every device?' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: 'Sign out everywhere' });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ href: '/login', replace: true }));
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/auth/logout-everywhere',
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it('keeps the dialog open and says why when the server refuses', async () => {
    renderCard(
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Database down' }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click((await screen.findAllByRole('button', { name: 'Sign out everywhere' })).at(-1)!);
    await waitFor(() =>
      expect(toastStore.getState().toasts[0]).toMatchObject({
        title: 'You could not be signed out everywhere',
        description: 'Database down',
      }),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(navigation.navigate).not.toHaveBeenCalled();
  });
});
