import {
  ANALYSIS_SCHEDULE_FORMATS,
  ANALYSIS_SCHEDULE_PDF_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  reportScheduleInputSchema,
  SCHEDULE_NOT_FOUND_MESSAGE,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@ecc/contracts';
import {
  createAnalysisViewRepository,
  createReportRepository,
  type Database,
  type ReportScheduleRow,
  type ReportScheduleRunRow,
  type ScheduleFields,
  type ScheduleTarget,
} from '@ecc/db';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { assertRunnableCron, nextSlotAfter } from './report-scheduler.ts';

function toSchedule(row: ReportScheduleRow, runs: readonly ReportScheduleRunRow[]): ReportSchedule {
  return {
    id: row.id,
    reportId: row.reportId,
    analysisViewId: row.analysisViewId,
    cron: row.cron,
    timezone: row.timezone,
    format: row.format,
    recipients: row.recipients,
    isEnabled: row.isEnabled,
    nextRunAt: row.isEnabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    runs: runs
      .filter((run) => run.scheduleId === row.id)
      .map((run) => ({
        id: run.id,
        slot: run.slot.toISOString(),
        status: run.status,
        error: run.error,
        startedOn: run.startedOn.toISOString(),
        finishedOn: run.finishedOn?.toISOString() ?? null,
      })),
  };
}

/**
 * The stored fields of a schedule: its cron checked (400 naming `body/cron`), a saved analysis's format one of its
 * table's (400 naming `body/format`), its next slot after now.
 */
function fieldsOf(target: ScheduleTarget, input: ReportScheduleInput, now: Date): ScheduleFields {
  const parsed = reportScheduleInputSchema.parse(input);
  if (target.kind === 'analysis' && !(ANALYSIS_SCHEDULE_FORMATS as readonly string[]).includes(parsed.format))
    throw fieldRefusal(400, { 'body/format': ANALYSIS_SCHEDULE_PDF_MESSAGE });
  assertRunnableCron(parsed.cron, parsed.timezone);
  return {
    cron: parsed.cron,
    timezone: parsed.timezone,
    format: parsed.format,
    recipients: parsed.recipients.map((recipient) => recipient.toLowerCase()),
    isEnabled: parsed.isEnabled,
    nextRunAt: parsed.isEnabled ? nextSlotAfter(parsed.cron, parsed.timezone, now) : null,
  };
}

export const ANALYSIS_VIEW_NOT_FOUND_MESSAGE = 'No saved analysis has this id';

/** Who asks: a saved analysis's schedules are reached only through a view the caller can see. */
export interface ScheduleCaller {
  readonly realmId: string;
  readonly userId: string;
}

/** 404 unless the report exists in the realm, or the saved analysis is the caller's own or shared. */
async function requireTarget(db: Database, caller: ScheduleCaller, target: ScheduleTarget): Promise<void> {
  if (target.kind === 'report') {
    if (!(await createReportRepository(db).find(caller.realmId, target.id)))
      throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
    return;
  }
  const view = await createAnalysisViewRepository(db).findVisible(caller.realmId, caller.userId, target.id);
  if (!view) throw new HttpError(404, ANALYSIS_VIEW_NOT_FOUND_MESSAGE);
}

/** A target's schedules with their newest runs: as many as the page shows unless `runsPerSchedule` says more. */
export async function listSchedules(
  db: Database,
  caller: ScheduleCaller,
  target: ScheduleTarget,
  runsPerSchedule?: number,
): Promise<{ schedules: ReportSchedule[] }> {
  await requireTarget(db, caller, target);
  const repository = createReportRepository(db);
  const rows = await repository.schedules(caller.realmId, target);
  const runs = await repository.runs(
    caller.realmId,
    rows.map((row) => row.id),
    runsPerSchedule,
  );
  return { schedules: rows.map((row) => toSchedule(row, runs)) };
}

export async function createSchedule(
  db: Database,
  caller: ScheduleCaller,
  target: ScheduleTarget,
  input: ReportScheduleInput,
  now: Date,
): Promise<ReportSchedule> {
  const fields = fieldsOf(target, input, now);
  await requireTarget(db, caller, target);
  const row = await createReportRepository(db).createSchedule(caller.realmId, target, fields, caller.userId);
  return toSchedule(row, []);
}

export async function updateSchedule(
  db: Database,
  caller: ScheduleCaller,
  target: ScheduleTarget,
  id: string,
  input: ReportScheduleInput,
  now: Date,
): Promise<ReportSchedule> {
  const fields = fieldsOf(target, input, now);
  await requireTarget(db, caller, target);
  const repository = createReportRepository(db);
  const row = await repository.updateSchedule(caller.realmId, target, id, fields, now);
  if (!row) throw new HttpError(404, SCHEDULE_NOT_FOUND_MESSAGE);
  return toSchedule(row, await repository.runs(caller.realmId, [row.id]));
}

export async function deleteSchedule(
  db: Database,
  caller: ScheduleCaller,
  target: ScheduleTarget,
  id: string,
): Promise<void> {
  await requireTarget(db, caller, target);
  if (!(await createReportRepository(db).deleteSchedule(caller.realmId, target, id)))
    throw new HttpError(404, SCHEDULE_NOT_FOUND_MESSAGE);
}
