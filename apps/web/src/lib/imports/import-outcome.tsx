import { Alert, AlertDescription, AlertTitle, Button, DialogFooter } from '@ecc/ui';
import type { ReactNode } from 'react';
import { ImportRowsRejectedError } from './import-api.ts';
import { ImportProgressBar, ImportRowErrors } from './import-row-errors.tsx';
import type { ImportUpload } from './use-import-upload.ts';

export interface ImportOutcomeProps<Result> {
  upload: ImportUpload<Result>;
  /** Shown while the upload runs and the server has not yet said how many rows it writes. */
  waitingText?: string;
  successTitle: (result: Result) => string;
  successDescription: (result: Result) => string;
  /** The import button's text before the upload starts. */
  importLabel: string;
  /** Whether what was chosen can be imported; the button is off meanwhile, and while an upload runs. */
  canImport: boolean;
  /** What the dialog says before the upload starts (the file's check); replaced by the upload's outcome. */
  status?: ReactNode;
  /**
   * A failed upload's message for the outcome; undefined when the dialog shows it on its fields (a 400's
   * `fieldErrors`). By default the error's message.
   */
  failureText?: (error: Error) => string | undefined;
  onClose: () => void;
}

/**
 * The last step of an import dialog, with one message at a time so that two never contradict: the file's check
 * before the upload, then its progress, the rows the server refused, a failure or what was imported, announced as
 * they come; then Cancel (Close once imported) and the import button.
 */
export function ImportOutcome<Result>({
  upload: { mutation, progress },
  waitingText,
  successTitle,
  successDescription,
  importLabel,
  canImport,
  status,
  failureText = (error) => error.message,
  onClose,
}: ImportOutcomeProps<Result>) {
  const result = mutation.data;
  const rejected = mutation.error instanceof ImportRowsRejectedError ? mutation.error : undefined;
  let running: ReactNode = null;
  if (mutation.isPending && progress) {
    running = <ImportProgressBar label="Import progress" done={progress.done} total={progress.total} />;
  } else if (mutation.isPending && waitingText) {
    running = <p className="text-muted-foreground text-sm">{waitingText}</p>;
  }

  return (
    <>
      <div aria-live="polite" className="grid gap-4">
        {mutation.isIdle ? status : null}
        {running}
        {rejected ? <ImportRowErrors title={rejected.message} errors={rejected.errors} /> : null}
        {mutation.isError && !rejected ? (
          <Alert kind="error">
            <AlertTitle>The import failed; nothing was imported</AlertTitle>
            <AlertDescription>{failureText(mutation.error) ?? 'The fields above say why.'}</AlertDescription>
          </Alert>
        ) : null}
        {result !== undefined ? (
          <Alert kind="success">
            <AlertTitle>{successTitle(result)}</AlertTitle>
            <AlertDescription>{successDescription(result)}</AlertDescription>
          </Alert>
        ) : null}
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {result === undefined ? 'Cancel' : 'Close'}
        </Button>
        {result === undefined ? (
          <Button disabled={!canImport || mutation.isPending} onClick={() => mutation.mutate()}>
            {mutation.isPending ? 'Importing…' : importLabel}
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}
