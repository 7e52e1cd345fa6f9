import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { recalculationQueryOptions, startRecalculation, type GwpSetId } from './recalculation-api.ts';

/** Starts a bulk recalculation of the user's realm and follows the run it started until it has finished. */
export function useRecalculation() {
  const [runId, setRunId] = useState<string>();
  const [startError, setStartError] = useState<string>();
  const [isStarting, setIsStarting] = useState(false);
  const run = useQuery({ ...recalculationQueryOptions(runId ?? ''), enabled: runId !== undefined });

  async function start(gwp: GwpSetId) {
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

  return {
    start,
    isStarting,
    /** Why the run could not start (a 409 while another runs, say). */
    startError,
    /** The run once started: its progress as last polled. */
    run: runId === undefined ? undefined : run.data,
    /** Why the run's progress could not be read. */
    runError: run.error ?? undefined,
  };
}

export type RecalculationState = ReturnType<typeof useRecalculation>;
