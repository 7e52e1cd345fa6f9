import { Alert, AlertDescription, Button, Label, controlClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { recalculationQueryOptions, startRecalculation, type GwpSetId } from './emission-factors-api.ts';

const GWP_SETS: GwpSetId[] = ['AR4', 'AR5', 'AR6'];

/** Starts a bulk recalculation of the realm's emission results and follows its progress. */
export function RecalculationPanel() {
  const [gwp, setGwp] = useState<GwpSetId>('AR5');
  const [runId, setRunId] = useState<string>();
  const [startError, setStartError] = useState<string>();
  const [isStarting, setIsStarting] = useState(false);
  const run = useQuery({ ...recalculationQueryOptions(runId ?? ''), enabled: runId !== undefined });

  async function start() {
    setIsStarting(true);
    setStartError(undefined);
    try {
      setRunId((await startRecalculation(gwp)).id);
    } catch (error) {
      setStartError((error as Error).message);
    } finally {
      setIsStarting(false);
    }
  }

  const progress = runId === undefined ? undefined : run.data;
  return (
    <section aria-labelledby="recalculation-heading" className="grid gap-3">
      <h2 id="recalculation-heading" className="text-lg font-semibold">
        Recalculation
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="recalculation-gwp">GWP set</Label>
          <select
            id="recalculation-gwp"
            className={controlClasses}
            value={gwp}
            onChange={(event) => setGwp(event.target.value as GwpSetId)}
          >
            {GWP_SETS.map((set) => (
              <option key={set} value={set}>
                {set}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void start()} disabled={isStarting}>
          Recalculate all emissions
        </Button>
      </div>
      <div aria-live="polite" className="grid gap-2">
        {startError && (
          <Alert kind="error">
            <AlertDescription>{startError}</AlertDescription>
          </Alert>
        )}
        {run.error && (
          <Alert kind="error">
            <AlertDescription>{run.error.message}</AlertDescription>
          </Alert>
        )}
        {progress && (
          <>
            <div
              role="progressbar"
              aria-label="Recalculation progress"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.processed}
              className="h-2 w-full max-w-md overflow-hidden rounded bg-muted"
            >
              <div
                className="h-full bg-primary"
                style={{ width: `${Math.round(progress.fraction * 100)}%` }}
              />
            </div>
            <p className="text-sm">
              {progress.processed} of {progress.total} records, {progress.failed} failed — {progress.status}
            </p>
            {progress.error && <p className="text-sm text-destructive">{progress.error}</p>}
          </>
        )}
      </div>
    </section>
  );
}
