import { importFailureSchema, type ImportFailure } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
} from '@ecc/ui';
import { useState, type ReactNode } from 'react';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { ImportRowErrors } from '#lib/imports/import-row-errors.tsx';

export interface CsvImportDialogProps<Result> {
  title: string;
  description: ReactNode;
  fileLabel: string;
  submitLabel: string;
  /** Further fields of the import, disabled while it runs. */
  renderFields?: (isBusy: boolean) => ReactNode;
  /** Sends the file's text; a 422 with row errors lists them and nothing is written. */
  importFile: (file: { fileName: string; csv: string }) => Promise<Result>;
  /** When given, an .xlsx file is accepted too and sent here in base64, answered like `importFile`. */
  importWorkbook?: (file: { fileName: string; xlsx: string }) => Promise<Result>;
  onImported: (result: Result) => Promise<unknown>;
  onClose: () => void;
}

type ImportState =
  | { step: 'choosing' }
  | { step: 'reading' | 'importing'; fileName: string }
  | { step: 'refused'; fileName: string; failure: ImportFailure }
  | { step: 'failed'; message: string };

/** A workbook's bytes in base64, as JSON carries them (in chunks: spreading a large array overflows the stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

const isWorkbook = (file: File) => file.name.toLowerCase().endsWith('.xlsx');

/**
 * A CSV (or XLSX) file read in the browser and imported all or nothing: while it runs a progress line, then either the
 * dialog closes or every problem is listed by row and column (none hidden: the user fixes the file from it).
 */
export function CsvImportDialog<Result>({
  title,
  description,
  fileLabel,
  submitLabel,
  renderFields,
  importFile,
  importWorkbook,
  onImported,
  onClose,
}: CsvImportDialogProps<Result>) {
  const [file, setFile] = useState<File>();
  const [state, setState] = useState<ImportState>({ step: 'choosing' });
  const isBusy = state.step === 'reading' || state.step === 'importing';

  async function start() {
    if (!file) return;
    setState({ step: 'reading', fileName: file.name });
    const asWorkbook = importWorkbook !== undefined && isWorkbook(file) ? importWorkbook : undefined;
    // Read first (the 'reading' step), then sent (the 'importing' step).
    const send = asWorkbook
      ? await base64Of(file).then((xlsx) => () => asWorkbook({ fileName: file.name, xlsx }))
      : await file.text().then((csv) => () => importFile({ fileName: file.name, csv }));
    setState({ step: 'importing', fileName: file.name });
    try {
      const result = await send();
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label={fileLabel}>
            <input
              type="file"
              accept={
                importWorkbook === undefined
                  ? '.csv,text/csv'
                  : '.csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              }
              disabled={isBusy}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </FormField>
          {renderFields?.(isBusy)}
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
            <ImportRowErrors
              title={`${state.fileName} was not imported; nothing was written`}
              errors={state.failure.errors}
            />
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={isBusy} onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!file || isBusy} onClick={() => void start()}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
