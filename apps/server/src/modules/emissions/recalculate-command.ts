import { createRealmRepository, type DatabaseHandle, type RecalculationRunRow } from '@ecc/db';
import { GWP_SET_IDS, isGwpSetId, realmGwpSetId } from '@ecc/domain';
import { InvalidInputError } from '#platform/errors.ts';
import { toRecalculationRunDto } from '#platform/recalculations.ts';
import { createRecalculationService } from './recalculation.service.ts';

export interface RecalculateCommandOutput {
  write(text: string): unknown;
}

function progressLine(run: RecalculationRunRow, startedAt: number): string {
  const { processed, total, failed, fraction } = toRecalculationRunDto(run);
  const seconds = (performance.now() - startedAt) / 1000;
  const rate = seconds > 0 ? Math.round(processed / seconds) : 0;
  return `${processed} of ${total} records (${(fraction * 100).toFixed(1)}%), ${failed} failed, ${rate} records/s\n`;
}

/**
 * `npm run ecc -- recalculate --realm KEY [--gwp AR5]`: recalculates the realm in the foreground with a progress
 * line per batch; on another set than the realm's, the realm moves to that set when the run completes. A run the
 * realm left unfinished (a stopped server or CLI) is resumed from its cursor.
 */
export async function runRecalculateCommand(
  database: DatabaseHandle,
  input: { realmKey: string; gwp: string | undefined },
  output: RecalculateCommandOutput,
): Promise<RecalculationRunRow> {
  if (input.gwp !== undefined && !isGwpSetId(input.gwp)) {
    throw new InvalidInputError([{ path: 'gwp', message: `Use one of ${GWP_SET_IDS.join(', ')}` }]);
  }
  const realm = await createRealmRepository(database.db).findByKey(input.realmKey);
  if (!realm)
    throw new InvalidInputError([{ path: 'realm', message: `No realm has the key ${input.realmKey}` }]);
  const gwp = input.gwp ?? realmGwpSetId(realm.properties);
  const startedAt = performance.now();
  const service = createRecalculationService(database, {
    onProgress: (run) => output.write(progressLine(run, startedAt)),
    logger: {
      warn: (details, message) => output.write(`${message}: ${String(details.recordIds)}\n`),
      error: (_details, message) => output.write(`${message}\n`),
    },
  });
  const unfinished = await service.findUnfinished(realm.id);
  let run: RecalculationRunRow | undefined;
  if (unfinished) {
    output.write(
      `Resuming recalculation ${unfinished.id} of realm ${realm.key} after ${unfinished.processed} of ${unfinished.total} records.\n`,
    );
    run = await service.runToEnd(unfinished);
  } else {
    const queued = await service.start(realm.id, { gwp });
    if (!queued)
      throw new InvalidInputError([
        { path: 'realm', message: `A recalculation of ${realm.key} has just started elsewhere` },
      ]);
    output.write(
      `Recalculating ${queued.total} records of realm ${realm.key} on ${gwp} (run ${queued.id}).\n`,
    );
    await service.whenIdle();
    run = await service.find(realm.id, queued.id);
  }
  if (!run)
    throw new Error('The recalculation stopped before it finished; run the command again to resume it');
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  output.write(
    run.status === 'completed'
      ? `Done: ${run.processed} records, ${run.failed} failed, in ${seconds} s.\n`
      : `Recalculation ${run.status}: ${run.error ?? 'unknown error'}\n`,
  );
  if (run.status !== 'completed') {
    throw new InvalidInputError([
      { path: 'realm', message: `Recalculation ${run.id} of ${realm.key} ${run.status}` },
    ]);
  }
  return run;
}
