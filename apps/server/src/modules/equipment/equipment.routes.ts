import { equipmentEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { assertCanOnOwnRecord, permissionAccess, requireSession } from '#platform/route-access.ts';
import { registerEquipmentExportRoute } from './equipment-export.ts';
import { createEquipmentService } from './equipment.service.ts';

/**
 * The equipment manager (issue 4, item 6): equipment types (a JSON Schema per version), the equipment at the
 * realm's facilities, and the facilities as sites. The realm is always the session's; another realm's ids
 * answer 404 like missing ones.
 */
export function registerEquipmentRoutes(app: FastifyInstance, db: Database): void {
  const service = createEquipmentService(db);

  void app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.route({
      ...endpointRoute(equipmentEndpoints.types),
      config: { access: permissionAccess('read', 'EquipmentType') },
      handler: async (request) => service.listTypes(requireSession(request).realm.id),
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.type),
      config: { access: permissionAccess('read', 'EquipmentType') },
      handler: async (request) => {
        const type = await service.getType(requireSession(request).realm.id, request.params.key);
        await assertCanOnOwnRecord(request, 'read', 'EquipmentType', type.id);
        return type;
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.createType),
      config: { access: permissionAccess('create', 'EquipmentType', { route: 'equipment-manager-admin' }) },
      handler: async (request, reply) => {
        const session = requireSession(request);
        const created = await service.createType(session.realm.id, session.user.id, request.body);
        return reply.code(201).send(created);
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.createTypeVersion),
      config: { access: permissionAccess('update', 'EquipmentType', { route: 'equipment-manager-admin' }) },
      handler: async (request, reply) => {
        const session = requireSession(request);
        const type = await service.getType(session.realm.id, request.params.key);
        await assertCanOnOwnRecord(request, 'update', 'EquipmentType', type.id);
        const updated = await service.addTypeVersion(
          session.realm.id,
          session.user.id,
          request.params.key,
          request.body,
        );
        return reply.code(201).send(updated);
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.sites),
      config: { access: permissionAccess('read', 'Equipment') },
      handler: async (request) => service.listSites(requireSession(request).realm.id),
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.list),
      config: { access: permissionAccess('read', 'Equipment') },
      handler: async (request) => service.listEquipment(requireSession(request).realm.id, request.query),
    });

    registerEquipmentExportRoute(scope, service);

    routes.route({
      ...endpointRoute(equipmentEndpoints.detail),
      config: { access: permissionAccess('read', 'Equipment') },
      handler: async (request) => {
        await assertCanOnOwnRecord(request, 'read', 'Equipment', request.params.id);
        return service.getEquipment(requireSession(request).realm.id, request.params.id);
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.create),
      config: { access: permissionAccess('create', 'Equipment'), isRealmDataWrite: true },
      handler: async (request, reply) => {
        // The item goes to a facility: a grant limited to some facilities must reach this one.
        await assertCanOnOwnRecord(request, 'read', 'Facility', request.body.facilityId);
        const created = await service.createEquipment(requireSession(request).realm.id, request.body);
        return reply.code(201).send(created);
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.update),
      config: { access: permissionAccess('update', 'Equipment'), isRealmDataWrite: true },
      handler: async (request) => {
        await assertCanOnOwnRecord(request, 'update', 'Equipment', request.params.id);
        return service.updateEquipment(requireSession(request).realm.id, request.params.id, request.body);
      },
    });

    routes.route({
      ...endpointRoute(equipmentEndpoints.delete),
      config: { access: permissionAccess('delete', 'Equipment'), isRealmDataWrite: true },
      handler: async (request, reply) => {
        await assertCanOnOwnRecord(request, 'delete', 'Equipment', request.params.id);
        await service.deleteEquipment(requireSession(request).realm.id, request.params.id);
        return reply.code(204).send();
      },
    });
  });
}
