import type { AuditEntryDto } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { AuditLogPanel } from './audit-log-panel.tsx';

const ENTRY: AuditEntryDto = {
  id: 7,
  sequence: 7,
  occurredOn: '2026-01-02T03:04:05.000Z',
  actorEmail: 'admin@example.com',
  action: 'update',
  entityType: 'facility',
  entityId: 'f-1',
  before: { name: 'North Campus' },
  after: { name: 'North Campus (main)' },
  hash: 'b'.repeat(64),
  previousHash: 'a'.repeat(64),
};

function stubApi(entries: AuditEntryDto[]) {
  const fetchMock = vi.fn(async (url: string) =>
    url.startsWith('/api/audit-log/entity-types')
      ? jsonResponse(200, { results: [{ entityType: 'facility', count: 3 }] })
      : jsonResponse(200, { results: entries, count: entries.length, total: entries.length, offset: 0 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditLogPanel />
    </QueryClientProvider>,
  );
}

describe('AuditLogPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the entries with each one's before and after, filtered, and exports the same filters", async () => {
    const fetchMock = stubApi([ENTRY]);
    const user = userEvent.setup();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const row = within(table).getByRole('rowheader', { name: '7' }).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('admin@example.com');
    expect(row.textContent).toContain('facility');
    await user.click(within(row).getByText('Before and after'));
    expect(within(row).getByText(/"North Campus \(main\)"/)).toBeTruthy();

    await user.selectOptions(await screen.findByLabelText('Entity type'), 'facility');
    await user.type(screen.getByLabelText('From (UTC)'), '2026-01-01');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(
        '/api/audit-log?entityType=facility&from=2026-01-01&limit=50&offset=0',
        expect.anything(),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export the audit log' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'CSV (comma-separated)' })).getAttribute('href'),
    ).toBe('/api/exports/audit-log?entityType=facility&from=2026-01-01&format=csv');
  });

  it('says when no entry matches the filters', async () => {
    stubApi([]);
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No entries yet')).toBeTruthy();
    await user.type(screen.getByLabelText('Actor'), 'nobody');
    expect(await screen.findByText('No entries match')).toBeTruthy();
  });
});
