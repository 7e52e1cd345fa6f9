import { GWP_SETS_OF_PUBLISHED_CO2E, importFailureSchema, type ImportFailure } from '@ecc/contracts';
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
  selectClasses,
} from '@ecc/ui';
import { useState } from 'react';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { importEeioFactors } from './scope3-api.ts';

export interface EeioImportDialogProps {
  onImported: (result: { naicsCodes: number; factors: number }) => Promise<unknown>;
  onClose: () => void;
}

type ImportState =
  | { step: 'choosing' }
  | { step: 'reading' | 'importing'; fileName: string }
  | { step: 'refused'; fileName: string; failure: ImportFailure }
  | { step: 'failed'; message: string };

/**
 * Imports EPA's Supply Chain GHG Emission Factors CSV (or a file of the same columns) as the realm's EEIO factors:
 * the file is read in the browser, sent, and either every NAICS code is imported or the problems are listed by
 * row and column, nothing written.
 */
export function EeioImportDialog({ onImported, onClose }: EeioImportDialogProps) {
  const [file, setFile] = useState<File>();
  const [gwpSetId, setGwpSetId] = useState<(typeof GWP_SETS_OF_PUBLISHED_CO2E)[number]>('AR5');
  const [state, setState] = useState<ImportState>({ step: 'choosing' });
  const isBusy = state.step === 'reading' || state.step === 'importing';

  async function start() {
    if (!file) return;
    setState({ step: 'reading', fileName: file.name });
    const csv = await file.text();
    setState({ step: 'importing', fileName: file.name });
    try {
      const result = await importEeioFactors({ fileName: file.name, csv, gwpSetId });
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
          <DialogTitle>Import EEIO factors</DialogTitle>
          <DialogDescription>
            EPA&apos;s Supply Chain GHG Emission Factors CSV: each NAICS code becomes a factor at purchaser
            price (with margins) and one at producer price (without margins).
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Factor file (CSV)">
            <input
              type="file"
              accept=".csv,text/csv"
              disabled={isBusy}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </FormField>
          <FormField
            label="GWP set of the published CO2e"
            description="The edition's documentation names it."
          >
            <select
              className={selectClasses}
              value={gwpSetId}
              disabled={isBusy}
              onChange={(event) => setGwpSetId(event.target.value as typeof gwpSetId)}
            >
              {GWP_SETS_OF_PUBLISHED_CO2E.map((set) => (
                <option key={set} value={set}>
                  {set}
                </option>
              ))}
            </select>
          </FormField>
          {isBusy ? (
            <div className="grid gap-1" role="status">
              <span className="text-sm">
                {state.step === 'reading' ? 'Reading' : 'Importing'} {state.fileName}…
              </span>
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
              Import factors
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
