import type { ReportSchedule } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { ScheduleList } from './schedule-list.tsx';

const REPORT_ID = '00000000-0000-4000-8000-000000000001';

const SCHEDULE: ReportSchedule = {
  id: '00000000-0000-4000-8000-000000000002',
  reportId: REPORT_ID,
  analysisViewId: null,
  cron: '0 8 * * 1',
  timezone: 'UTC',
  format: 'pdf',
  recipients: ['cfo@example.com', 'board@example.com'],
  isEnabled: true,
  nextRunAt: '2026-12-07T08:00:00.000Z',
  runs: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      slot: '2026-11-30T08:00:00.000Z',
      status: 'failed',
      error: 'cfo@example.com: connect ECONNREFUSED 127.0.0.1:2525',
      startedOn: '2026-11-30T08:00:01.000Z',
      finishedOn: '2026-11-30T08:00:02.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000004',
      slot: '2026-11-23T08:00:00.000Z',
      status: 'sent',
      error: null,
      startedOn: '2026-11-23T08:00:01.000Z',
      finishedOn: '2026-11-23T08:00:02.000Z',
    },
  ],
};

function renderList(schedules: ReportSchedule[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/reports/${REPORT_ID}/schedules`) return jsonResponse(200, { schedules });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not found' }, 'Not Found');
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ScheduleList target={{ kind: 'report', id: REPORT_ID }} canEdit={false} />
    </QueryClientProvider>,
  );
}

describe('ScheduleList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest run and, opened, every run with its status, recipients and error', async () => {
    const user = userEvent.setup();
    renderList([SCHEDULE]);
    const summary = await screen.findByText(/2 runs/);
    const toggle = summary.closest('summary')!;
    expect(toggle.textContent).toMatch(/failed/);
    const runs = screen.getByRole('list', { name: 'Runs of the schedule 0 8 * * 1', hidden: true });
    const details = runs.closest('details')!;
    expect(details.open).toBe(false);

    // A native disclosure: the browser opens it from Enter or Space on the summary as from a click.
    await user.click(toggle);
    expect(details.open).toBe(true);
    const items = within(runs).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /Failed.*To cfo@example\.com, board@example\.com.*connect ECONNREFUSED 127\.0\.0\.1:2525/,
      ),
      expect.stringMatching(/Sent.*To cfo@example\.com/),
    ]);
    expect(items[1]?.textContent).not.toContain('ECONNREFUSED');
  });

  it('says a schedule has not run yet', async () => {
    renderList([{ ...SCHEDULE, runs: [] }]);
    expect((await screen.findByText('Not run yet')).tagName).toBe('SPAN');
  });

  it('offers the schedules with every run as CSV and XLSX', async () => {
    const user = userEvent.setup();
    renderList([SCHEDULE]);
    await user.click(await screen.findByRole('button', { name: 'Export the schedules and every run' }));
    expect(
      (await screen.findByRole('menuitem', { name: 'CSV (comma-separated)' })).getAttribute('href'),
    ).toBe(`/api/exports/reports/${REPORT_ID}/schedules?format=csv`);
  });

  it('offers no export without a schedule', async () => {
    renderList([]);
    expect(await screen.findByText('This report is not mailed on a schedule.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export the schedules and every run' })).toBeNull();
  });
});
