import { calculationEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { registerCalculationConstantsExportRoutes } from './calculation-constants-export.ts';
import { registerCalculationDatasetExportRoute } from './calculation-dataset-export.ts';
import { registerCalculationLibraryExportRoutes } from './calculation-library-export.ts';
import {
  bindCalculation,
  copyCalculation,
  createCalculation,
  createFolder,
  createTest,
  deleteCalculation,
  deleteDataset,
  deleteFolder,
  deleteTest,
  importDataset,
  listBindingsAndTargets,
  listCalculations,
  listDatasets,
  listFolders,
  listTests,
  listVersions,
  publishVersion,
  readCalculation,
  readDataset,
  readVersion,
  runTests,
  saveCalculation,
  unbindCalculation,
  updateCalculation,
  updateFolder,
  updateTest,
} from './calculation-library.service.ts';

/**
 * Calculations as data (issue 13 item 2, decision 037), on the plans of `/calc-editor`. Whoever reads the realm's
 * facilities (and so its emissions) reads its calculations; whoever may change its emission factors (`update
 * EmissionFactor`: its administrators by default) changes them, since a bound calculation changes results as a
 * factor does.
 */
export function registerCalculationLibraryRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'calc-editor' }) };
  const manage = { access: permissionAccess('update', 'EmissionFactor', { route: 'calc-editor' }) };
  const endpoints = calculationEndpoints;

  api.route({
    ...endpointRoute(endpoints.list),
    config: read,
    handler: async (request) => listCalculations(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(endpoints.create),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const gwp = realmGwpSetId(realm.properties);
      return reply.code(201).send(await createCalculation(db, realm.id, gwp, user, request.body));
    },
  });
  api.route({
    ...endpointRoute(endpoints.read),
    config: read,
    handler: async (request) => readCalculation(db, requireSession(request).realm.id, request.params.id),
  });
  api.route({
    ...endpointRoute(endpoints.update),
    config: manage,
    handler: async (request) => {
      const { realm, user } = requireSession(request);
      return updateCalculation(db, realm.id, user, request.params.id, request.body);
    },
  });
  api.route({
    ...endpointRoute(endpoints.copy),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const gwp = realmGwpSetId(realm.properties);
      const copy = await copyCalculation(db, realm.id, gwp, user, request.params.id, request.body);
      return reply.code(201).send(copy);
    },
  });
  api.route({
    ...endpointRoute(endpoints.remove),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      await deleteCalculation(db, realm.id, user, request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(endpoints.save),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const gwp = realmGwpSetId(realm.properties);
      const saved = await saveCalculation(db, realm.id, gwp, user, request.params.id, request.body);
      return reply.code(201).send(saved);
    },
  });
  api.route({
    ...endpointRoute(endpoints.listVersions),
    config: read,
    handler: async (request) => listVersions(db, requireSession(request).realm.id, request.params.id),
  });
  api.route({
    ...endpointRoute(endpoints.readVersion),
    config: read,
    handler: async (request) =>
      readVersion(db, requireSession(request).realm.id, request.params.id, request.params.number),
  });
  api.route({
    ...endpointRoute(endpoints.publish),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const gwp = realmGwpSetId(realm.properties);
      const { id, number } = request.params;
      const answer = await publishVersion(db, realm.id, gwp, user, id, number);
      if (answer.isPublished) return answer.version;
      return reply.code(409).send(answer.refusal);
    },
  });
  api.route({
    ...endpointRoute(endpoints.listTests),
    config: read,
    handler: async (request) => listTests(db, requireSession(request).realm.id, request.params.id),
  });
  api.route({
    ...endpointRoute(endpoints.createTest),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const test = await createTest(db, realm.id, user, request.params.id, request.body);
      return reply.code(201).send(test);
    },
  });
  api.route({
    ...endpointRoute(endpoints.updateTest),
    config: manage,
    handler: async (request) => {
      const { realm, user } = requireSession(request);
      return updateTest(db, realm.id, user, request.params.id, request.params.testId, request.body);
    },
  });
  api.route({
    ...endpointRoute(endpoints.deleteTest),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      await deleteTest(db, realm.id, user, request.params.id, request.params.testId);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(endpoints.runTests),
    config: manage,
    handler: async (request) => {
      const { realm } = requireSession(request);
      const gwp = realmGwpSetId(realm.properties);
      return runTests(db, realm.id, gwp, request.params.id, request.body.version);
    },
  });
  api.route({
    ...endpointRoute(endpoints.listFolders),
    config: read,
    handler: async (request) => listFolders(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(endpoints.createFolder),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      return reply.code(201).send(await createFolder(db, realm.id, user, request.body));
    },
  });
  api.route({
    ...endpointRoute(endpoints.updateFolder),
    config: manage,
    handler: async (request) => {
      const { realm, user } = requireSession(request);
      return updateFolder(db, realm.id, user, request.params.id, request.body);
    },
  });
  api.route({
    ...endpointRoute(endpoints.deleteFolder),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      await deleteFolder(db, realm.id, user, request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(endpoints.listBindings),
    config: read,
    handler: async (request) => listBindingsAndTargets(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(endpoints.bind),
    config: manage,
    handler: async (request) => {
      const { realm, user } = requireSession(request);
      return bindCalculation(db, realm.id, user, request.body);
    },
  });
  api.route({
    ...endpointRoute(endpoints.unbind),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      const { targetKind, targetKey } = request.params;
      await unbindCalculation(db, realm.id, user, targetKind, targetKey);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(endpoints.listDatasets),
    config: read,
    handler: async (request) => listDatasets(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(endpoints.readDataset),
    config: read,
    handler: async (request) =>
      readDataset(db, requireSession(request).realm.id, request.params.id, request.query),
  });
  registerCalculationDatasetExportRoute(app, db);
  registerCalculationConstantsExportRoutes(app);
  registerCalculationLibraryExportRoutes(app, db);
  api.route({
    ...endpointRoute(endpoints.deleteDataset),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      await deleteDataset(db, realm.id, user, request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(endpoints.importDataset),
    config: manage,
    handler: async (request, reply) => {
      const { realm, user } = requireSession(request);
      return reply.code(201).send(await importDataset(db, realm.id, user, request.body));
    },
  });
}
