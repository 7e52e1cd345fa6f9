import { inventoryEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { sendInventoryExport } from './inventory-export.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { changeReasons, inventoryYears, realmInventory, updateChangeReasons } from './inventory.service.ts';

/** The GHG inventory (issue 11, item 2): for whoever may read the realm's facilities, on its page's plans (paid). */
export function registerInventoryRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readInventory = { access: permissionAccess('read', 'Facility', { route: 'reporting-next' }) };
  api.route({
    ...endpointRoute(inventoryEndpoints.get),
    config: readInventory,
    handler: async (request) => realmInventory(db, requireSession(request).realm.id, request.query),
  });
  api.route({
    ...endpointRoute(inventoryEndpoints.years),
    config: readInventory,
    handler: async (request) => inventoryYears(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(inventoryEndpoints.export),
    config: readInventory,
    handler: async (request, reply) => {
      // The inventory is assembled whole (its sums are few rows), so a missing year is refused before any byte.
      const inventory = await realmInventory(db, requireSession(request).realm.id, request.query);
      return sendInventoryExport(request, reply, inventory, request.query);
    },
  });
  api.route({
    ...endpointRoute(inventoryEndpoints.changeReasons),
    config: readInventory,
    handler: async (request) => changeReasons(db, requireSession(request).realm.id, request.params.year),
  });
  // The reasons are the realm's disclosure, kept by those who keep its reporting settings (its boundary, GWP set).
  api.route({
    ...endpointRoute(inventoryEndpoints.updateChangeReasons),
    config: { access: permissionAccess('update', 'Realm', { route: 'reporting-next' }) },
    handler: async (request) => {
      const session = requireSession(request);
      return updateChangeReasons(
        db,
        session.realm.id,
        session.user,
        request.params.year,
        request.body.reasons,
      );
    },
  });
}
