import { exportEndpoints, type EquipmentItem } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import type { createEquipmentService } from './equipment.service.ts';

/** The columns of the equipment manager's table, then the type's version and the last change of each item. */
const EQUIPMENT_EXPORT_COLUMNS: readonly ExportColumn<EquipmentItem>[] = [
  { header: 'Name', value: (item) => item.name, width: 36 },
  { header: 'Type', value: (item) => item.typeName, width: 24 },
  { header: 'Site', value: (item) => item.facilityName, width: 36 },
  { header: 'Type version', value: (item) => item.typeVersion, width: 12 },
  { header: 'Modified on', value: (item) => item.modifiedOn, width: 24 },
];

/** `GET /api/exports/equipment`: the equipment list with its site and type filters, every page, as CSV or XLSX. */
export function registerEquipmentExportRoute(
  app: FastifyInstance,
  service: ReturnType<typeof createEquipmentService>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.equipment),
    config: { access: permissionAccess('read', 'Equipment') },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const { format, ...filter } = request.query;
      return sendTableExport(request, reply, {
        format,
        name: 'equipment',
        columns: EQUIPMENT_EXPORT_COLUMNS,
        pages: await pagesByOffset((offset, limit) =>
          service.listEquipmentPage(realm.id, filter, offset, limit),
        ),
      });
    },
  });
}
