import type { PermissionRow } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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

function renderAdminPage(permissions: PermissionRow[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
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
});
