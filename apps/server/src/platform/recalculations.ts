import type { RecalculationRunDto } from '@ecc/contracts';
import type { RecalculationRunRow } from '@ecc/db';
import { isGwpSetId, REPORTING_GWP_SET_ID, type GwpSetId } from '@ecc/domain';

/**
 * What other modules may ask of the bulk recalculation (the service is `modules/emissions`, created once in
 * buildApp): the realm settings start one to move a realm to another GWP set (decision 020).
 */
export interface RecalculationStarter {
  /**
   * Queues a run over the realm's records and starts it in the background; undefined when one is queued or
   * running. Without `gwp` it runs on the realm's own set; on another set, its last step moves the realm there.
   */
  start(
    realmId: string,
    input: { gwp?: GwpSetId; createdBy?: string | null },
  ): Promise<RecalculationRunRow | undefined>;
  findUnfinished(realmId: string): Promise<RecalculationRunRow | undefined>;
}

export function toRecalculationRunDto(run: RecalculationRunRow): RecalculationRunDto {
  return {
    id: run.id,
    status: run.status,
    // A run stored with a set this version does not know fails when it runs; it is shown on the default set.
    gwp: isGwpSetId(run.gwpSetId) ? run.gwpSetId : REPORTING_GWP_SET_ID,
    processed: run.processed,
    total: run.total,
    failed: run.failed,
    fraction: run.total === 0 ? (run.status === 'completed' ? 1 : 0) : Math.min(run.processed / run.total, 1),
    failures: run.failures,
    error: run.error,
    createdOn: run.createdOn.toISOString(),
    startedOn: run.startedOn?.toISOString() ?? null,
    finishedOn: run.finishedOn?.toISOString() ?? null,
  };
}
