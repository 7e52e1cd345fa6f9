import { Alert, AlertDescription } from '@ecc/ui';
import type { RecalculationState } from './use-recalculation.ts';

/** A recalculation's start error, or its progress as processed of total records in a progress bar. */
export function RecalculationStatus({
  state,
}: {
  state: Pick<RecalculationState, 'startError' | 'runError' | 'run'>;
}) {
  const { startError, runError, run } = state;
  return (
    <div aria-live="polite" className="grid gap-2">
      {startError && (
        <Alert kind="error">
          <AlertDescription>{startError}</AlertDescription>
        </Alert>
      )}
      {runError && (
        <Alert kind="error">
          <AlertDescription>{runError.message}</AlertDescription>
        </Alert>
      )}
      {run && (
        <>
          <div
            role="progressbar"
            aria-label="Recalculation progress"
            aria-valuemin={0}
            aria-valuemax={run.total}
            aria-valuenow={run.processed}
            className="h-2 w-full max-w-md overflow-hidden rounded bg-muted"
          >
            <div className="h-full bg-primary" style={{ width: `${Math.round(run.fraction * 100)}%` }} />
          </div>
          <p className="text-sm">
            {run.processed} of {run.total} records on {run.gwp}, {run.failed} failed — {run.status}
          </p>
          {run.error && <p className="text-sm text-destructive">{run.error}</p>}
        </>
      )}
    </div>
  );
}
