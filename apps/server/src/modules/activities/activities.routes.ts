import { activityRecordEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId, type PermissionAction } from '@ecc/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerKeyOf, sendAnswer, serialisedAnswer, type AnswerCache } from '#platform/answer-cache.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { assertCanReadFacility } from '#platform/facility-access.ts';
import { assertCanOnOwnRecord, permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport } from '#platform/table-export.ts';
import {
  ActivityCalculationError,
  createActivityRecord,
  deleteActivityRecord,
  listFacilityActivityRecords,
  updateActivityRecord,
} from './activities.service.ts';
import {
  activityRecordTrail,
  activityRecordTrailEntries,
  facilityTrail,
  facilityTrailEntries,
  type TrailCsvEntry,
} from './activity-trail.ts';
import { trailCsv, trailTable, type TrailCell } from './trail-csv.ts';
import { registerActivityRecordExportRoute } from './activity-records-export.ts';

/**
 * A facility's whole list (up to 20,000 records) is built from typed rows; checking it again with the zod
 * serializer would add a large share of the answer's time.
 */
const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/** The engine's refusal of a write is an answer (422 naming each field), not an error. */
async function answeringCalculationErrors<Result>(
  reply: FastifyReply,
  work: () => Promise<Result>,
): Promise<Result | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ActivityCalculationError) return reply.code(422).send(error.body);
    throw error;
  }
}

/** The trail as a workbook with the CSV's columns; a cell the CSV leaves empty is an empty cell, not text. */
function sendTrailWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  entries: readonly TrailCsvEntry[],
): FastifyReply {
  const { fields, rows } = trailTable(entries);
  return sendTableExport<readonly TrailCell[]>(request, reply, {
    format: 'xlsx',
    name: `trail-${name}`,
    columns: fields.map((header, index) => ({
      header,
      value: (row) => (row[index] === '' ? null : row[index]),
    })),
    pages: [rows],
  });
}

/** A CSV download named after what it holds (`name` reduced to characters safe in the header). */
function sendCsv(reply: FastifyReply, name: string, csv: string): FastifyReply {
  const fileName = `trail-${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}

/**
 * Activity records of a facility, their emission results and trails (issue 4, item 5; issue 10, items 6 and
 * 12). Every write recalculates the record's results and appends to the audit log in the same transaction; a
 * change or deletion made on an older version of a record is refused (409 with the record as it is now).
 */
export function registerActivityRoutes(app: FastifyInstance, db: Database, answers: AnswerCache): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (action: PermissionAction) => ({
    access: permissionAccess(action, 'ActivityRecord', { route: 'facility' }),
  });
  registerActivityRecordExportRoute(app, db);

  api.route({
    ...endpointRoute(activityRecordEndpoints.list),
    config: access('read'),
    serializerCompiler: serializeAsJson,
    // Kept like the facility view (decision 046): the facility's id is kept with the answer and checked on every
    // answer (`read Facility`), as one user's load may serve another's request.
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const { slug } = request.params;
      const key = answerKeyOf(request, ['records', realmGwpSetId(realm.properties), slug, request.query]);
      const answer = await answers.get(realm.id, key, async () => {
        const { facilityId, list } = await listFacilityActivityRecords(db, realm.id, slug, request.query);
        return serialisedAnswer(reply, list, facilityId);
      });
      await assertCanOnOwnRecord(request, 'read', 'Facility', answer.recordId ?? '');
      return sendAnswer(reply, answer);
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.create),
    config: { ...access('create'), isRealmDataWrite: true },
    handler: async (request, reply) => {
      const session = requireSession(request);
      return answeringCalculationErrors(reply, async () =>
        reply
          .code(201)
          .send(
            await createActivityRecord(
              db,
              session.realm.id,
              session.user,
              request.params.slug,
              request.body,
              (facilityId) => assertCanOnOwnRecord(request, 'read', 'Facility', facilityId),
            ),
          ),
      );
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.update),
    config: { ...access('update'), isRealmDataWrite: true },
    handler: async (request, reply) => {
      const session = requireSession(request);
      await assertCanOnOwnRecord(request, 'update', 'ActivityRecord', request.params.id);
      return answeringCalculationErrors(reply, () =>
        updateActivityRecord(db, session.realm.id, session.user, request.params.id, request.body),
      );
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.remove),
    config: { ...access('delete'), isRealmDataWrite: true },
    handler: async (request) => {
      const session = requireSession(request);
      await assertCanOnOwnRecord(request, 'delete', 'ActivityRecord', request.params.id);
      return deleteActivityRecord(
        db,
        session.realm.id,
        session.user,
        request.params.id,
        request.query.version,
      );
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.trail),
    config: access('read'),
    handler: async (request) => {
      await assertCanOnOwnRecord(request, 'read', 'ActivityRecord', request.params.id);
      return activityRecordTrail(db, requireSession(request).realm.id, request.params.id);
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.facilityTrail),
    config: access('read'),
    handler: async (request) => {
      await assertCanReadFacility(request, db, request.params.slug);
      return facilityTrail(db, requireSession(request).realm.id, request.params.slug, request.query);
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.trailCsv),
    config: access('read'),
    handler: async (request, reply) => {
      await assertCanOnOwnRecord(request, 'read', 'ActivityRecord', request.params.id);
      const entries = await activityRecordTrailEntries(
        db,
        requireSession(request).realm.id,
        request.params.id,
      );
      return sendCsv(reply, request.params.id, trailCsv(entries));
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.facilityTrailCsv),
    config: access('read'),
    handler: async (request, reply) => {
      const { slug } = request.params;
      await assertCanReadFacility(request, db, slug);
      const entries = await facilityTrailEntries(db, requireSession(request).realm.id, slug, request.query);
      return sendCsv(reply, slug, trailCsv(entries));
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.trailXlsx),
    config: access('read'),
    handler: async (request, reply) => {
      await assertCanOnOwnRecord(request, 'read', 'ActivityRecord', request.params.id);
      const entries = await activityRecordTrailEntries(
        db,
        requireSession(request).realm.id,
        request.params.id,
      );
      return sendTrailWorkbook(request, reply, request.params.id, entries);
    },
  });

  api.route({
    ...endpointRoute(activityRecordEndpoints.facilityTrailXlsx),
    config: access('read'),
    handler: async (request, reply) => {
      const { slug } = request.params;
      await assertCanReadFacility(request, db, slug);
      const entries = await facilityTrailEntries(db, requireSession(request).realm.id, slug, request.query);
      return sendTrailWorkbook(request, reply, slug, entries);
    },
  });
}
