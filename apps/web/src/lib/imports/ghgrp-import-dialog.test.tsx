import { NDJSON_CONTENT_TYPE, type GhgrpImportResult } from '@ecc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#lib/query/query-client.ts';
import { jsonResponse } from '#test/fixtures.ts';
import { GhgrpImportButton } from './ghgrp-import-dialog.tsx';

const RESULT: GhgrpImportResult = {
  batch: {
    id: 'batch-1',
    kind: 'ghgrp',
    fileName: 'ghgp_data_2020.xlsx',
    fileHash: 'abc',
    rowCount: 6515,
    createdOn: '2026-01-01T00:00:00.000Z',
  },
  isNew: true,
  reportingYear: 2020,
  gwpSetId: 'AR5',
  facilityCount: 6515,
  createdCount: 6515,
  updatedCount: 0,
  reportedTotalCo2eT: 2_400_000_000,
  rebasedTotalCo2eT: 2_410_000_000,
};

async function importWorkbook() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GhgrpImportButton />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Import EPA GHGRP workbook' }));
  const dialog = screen.getByRole('dialog', { name: 'Import EPA GHGRP workbook' });
  await user.upload(
    within(dialog).getByLabelText('GHGRP data summary workbook (XLSX)'),
    new File(['PK'], 'ghgp_data_2020.xlsx'),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Import workbook' }));
  return dialog;
}

describe('GhgrpImportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the progress lines and shows the summary of the import', async () => {
    const lines = [
      { type: 'progress', done: 0, total: 6515 },
      { type: 'progress', done: 6515, total: 6515 },
      { type: 'result', result: RESULT },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(''), {
            headers: { 'Content-Type': NDJSON_CONTENT_TYPE },
          }),
      ),
    );
    const dialog = await importWorkbook();
    expect(await within(dialog).findByText('Imported 6,515 facilities of 2020')).toBeTruthy();
    expect(within(dialog).getByText(/6,515 created, 0 updated/)).toBeTruthy();
  });

  it('lists the row errors of a refused workbook', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Nothing was imported: the file has 1 row error',
          errors: [{ row: 7, column: 'Facility Id', message: 'Facility Id is required' }],
        }),
      ),
    );
    const dialog = await importWorkbook();
    const rowErrors = await within(dialog).findByRole('list', { name: 'Errors of row 7' });
    expect(rowErrors.textContent).toBe('Facility Id: Facility Id is required');
    expect(within(dialog).getByText('Nothing was imported: the file has 1 row error')).toBeTruthy();
  });

  it('puts a refused file on the file field, in the words of the server', async () => {
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
    const dialog = await importWorkbook();
    const field = within(dialog).getByLabelText('GHGRP data summary workbook (XLSX)');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('This is not a CSV or XLSX file')).toBeTruthy();
    expect(within(dialog).queryByText(/body\/file/)).toBeNull();
  });
});
