import {
  createEquipmentRequestSchema,
  createEquipmentTypeRequestSchema,
  createEquipmentTypeVersionRequestSchema,
  equipmentIdParamsSchema,
  equipmentItemSchema,
  equipmentListQuerySchema,
  equipmentListResponseSchema,
  equipmentSiteListResponseSchema,
  equipmentTypeDetailSchema,
  equipmentTypeKeyParamsSchema,
  equipmentTypeListResponseSchema,
  updateEquipmentRequestSchema,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertCanOnOwnRecord, permissionAccess, requireSession } from '#platform/route-access.ts';
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

    routes.get(
      '/api/equipment/types',
      {
        config: { access: permissionAccess('read', 'EquipmentType') },
        schema: { response: { 200: equipmentTypeListResponseSchema } },
      },
      async (request) => service.listTypes(requireSession(request).realm.id),
    );

    routes.get(
      '/api/equipment/types/:key',
      {
        config: { access: permissionAccess('read', 'EquipmentType') },
        schema: { params: equipmentTypeKeyParamsSchema, response: { 200: equipmentTypeDetailSchema } },
      },
      async (request) => {
        const type = await service.getType(requireSession(request).realm.id, request.params.key);
        await assertCanOnOwnRecord(request, 'read', 'EquipmentType', type.id);
        return type;
      },
    );

    routes.post(
      '/api/equipment/types',
      {
        config: { access: permissionAccess('create', 'EquipmentType', { route: 'equipment-manager-admin' }) },
        schema: { body: createEquipmentTypeRequestSchema, response: { 201: equipmentTypeDetailSchema } },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const created = await service.createType(session.realm.id, session.user.id, request.body);
        return reply.code(201).send(created);
      },
    );

    routes.post(
      '/api/equipment/types/:key/versions',
      {
        config: { access: permissionAccess('update', 'EquipmentType', { route: 'equipment-manager-admin' }) },
        schema: {
          params: equipmentTypeKeyParamsSchema,
          body: createEquipmentTypeVersionRequestSchema,
          response: { 201: equipmentTypeDetailSchema },
        },
      },
      async (request, reply) => {
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
    );

    routes.get(
      '/api/equipment/sites',
      {
        config: { access: permissionAccess('read', 'Equipment') },
        schema: { response: { 200: equipmentSiteListResponseSchema } },
      },
      async (request) => service.listSites(requireSession(request).realm.id),
    );

    routes.get(
      '/api/equipment',
      {
        config: { access: permissionAccess('read', 'Equipment') },
        schema: { querystring: equipmentListQuerySchema, response: { 200: equipmentListResponseSchema } },
      },
      async (request) => service.listEquipment(requireSession(request).realm.id, request.query),
    );

    routes.get(
      '/api/equipment/:id',
      {
        config: { access: permissionAccess('read', 'Equipment') },
        schema: { params: equipmentIdParamsSchema, response: { 200: equipmentItemSchema } },
      },
      async (request) => {
        await assertCanOnOwnRecord(request, 'read', 'Equipment', request.params.id);
        return service.getEquipment(requireSession(request).realm.id, request.params.id);
      },
    );

    routes.post(
      '/api/equipment',
      {
        config: { access: permissionAccess('create', 'Equipment') },
        schema: { body: createEquipmentRequestSchema, response: { 201: equipmentItemSchema } },
      },
      async (request, reply) => {
        // The item goes to a facility: a grant limited to some facilities must reach this one.
        await assertCanOnOwnRecord(request, 'read', 'Facility', request.body.facilityId);
        const created = await service.createEquipment(requireSession(request).realm.id, request.body);
        return reply.code(201).send(created);
      },
    );

    routes.put(
      '/api/equipment/:id',
      {
        config: { access: permissionAccess('update', 'Equipment') },
        schema: {
          params: equipmentIdParamsSchema,
          body: updateEquipmentRequestSchema,
          response: { 200: equipmentItemSchema },
        },
      },
      async (request) => {
        await assertCanOnOwnRecord(request, 'update', 'Equipment', request.params.id);
        return service.updateEquipment(requireSession(request).realm.id, request.params.id, request.body);
      },
    );

    routes.delete(
      '/api/equipment/:id',
      {
        config: { access: permissionAccess('delete', 'Equipment') },
        schema: { params: equipmentIdParamsSchema },
      },
      async (request, reply) => {
        await assertCanOnOwnRecord(request, 'delete', 'Equipment', request.params.id);
        await service.deleteEquipment(requireSession(request).realm.id, request.params.id);
        return reply.code(204).send();
      },
    );
  });
}
