import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImportRowsRejectedError, type ImportProgressHandler } from './import-api.ts';
import { ImportOutcome } from './import-outcome.tsx';
import { useImportUpload } from './use-import-upload.ts';

interface Imported {
  count: number;
}

/** An upload the test drives: it reports progress and settles when told. */
function controlledUpload() {
  const upload = {
    progress: (() => {}) as ImportProgressHandler,
    settle: (() => {}) as (outcome: Imported | Error) => void,
  };
  const send = vi.fn(
    (onProgress: ImportProgressHandler) =>
      new Promise<Imported>((resolve, reject) => {
        upload.progress = onProgress;
        upload.settle = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
      }),
  );
  return { upload, send };
}

function Harness({
  send,
  canImport,
  onClose,
}: {
  send: (onProgress: ImportProgressHandler) => Promise<Imported>;
  canImport: boolean;
  onClose: () => void;
}) {
  const upload = useImportUpload(send);
  return (
    <ImportOutcome
      upload={upload}
      waitingText="Reading the file…"
      successTitle={(result) => `Imported ${result.count} rows`}
      successDescription={() => 'From rows.csv.'}
      importLabel="Import 3 rows"
      canImport={canImport}
      onClose={onClose}
    />
  );
}

function renderOutcome(send: (onProgress: ImportProgressHandler) => Promise<Imported>, canImport = true) {
  const onClose = vi.fn();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <Harness send={send} canImport={canImport} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, invalidate };
}

describe('ImportOutcome', () => {
  it('keeps the import button off until something can be imported, and cancels', async () => {
    const { send } = controlledUpload();
    const { onClose } = renderOutcome(send, false);
    expect((screen.getByRole('button', { name: 'Import 3 rows' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('waits, shows the progress, then what was imported, and refreshes every query', async () => {
    const { upload, send } = controlledUpload();
    const { invalidate, onClose } = renderOutcome(send);
    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText('Reading the file…')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Importing…' }) as HTMLButtonElement).disabled).toBe(true);

    upload.progress(1, 3);
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('1 of 3 written')).toBeTruthy();

    upload.settle({ count: 3 });
    expect(await screen.findByText('Imported 3 rows')).toBeTruthy();
    expect(screen.getByText('From rows.csv.')).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('lists the rows the server refused, and lets the user try again', async () => {
    const { upload, send } = controlledUpload();
    renderOutcome(send);
    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    upload.settle(
      new ImportRowsRejectedError('1 row has errors: nothing was imported', [
        { row: 2, column: 'quantity', message: 'Expected a number' },
      ]),
    );
    expect(await screen.findByText('1 row has errors: nothing was imported')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Errors of row 2' }).textContent).toBe(
      'quantity: Expected a number',
    );
    expect((screen.getByRole('button', { name: 'Import 3 rows' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says any other failure imported nothing, with the server's reason", async () => {
    const { upload, send } = controlledUpload();
    renderOutcome(send);
    await userEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    upload.settle(new Error('Payload too large'));
    expect(await screen.findByText('The import failed; nothing was imported')).toBeTruthy();
    expect(screen.getByText('Payload too large')).toBeTruthy();
  });
});
