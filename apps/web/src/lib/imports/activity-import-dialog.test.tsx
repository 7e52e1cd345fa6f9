import type { ActivityImportPreview } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { ActivityImportButton } from './activity-import-dialog.tsx';

const COLUMNS = ['facility', 'activityType', 'periodStart', 'periodEnd', 'quantity', 'unit', 'factorKey'];

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

function renderButton() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityImportButton />
    </QueryClientProvider>,
  );
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Import activity data' }));
  const dialog = screen.getByRole('dialog', { name: 'Import activity data' });
  await user.upload(within(dialog).getByLabelText('File (CSV or XLSX)'), new File(['a,b\n'], 'energy.csv'));
  return dialog;
}

describe('ActivityImportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each row error with its row and column and offers no import until the file is fixed', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        200,
        preview({ errors: [{ row: 2, column: 'quantity', message: 'Expected a number, received "lots"' }] }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    expect(
      await within(dialog).findByText('Row 2, column quantity: Expected a number, received "lots"'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 1 row' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByLabelText('Quantity (required)')).toHaveProperty('value', 'quantity');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/imports/activities/preview',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('imports a clean file and reports how many records were written', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/imports/activities/preview'
          ? jsonResponse(200, preview({}))
          : jsonResponse(200, {
              isNew: true,
              recordCount: 1,
              batch: {
                id: 'batch-1',
                kind: 'activities',
                fileName: 'energy.csv',
                fileHash: 'abc',
                rowCount: 1,
                createdOn: '2026-01-01T00:00:00.000Z',
              },
            }),
      ),
    );
    const user = userEvent.setup();
    renderButton();
    const dialog = await chooseFile(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Import 1 row' }));
    expect(await within(dialog).findByText('Imported 1 activity record')).toBeTruthy();
  });
});
