import { abatementEndpoints, exportEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { marginalAbatementCurve, type MaccBar } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { sendMeasuresExport } from './abatement-measures-export.ts';
import { sendOptimizerPlanExport } from './optimizer-plan-export.ts';
import {
  addStarterSet,
  createMeasure,
  deleteMeasure,
  listMeasures,
  moneyHeader,
  readMeasure,
  realmCurrencyOf,
  updateMeasure,
} from './abatement.service.ts';

/** The MACC table's columns, money in the realm's `currency` (decision 050). */
function maccColumns(currency: string): readonly ExportColumn<MaccBar>[] {
  return [
    { header: 'Measure', value: (bar) => bar.name, width: 40 },
    { header: 'Annual abatement (t CO2e)', value: (bar) => bar.annualAbatementTonnes, width: 16 },
    { header: moneyHeader('Cost per tonne', currency), value: (bar) => bar.costPerTonne, width: 14 },
    { header: moneyHeader('Annualised capex', currency), value: (bar) => bar.annualisedCapex, width: 16 },
    { header: moneyHeader('Annual cost change', currency), value: (bar) => bar.annualCost, width: 16 },
    { header: 'Cumulative abatement (t CO2e)', value: (bar) => bar.cumulativeEndTonnes, width: 18 },
    { header: 'Measure id', value: (bar) => bar.id, width: 38 },
  ];
}

/**
 * The abatement measures library and its MACC (issue 12, item 3), on the plans of `/lighttouch`, where they are
 * shown. Whoever may read the realm's facilities (and so its emissions) reads the library; whoever changes the
 * realm's organisation (`update Realm`: its administrators) changes it.
 */
export function registerAbatementRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'lighttouch' }) };
  const manage = { access: permissionAccess('update', 'Realm', { route: 'lighttouch' }) };

  api.route({
    ...endpointRoute(abatementEndpoints.listMeasures),
    config: read,
    handler: async (request) => listMeasures(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(abatementEndpoints.readMeasure),
    config: read,
    handler: async (request) => readMeasure(db, requireSession(request).realm.id, request.params.id),
  });

  api.route({
    ...endpointRoute(abatementEndpoints.createMeasure),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      return reply.code(201).send(await createMeasure(db, session.realm.id, session.user, request.body));
    },
  });

  api.route({
    ...endpointRoute(abatementEndpoints.updateMeasure),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateMeasure(db, session.realm.id, session.user, request.params.id, request.body);
    },
  });

  api.route({
    ...endpointRoute(abatementEndpoints.deleteMeasure),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deleteMeasure(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });

  api.route({
    ...endpointRoute(abatementEndpoints.addStarterSet),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return addStarterSet(db, session.realm.id, session.user);
    },
  });

  api.route({
    ...endpointRoute(abatementEndpoints.exportMacc),
    config: read,
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      const { results } = await listMeasures(db, realmId);
      const curve = marginalAbatementCurve(results, request.query.discountRate);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'marginal-abatement-cost-curve',
        columns: maccColumns(await realmCurrencyOf(db, realmId)),
        pages: [curve.bars],
      });
    },
  });

  api.route({
    ...endpointRoute(exportEndpoints.abatementMeasures),
    config: read,
    handler: async (request, reply) =>
      sendMeasuresExport(request, reply, db, requireSession(request).realm.id, request.query.format),
  });

  api.route({
    ...endpointRoute(exportEndpoints.optimizerPlan),
    config: read,
    handler: async (request, reply) =>
      sendOptimizerPlanExport(request, reply, db, requireSession(request).realm.id, request.query),
  });
}
