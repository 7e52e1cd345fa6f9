import { organisationEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import {
  assertCanOnOwnRecord,
  canInOwnRealm,
  forbiddenMessage,
  permissionAccess,
  requireSession,
} from '#platform/route-access.ts';
import {
  createBusinessUnit,
  deleteBusinessUnit,
  deleteDenominator,
  type DenominatorOwner,
  listBusinessUnits,
  listDenominators,
  readBoundary,
  readCurrency,
  updateBoundary,
  updateCurrency,
  updateBusinessUnit,
  upsertDenominator,
} from './organisation.service.ts';
import { registerOrganisationExportRoutes } from './organisation-export.ts';

/**
 * The organisation and its reporting boundary (issue 11, item 1; decision 024), always of the session's realm.
 * Whoever may read facilities reads them (the inventory and the facility form need them); whoever manages the
 * realm's settings (`update Realm`: its administrators) changes them, except a facility's intensity figures, which
 * whoever may update that facility sets.
 */
export function registerOrganisationRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility') };
  const manage = { access: permissionAccess('update', 'Realm') };
  // A facility's figures are set by whoever may update that facility, the realm's by its administrators: the route
  // asks for the lesser right and `authorizeDenominatorChange` checks the figure's owner.
  const changeDenominator = { access: permissionAccess('update', 'Facility') };

  api.route({
    ...endpointRoute(organisationEndpoints.listBusinessUnits),
    config: read,
    handler: async (request) => listBusinessUnits(db, requireSession(request).realm.id),
  });
  registerOrganisationExportRoutes(app, db);

  api.route({
    ...endpointRoute(organisationEndpoints.createBusinessUnit),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      const created = await createBusinessUnit(db, session.realm.id, session.user, request.body);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.updateBusinessUnit),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateBusinessUnit(db, session.realm.id, session.user, request.params.id, request.body);
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.deleteBusinessUnit),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deleteBusinessUnit(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.boundary),
    config: read,
    handler: async (request) => readBoundary(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(organisationEndpoints.updateBoundary),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateBoundary(db, session.realm.id, session.user, request.body);
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.currency),
    config: read,
    handler: async (request) => readCurrency(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(organisationEndpoints.updateCurrency),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateCurrency(db, session.realm.id, session.user, request.body.currency);
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.listDenominators),
    config: read,
    handler: async (request) => listDenominators(db, requireSession(request).realm.id, request.query),
  });

  api.route({
    ...endpointRoute(organisationEndpoints.upsertDenominator),
    config: changeDenominator,
    handler: async (request) => {
      const session = requireSession(request);
      return upsertDenominator(db, session.realm.id, session.user, request.body, (owner) =>
        authorizeDenominatorChange(request, owner),
      );
    },
  });

  api.route({
    ...endpointRoute(organisationEndpoints.deleteDenominator),
    config: changeDenominator,
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deleteDenominator(db, session.realm.id, session.user, request.params.id, (owner) =>
        authorizeDenominatorChange(request, owner),
      );
      return reply.code(204).send();
    },
  });
}

async function authorizeDenominatorChange(request: FastifyRequest, owner: DenominatorOwner): Promise<void> {
  if (owner.kind === 'facility') {
    await assertCanOnOwnRecord(request, 'update', 'Facility', owner.facilityId);
    return;
  }
  if (!(await canInOwnRealm(request, 'update', 'Realm'))) {
    throw new HttpError(403, forbiddenMessage('update', 'Realm'));
  }
}
