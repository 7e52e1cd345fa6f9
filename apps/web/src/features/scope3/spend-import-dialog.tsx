import { SPEND_COLUMNS, importFailureSchema, type ImportFailure } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  DataTable,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
} from '@ecc/ui';
import { useState } from 'react';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { importSpendLines } from './scope3-api.ts';

export interface SpendImportDialogProps {
  onImported: (result: { lineCount: number }) => Promise<unknown>;
  onClose: () => void;
}

type ImportState =
  | { step: 'choosing' }
  | { step: 'importing'; fileName: string }
  | { step: 'refused'; fileName: string; failure: ImportFailure }
  | { step: 'failed'; message: string };

/** Imports spend rows from a CSV file as spend lines: every row, or none with the problems by row and column. */
export function SpendImportDialog({ onImported, onClose }: SpendImportDialogProps) {
  const [file, setFile] = useState<File>();
  const [state, setState] = useState<ImportState>({ step: 'choosing' });
  const isBusy = state.step === 'importing';

  async function start() {
    if (!file) return;
    setState({ step: 'importing', fileName: file.name });
    try {
      const result = await importSpendLines({ fileName: file.name, csv: await file.text() });
      await onImported(result);
      onClose();
    } catch (error) {
      const failure =
        error instanceof ApiResponseError ? importFailureSchema.safeParse(error.body) : undefined;
      if (failure?.success) setState({ step: 'refused', fileName: file.name, failure: failure.data });
      else setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <Dialog open onOpenChange={(isOpenNow) => !isOpenNow && !isBusy && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import spend</DialogTitle>
          <DialogDescription>
            A CSV file with the columns {SPEND_COLUMNS.join(', ')}; each row becomes a spend-based line.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Spend file (CSV)">
            <input
              type="file"
              accept=".csv,text/csv"
              disabled={isBusy}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </FormField>
          {isBusy ? (
            <div className="grid gap-1" role="status">
              <span className="text-sm">Importing {state.fileName}…</span>
              <progress aria-label="Import progress" className="w-full" />
            </div>
          ) : null}
          {state.step === 'failed' ? (
            <Alert kind="error">
              <AlertTitle>The import failed</AlertTitle>
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          ) : null}
          {state.step === 'refused' ? (
            <div className="grid gap-2" role="alert">
              <p className="text-sm font-medium">
                {state.fileName} was not imported: {formatNumber(state.failure.errors.length)} problem
                {state.failure.errors.length === 1 ? '' : 's'}. Nothing was written.
              </p>
              <DataTable
                caption="Problems by row and column"
                rows={state.failure.errors.slice(0, 100)}
                rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
                columns={[
                  {
                    header: 'Row',
                    cell: (row) => formatNumber(row.row),
                    className: 'text-right tabular-nums',
                  },
                  { header: 'Column', cell: (row) => row.column },
                  { header: 'Problem', cell: (row) => row.message },
                ]}
              />
            </div>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={isBusy} onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!file || isBusy} onClick={() => void start()}>
              Import spend
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
