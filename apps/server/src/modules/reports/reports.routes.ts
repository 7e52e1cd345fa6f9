import { analysisScheduleEndpoints, reportEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import type { Mailer } from '#platform/mailer.ts';
import { canInOwnRealm, permissionAccess, requireSession } from '#platform/route-access.ts';
import type { FastifyRequest } from 'fastify';
import { renderReportFile } from './report-export.ts';
import { registerScheduleExportRoutes } from './report-schedules-export.ts';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './report-schedules.service.ts';
import { createReportScheduler } from './report-scheduler.ts';
import {
  appendReportSection,
  createReport,
  listReports,
  readReport,
  saveReport,
  transitionReport,
} from './reports.service.ts';

/**
 * The report builder and scheduled reports (issue 11 items 4 and 6; decision 030), always of the session's realm
 * and on the plans of `/reporting/analysis/report`. Readers of reports read and export them; authors (`create` /
 * `update Report`) write them and submit them for review; approving or returning one takes `manage Report`
 * (administrators). Schedules mail the report, so they take `update Report`.
 */
export function registerReportRoutes(
  app: FastifyInstance,
  db: Database,
  options: { mailer: Mailer; webDistDir: string; now: () => Date },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const route = { route: 'reporting-analysis-report' } as const;
  const read = { access: permissionAccess('read', 'Report', route) };
  const create = { access: permissionAccess('create', 'Report', route) };
  const update = { access: permissionAccess('update', 'Report', route) };
  const { now, webDistDir } = options;

  registerScheduleExportRoutes(app, db);

  const scheduler = createReportScheduler({ db, mailer: options.mailer, webDistDir, log: app.log, now });
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  api.route({
    ...endpointRoute(reportEndpoints.list),
    config: read,
    handler: async (request) => listReports(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(reportEndpoints.create),
    config: create,
    handler: async (request, reply) => {
      const session = requireSession(request);
      return reply.code(201).send(await createReport(db, session.realm.id, session.user, request.body));
    },
  });

  api.route({
    ...endpointRoute(reportEndpoints.get),
    config: read,
    handler: async (request) => readReport(db, requireSession(request).realm.id, request.params.id),
  });

  api.route({
    ...endpointRoute(reportEndpoints.version),
    config: read,
    handler: async (request) =>
      readReport(db, requireSession(request).realm.id, request.params.id, request.params.number),
  });

  api.route({
    ...endpointRoute(reportEndpoints.save),
    config: update,
    handler: async (request) => {
      const session = requireSession(request);
      return saveReport(db, session.realm.id, session.user, request.params.id, request.body, now());
    },
  });

  api.route({
    ...endpointRoute(reportEndpoints.appendSection),
    config: update,
    handler: async (request) => {
      const session = requireSession(request);
      return appendReportSection(
        db,
        session.realm.id,
        session.user,
        request.params.id,
        request.body.section,
        now(),
      );
    },
  });

  api.route({
    ...endpointRoute(reportEndpoints.transition),
    config: update,
    handler: async (request) => {
      const session = requireSession(request);
      const canApprove = await canInOwnRealm(request, 'manage', 'Report');
      return transitionReport(db, session.realm.id, session.user, request.params.id, request.body.action, {
        canApprove,
        now: now(),
      });
    },
  });

  api.route({
    ...endpointRoute(reportEndpoints.export),
    config: read,
    handler: async (request, reply) => {
      const session = requireSession(request);
      const file = await renderReportFile(db, session.realm.id, request.params.id, request.query, {
        webDistDir,
        now: now(),
        onStreamFailure: (error) => request.log.error({ err: error }, 'Report export failed while streaming'),
        onWarning: (message) => request.log.warn(message),
      });
      return reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  });

  const callerOf = (request: FastifyRequest) => {
    const session = requireSession(request);
    return { realmId: session.realm.id, userId: session.user.id };
  };
  const reportTarget = (id: string) => ({ kind: 'report', id }) as const;
  const analysisTarget = (id: string) => ({ kind: 'analysis', id }) as const;

  api.route({
    ...endpointRoute(reportEndpoints.schedules),
    config: read,
    handler: async (request) => listSchedules(db, callerOf(request), reportTarget(request.params.id)),
  });

  api.route({
    ...endpointRoute(reportEndpoints.createSchedule),
    config: update,
    handler: async (request, reply) => {
      const target = reportTarget(request.params.id);
      const created = await createSchedule(db, callerOf(request), target, request.body, now());
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(reportEndpoints.updateSchedule),
    config: update,
    handler: async (request) =>
      updateSchedule(
        db,
        callerOf(request),
        reportTarget(request.params.id),
        request.params.scheduleId,
        request.body,
        now(),
      ),
  });

  api.route({
    ...endpointRoute(reportEndpoints.deleteSchedule),
    config: update,
    handler: async (request, reply) => {
      await deleteSchedule(db, callerOf(request), reportTarget(request.params.id), request.params.scheduleId);
      return reply.code(204).send();
    },
  });

  // A saved analysis's schedules: on the analysis page's plans; mailing the realm's numbers takes what a report's
  // schedule takes (`update Report`), and the view must be one the caller sees.
  const analysisRoute = { route: 'reporting-analysis' } as const;
  const readAnalysisSchedules = { access: permissionAccess('read', 'Report', analysisRoute) };
  const writeAnalysisSchedules = { access: permissionAccess('update', 'Report', analysisRoute) };

  api.route({
    ...endpointRoute(analysisScheduleEndpoints.list),
    config: readAnalysisSchedules,
    handler: async (request) => listSchedules(db, callerOf(request), analysisTarget(request.params.id)),
  });

  api.route({
    ...endpointRoute(analysisScheduleEndpoints.create),
    config: writeAnalysisSchedules,
    handler: async (request, reply) => {
      const target = analysisTarget(request.params.id);
      const created = await createSchedule(db, callerOf(request), target, request.body, now());
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(analysisScheduleEndpoints.update),
    config: writeAnalysisSchedules,
    handler: async (request) =>
      updateSchedule(
        db,
        callerOf(request),
        analysisTarget(request.params.id),
        request.params.scheduleId,
        request.body,
        now(),
      ),
  });

  api.route({
    ...endpointRoute(analysisScheduleEndpoints.delete),
    config: writeAnalysisSchedules,
    handler: async (request, reply) => {
      await deleteSchedule(
        db,
        callerOf(request),
        analysisTarget(request.params.id),
        request.params.scheduleId,
      );
      return reply.code(204).send();
    },
  });
}
