import {
  REPORT_NOT_FOUND_MESSAGE,
  reportScheduleInputSchema,
  SCHEDULE_NOT_FOUND_MESSAGE,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@ecc/contracts';
import {
  createReportRepository,
  type Database,
  type ReportScheduleRow,
  type ReportScheduleRunRow,
  type ScheduleFields,
} from '@ecc/db';
import { HttpError } from '#platform/errors.ts';
import { assertRunnableCron, nextSlotAfter } from './report-scheduler.ts';

function toSchedule(row: ReportScheduleRow, runs: readonly ReportScheduleRunRow[]): ReportSchedule {
  return {
    id: row.id,
    reportId: row.reportId,
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

/** The stored fields of a schedule: its cron checked (400 naming `body/cron`), its next slot after now. */
function fieldsOf(input: ReportScheduleInput, now: Date): ScheduleFields {
  const parsed = reportScheduleInputSchema.parse(input);
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

async function requireReport(db: Database, realmId: string, reportId: string): Promise<void> {
  if (!(await createReportRepository(db).find(realmId, reportId)))
    throw new HttpError(404, REPORT_NOT_FOUND_MESSAGE);
}

export async function listSchedules(
  db: Database,
  realmId: string,
  reportId: string,
): Promise<{ schedules: ReportSchedule[] }> {
  await requireReport(db, realmId, reportId);
  const repository = createReportRepository(db);
  const rows = await repository.schedules(realmId, reportId);
  const runs = await repository.runs(
    realmId,
    rows.map((row) => row.id),
  );
  return { schedules: rows.map((row) => toSchedule(row, runs)) };
}

export async function createSchedule(
  db: Database,
  realmId: string,
  reportId: string,
  input: ReportScheduleInput,
  options: { createdBy: string; now: Date },
): Promise<ReportSchedule> {
  const fields = fieldsOf(input, options.now);
  await requireReport(db, realmId, reportId);
  const row = await createReportRepository(db).createSchedule(realmId, reportId, fields, options.createdBy);
  return toSchedule(row, []);
}

export async function updateSchedule(
  db: Database,
  realmId: string,
  reportId: string,
  id: string,
  input: ReportScheduleInput,
  now: Date,
): Promise<ReportSchedule> {
  const fields = fieldsOf(input, now);
  const repository = createReportRepository(db);
  const row = await repository.updateSchedule(realmId, reportId, id, fields, now);
  if (!row) throw new HttpError(404, SCHEDULE_NOT_FOUND_MESSAGE);
  return toSchedule(row, await repository.runs(realmId, [row.id]));
}

export async function deleteSchedule(
  db: Database,
  realmId: string,
  reportId: string,
  id: string,
): Promise<void> {
  if (!(await createReportRepository(db).deleteSchedule(realmId, reportId, id)))
    throw new HttpError(404, SCHEDULE_NOT_FOUND_MESSAGE);
}
