import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { realmQueryKey } from '../realm/realm-queries.ts';
import {
  isFinished,
  recalculationQueryOptions,
  startRecalculation,
  type GwpSetId,
} from './recalculation-api.ts';

/**
 * Starts a bulk recalculation of the user's realm and follows it until it has finished. A completed run may have
 * moved the realm to another GWP set and changed every figure: the realm and the facility figures are fetched
 * again.
 */
export function useRecalculation() {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string>();
  const [startError, setStartError] = useState<string>();
  const [isStarting, setIsStarting] = useState(false);
  const run = useQuery({ ...recalculationQueryOptions(runId ?? ''), enabled: runId !== undefined });
  const isDone = run.data?.status === 'completed';

  useEffect(() => {
    if (!isDone) return;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: realmQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['facilities'] }),
      queryClient.invalidateQueries({ queryKey: ['realm-settings'] }),
    ]);
  }, [isDone, queryClient]);

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
    /** Whether a run is under way (queued or running, as last polled). */
    isRunning: run.data !== undefined && !isFinished(run.data),
    /** Why the run's progress could not be read. */
    runError: run.error ?? undefined,
  };
}

export type RecalculationState = ReturnType<typeof useRecalculation>;
