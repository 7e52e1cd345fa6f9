import {
  activityRecordIdParamsSchema,
  activityRecordInputSchema,
  activityRecordListQuerySchema,
  activityRecordListResponseSchema,
  activityRecordPatchSchema,
  activityRecordSchema,
  activityRecordTrailResponseSchema,
  estimateFailureSchema,
  facilitySlugParamsSchema,
  facilityTrailQuerySchema,
  facilityTrailResponseSchema,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { PermissionAction } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import {
  ActivityCalculationError,
  activityRecordTrail,
  createActivityRecord,
  deleteActivityRecord,
  facilityTrail,
  listActivityRecords,
  updateActivityRecord,
} from './activities.service.ts';
import { registerActivityRecordExportRoute } from './activity-records-export.ts';

/**
 * A facility's whole list (up to 20,000 records) is built from typed rows; checking it again with the zod
 * serializer would add a large share of the answer's time.
 */
const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Activity records of a facility, their emission results and trails (issue 4, item 5). Every write
 * recalculates the record's results and appends to the audit log in the same transaction.
 */
export function registerActivityRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (action: PermissionAction) => ({
    access: permissionAccess(action, 'ActivityRecord', { route: 'facility' }),
  });
  registerActivityRecordExportRoute(app, db);

  api.get(
    '/api/facilities/:slug/activity-records',
    {
      config: access('read'),
      schema: {
        params: facilitySlugParamsSchema,
        querystring: activityRecordListQuerySchema,
        response: { 200: activityRecordListResponseSchema },
      },
      serializerCompiler: serializeAsJson,
    },
    async (request) =>
      listActivityRecords(db, requireSession(request).realm.id, request.params.slug, request.query),
  );

  api.post(
    '/api/facilities/:slug/activity-records',
    {
      config: access('create'),
      schema: {
        params: facilitySlugParamsSchema,
        body: activityRecordInputSchema,
        response: { 201: activityRecordSchema, 422: estimateFailureSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      try {
        const record = await createActivityRecord(
          db,
          session.realm.id,
          session.user,
          request.params.slug,
          request.body,
        );
        return reply.code(201).send(record);
      } catch (error) {
        if (error instanceof ActivityCalculationError) return reply.code(422).send(error.body);
        throw error;
      }
    },
  );

  api.patch(
    '/api/activity-records/:id',
    {
      config: access('update'),
      schema: {
        params: activityRecordIdParamsSchema,
        body: activityRecordPatchSchema,
        response: { 200: activityRecordSchema, 422: estimateFailureSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      try {
        return await updateActivityRecord(
          db,
          session.realm.id,
          session.user,
          request.params.id,
          request.body,
        );
      } catch (error) {
        if (error instanceof ActivityCalculationError) return reply.code(422).send(error.body);
        throw error;
      }
    },
  );

  api.delete(
    '/api/activity-records/:id',
    {
      config: access('delete'),
      schema: { params: activityRecordIdParamsSchema, response: { 200: activityRecordSchema } },
    },
    async (request) => {
      const session = requireSession(request);
      return deleteActivityRecord(db, session.realm.id, session.user, request.params.id);
    },
  );

  api.get(
    '/api/activity-records/:id/trail',
    {
      config: access('read'),
      schema: { params: activityRecordIdParamsSchema, response: { 200: activityRecordTrailResponseSchema } },
    },
    async (request) => activityRecordTrail(db, requireSession(request).realm.id, request.params.id),
  );

  api.get(
    '/api/facilities/:slug/trail',
    {
      config: access('read'),
      schema: {
        params: facilitySlugParamsSchema,
        querystring: facilityTrailQuerySchema,
        response: { 200: facilityTrailResponseSchema },
      },
    },
    async (request) =>
      facilityTrail(db, requireSession(request).realm.id, request.params.slug, request.query),
  );
}
