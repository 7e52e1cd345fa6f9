import { exportEndpoints, type ExportFormat, type ReportRun, type ReportSchedule } from '@ecc/contracts';
import type { Database, ScheduleTarget } from '@ecc/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listSchedules } from './report-schedules.service.ts';

/** A run of a schedule, or the schedule alone (`run` undefined) when it has not run yet. */
interface ScheduleRunRow {
  readonly schedule: ReportSchedule;
  readonly run: ReportRun | undefined;
}

const RUN_STATUS_LABELS: Readonly<Record<ReportRun['status'], string>> = {
  running: 'Running',
  sent: 'Sent',
  failed: 'Failed',
};

const dateOrNull = (text: string | null | undefined) => (text == null ? null : new Date(text));

/** The schedule list's columns (when, format, recipients, next run) and its run history's, a row per run. */
const SCHEDULE_RUN_COLUMNS: readonly ExportColumn<ScheduleRunRow>[] = [
  { header: 'Schedule (cron)', value: (row) => row.schedule.cron, width: 16 },
  { header: 'Time zone', value: (row) => row.schedule.timezone, width: 18 },
  { header: 'Format', value: (row) => row.schedule.format.toUpperCase(), width: 8 },
  { header: 'Recipients', value: (row) => row.schedule.recipients.join('; '), width: 36 },
  { header: 'Enabled', value: (row) => row.schedule.isEnabled, width: 8 },
  { header: 'Next run', value: (row) => dateOrNull(row.schedule.nextRunAt), width: 22 },
  { header: 'Run for slot', value: (row) => dateOrNull(row.run?.slot), width: 22 },
  {
    header: 'Status',
    value: (row) => (row.run ? RUN_STATUS_LABELS[row.run.status] : 'Not run yet'),
    width: 12,
  },
  { header: 'Started', value: (row) => dateOrNull(row.run?.startedOn), width: 22 },
  { header: 'Finished', value: (row) => dateOrNull(row.run?.finishedOn), width: 22 },
  { header: 'Error', value: (row) => row.run?.error ?? null, width: 40 },
];

function rowsOf(schedules: readonly ReportSchedule[]): ScheduleRunRow[] {
  return schedules.flatMap((schedule): ScheduleRunRow[] =>
    schedule.runs.length === 0
      ? [{ schedule, run: undefined }]
      : schedule.runs.map((run) => ({ schedule, run })),
  );
}

/**
 * `GET /api/exports/reports/:id/schedules` and `GET /api/exports/analysis/views/:id/schedules`: a report's or a
 * saved analysis's schedules with every run each has had, newest first (the page shows the newest ten), on the
 * same rules as the schedule lists they export.
 */
export function registerScheduleExportRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const callerOf = (request: FastifyRequest) => {
    const session = requireSession(request);
    return { realmId: session.realm.id, userId: session.user.id };
  };
  const exportSchedules = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: ScheduleTarget,
    format: ExportFormat,
  ) => {
    const { schedules } = await listSchedules(db, callerOf(request), target, Number.POSITIVE_INFINITY);
    return sendTableExport(request, reply, {
      format,
      name: `${target.kind}-schedules`,
      columns: SCHEDULE_RUN_COLUMNS,
      pages: [rowsOf(schedules)],
    });
  };

  api.route({
    ...endpointRoute(exportEndpoints.reportSchedules),
    config: { access: permissionAccess('read', 'Report', { route: 'reporting-analysis-report' }) },
    handler: async (request, reply) =>
      exportSchedules(request, reply, { kind: 'report', id: request.params.id }, request.query.format),
  });

  api.route({
    ...endpointRoute(exportEndpoints.analysisSchedules),
    config: { access: permissionAccess('read', 'Report', { route: 'reporting-analysis' }) },
    handler: async (request, reply) =>
      exportSchedules(request, reply, { kind: 'analysis', id: request.params.id }, request.query.format),
  });
}
