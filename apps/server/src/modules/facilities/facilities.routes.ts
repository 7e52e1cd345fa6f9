import { facilityEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerKeyOf, sendAnswer, serialisedAnswer, type AnswerCache } from '#platform/answer-cache.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { assertCan, assertCanOnOwnRecord, permissionAccess, requireSession } from '#platform/route-access.ts';
import {
  createFacility,
  FACILITY_NOT_FOUND,
  facilityDetail,
  facilityMap,
  listFacilities,
  listSectors,
  listStates,
  updateFacility,
} from './facilities.service.ts';
import { registerFacilityExportRoute } from './facilities-export.ts';
import { registerFacilityReportedExportRoute } from './facility-reported-export.ts';

/**
 * The facility list and the facility view's data (issue 4, item 5), and facilities managed in the product
 * (issue 10, item 2): created, edited, archived and brought back by those who may create and update them. The list
 * and view are answered from `answers`, serialised once (decision 046).
 */
export function registerFacilityRoutes(app: FastifyInstance, db: Database, answers: AnswerCache): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readFacility = { access: permissionAccess('read', 'Facility', { route: 'facility' }) };

  api.route({
    ...endpointRoute(facilityEndpoints.list),
    config: readFacility,
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const gwpSetId = realmGwpSetId(realm.properties);
      const key = answerKeyOf(request, ['list', gwpSetId, request.query]);
      const answer = await answers.get(realm.id, key, async () =>
        serialisedAnswer(reply, await listFacilities(db, realm.id, gwpSetId, request.query)),
      );
      return sendAnswer(reply, answer);
    },
  });

  registerFacilityExportRoute(app, db);
  registerFacilityReportedExportRoute(app, db);

  api.route({
    ...endpointRoute(facilityEndpoints.sectors),
    config: readFacility,
    handler: async (request) => listSectors(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(facilityEndpoints.states),
    config: readFacility,
    handler: async (request) => listStates(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(facilityEndpoints.map),
    config: readFacility,
    handler: async (request) => facilityMap(db, requireSession(request).realm.id, request.query),
  });

  api.route({
    ...endpointRoute(facilityEndpoints.detail),
    config: readFacility,
    // The facility is found once and checked by its id (`read Facility`, as `assertCanReadFacility` does), on
    // every answer, kept or not: one user's load may serve another's request.
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const gwpSetId = realmGwpSetId(realm.properties);
      const { slug } = request.params;
      const key = answerKeyOf(request, ['detail', gwpSetId, slug, request.query]);
      const answer = await answers.get(realm.id, key, async () => {
        const { facilityId, detail } = await facilityDetail(db, realm.id, gwpSetId, slug, request.query);
        return serialisedAnswer(reply, detail, facilityId);
      });
      await assertCanOnOwnRecord(request, 'read', 'Facility', answer.recordId ?? '');
      return sendAnswer(reply, answer);
    },
  });

  api.route({
    ...endpointRoute(facilityEndpoints.create),
    config: { access: permissionAccess('create', 'Facility', { route: 'facility' }), isRealmDataWrite: true },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const created = await createFacility(db, session.realm.id, session.user, request.body);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(facilityEndpoints.update),
    config: { access: permissionAccess('update', 'Facility', { route: 'facility' }), isRealmDataWrite: true },
    handler: async (request) => {
      const session = requireSession(request);
      return updateFacility(
        db,
        session.realm.id,
        session.user,
        request.params.slug,
        request.body,
        (facility) =>
          assertCan(
            request,
            'update',
            'Facility',
            { realmId: facility.realmId, id: facility.id },
            FACILITY_NOT_FOUND,
          ),
      );
    },
  });
}
