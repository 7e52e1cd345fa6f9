import {
  recalculationEndpoints,
  type RecalculationRunDto,
  type RecalculationStartBody,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';

export type GwpSetId = NonNullable<RecalculationStartBody['gwp']>;

export const RECALCULATION_POLL_MS = 1000;

/** `GET /api/recalculations/:id`, polled until the run has finished. */
export function recalculationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['recalculations', id],
    queryFn: async ({ signal }) => callEndpoint(recalculationEndpoints.detail, { params: { id }, signal }),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : RECALCULATION_POLL_MS),
  });
}

export function isFinished(run: RecalculationRunDto | undefined): boolean {
  return run?.status === 'completed' || run?.status === 'failed';
}

/**
 * `POST /api/recalculations`: recalculates every activity record of the signed-in user's realm on `gwp`; on
 * another set than the realm's, the realm moves to it when the run completes.
 */
export async function startRecalculation(gwp: GwpSetId): Promise<RecalculationRunDto> {
  return callEndpoint(recalculationEndpoints.start, { body: { gwp } });
}
