import type { ActivityImportPreview } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { ActivityImportButton, type ImportFacility } from './activity-import-dialog.tsx';

const COLUMNS = ['facility', 'activityType', 'periodStart', 'periodEnd', 'quantity', 'unit', 'factorKey'];
const BATCH = {
  id: 'batch-1',
  kind: 'activities' as const,
  fileName: 'energy.csv',
  fileHash: 'abc',
  rowCount: 1,
  createdOn: '2026-01-01T00:00:00.000Z',
};

function preview(overrides: Partial<ActivityImportPreview>): ActivityImportPreview {
  return {
    fileName: 'energy.csv',
    fileHash: 'abc',
    columns: COLUMNS,
    mapping: Object.fromEntries(COLUMNS.map((column) => [column, column])),
    missingFields: [],
    rows: [{ row: 2, cells: ['north-campus', 'Gas', '2024-01-01', '2024-01-31', 'lots', 'scf', 'x'] }],
    rowCount: 1,
    errors: [],
    existingBatch: null,
    ...overrides,
  };
}

function renderButton(facility?: ImportFacility) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityImportButton facility={facility} />
    </QueryClientProvider>,
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Import activity data' }));
  return screen.getByRole('dialog', { name: 'Import activity data' });
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await openDialog(user);
  await user.upload(within(dialog).getByLabelText('File (CSV or XLSX)'), new File(['a,b\n'], 'energy.csv'));
  return dialog;
}

/** The form fields a fetch call sent. */
function sentFields(fetchMock: ReturnType<typeof vi.fn>, call = 0): Record<string, string> {
  const body = (fetchMock.mock.calls[call]?.[1] as RequestInit).body as FormData;
  return Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

describe('ActivityImportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the columns, required and optional with their formats, and offers the templates', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderButton();
    const dialog = await openDialog(user);
    const columns = within(dialog).getByRole('table', { name: 'Columns of the file' });
    const quantity = within(columns).getByRole('rowheader', { name: 'Quantity' }).closest('tr');
    expect(quantity?.textContent).toContain('Required');
    expect(quantity?.textContent).toContain('no thousands separators');
    const notes = within(columns).getByRole('rowheader', { name: 'Notes' }).closest('tr');
    expect(notes?.textContent).toContain('Optional');
    expect(within(dialog).getByRole('link', { name: 'CSV template' }).getAttribute('href')).toBe(
      '/api/imports/templates/activities?format=csv',
    );
    expect(within(dialog).getByRole('link', { name: 'XLSX template' }).getAttribute('href')).toBe(
      '/api/imports/templates/activities?format=xlsx',
    );
  });

  it('shows every error of a row together and offers no import until the file is fixed', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        200,
        preview({
          errors: [
            { row: 2, column: 'quantity', message: 'Expected a number, received "lots"' },
            { row: 2, column: 'factorKey', message: 'Unknown emission factor "x"' },
          ],
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    const rowErrors = await within(dialog).findByRole('list', { name: 'Errors of row 2' });
    expect(
      within(rowErrors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['quantity: Expected a number, received "lots"', 'factorKey: Unknown emission factor "x"']);
    expect(
      within(dialog).getByText('2 errors in 1 row: nothing will be imported until the file is fixed'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText('Quantity (required)')).toHaveProperty('value', 'quantity');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/imports/activities/preview',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("puts the server's refusal of the file on the file field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body/file: This is not a CSV or XLSX file',
          fieldErrors: { 'body/file': 'This is not a CSV or XLSX file' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    const field = within(dialog).getByLabelText('File (CSV or XLSX)');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This is not a CSV or XLSX file')).toBeTruthy();
    expect(within(dialog).queryByText(/body\/file/)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('imports a clean file and shows one message: the result replaces the check', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/imports/activities/preview'
          ? jsonResponse(200, preview({}))
          : jsonResponse(200, { isNew: true, recordCount: 1, batch: BATCH }),
      ),
    );
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    expect(await within(dialog).findByText('1 row ready to import')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText('Imported 1 activity record')).toBeTruthy();
    expect(within(dialog).queryByText('1 row ready to import')).toBeNull();
  });

  it('offers no import of a file imported before, saying so once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, preview({ existingBatch: BATCH }))),
    );
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    expect(await within(dialog).findByText('This file was imported before')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', true);
  });

  it("on a facility's page asks for no facility column and sends the facility", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        200,
        preview({
          columns: COLUMNS.slice(1),
          mapping: Object.fromEntries(COLUMNS.slice(1).map((column) => [column, column])),
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderButton({ slug: 'north-campus', name: 'North Campus' });
    const dialog = await chooseFile(user);
    expect(within(dialog).getByText(/Every row becomes an activity record of North Campus/)).toBeTruthy();
    await within(dialog).findByLabelText('Quantity (required)');
    expect(within(dialog).queryByLabelText('Facility (slug or name) (required)')).toBeNull();
    expect(within(dialog).queryByRole('rowheader', { name: 'Facility' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'CSV template' }).getAttribute('href')).toBe(
      '/api/imports/templates/facility-activities?format=csv',
    );
    expect(sentFields(fetchMock)).toEqual({ facility: 'north-campus' });
  });
});
