import {
  exportEndpoints,
  type CalculationBinding,
  type CalculationFolder,
  type CalculationSummary,
  type CalculationVersionListItem,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { CALCULATION_TEMPLATES, CALCULATION_TYPE_LABELS, type CalculationTemplate } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import {
  listBindings,
  listBindingsAndTargets,
  listCalculations,
  listVersionsWithTestResults,
  type VersionTestResults,
} from './calculation-library.service.ts';

const BINDING_KIND_LABELS: Readonly<Record<CalculationBinding['targetKind'], string>> = {
  'activity-type': 'Activity type',
  'equipment-type': 'Equipment type',
};

interface VersionRow {
  readonly version: CalculationVersionListItem;
  readonly results: VersionTestResults;
}

/** The History tab's columns (version, state, author, saved, published) and the tests' results on each version. */
const VERSION_COLUMNS: readonly ExportColumn<VersionRow>[] = [
  { header: 'Version', value: (row) => row.version.number, width: 8 },
  { header: 'State', value: (row) => row.version.state, width: 10 },
  {
    header: 'Author',
    value: (row) =>
      row.version.authorId === null ? 'the system (seeded)' : (row.version.authorName ?? 'Unknown user'),
    width: 28,
  },
  { header: 'Saved at', value: (row) => new Date(row.version.createdOn), width: 22 },
  {
    header: 'Published at',
    value: (row) => (row.version.publishedOn === null ? null : new Date(row.version.publishedOn)),
    width: 22,
  },
  { header: 'Tests passed', value: (row) => row.results.passed, width: 10 },
  { header: 'Tests failed', value: (row) => row.results.failed, width: 10 },
  { header: 'Tests not run', value: (row) => row.results.notRun, width: 10 },
  {
    header: 'Parameters',
    value: (row) => row.version.parameters.map((each) => each.name).join('; '),
    width: 30,
  },
  { header: 'Formula', value: (row) => row.version.formula, width: 60 },
];

const TEST_STATUS_LABELS: Readonly<Record<CalculationSummary['testStatus'], string>> = {
  passed: 'Tests passing',
  failed: 'Tests failing',
  'not-run': 'Tests not run',
  'no-tests': 'No tests',
};

interface FileTreeRow {
  readonly calculation: CalculationSummary;
  readonly folderPath: string;
  readonly bindings: string;
}

const FILE_TREE_COLUMNS: readonly ExportColumn<FileTreeRow>[] = [
  { header: 'Folder', value: (row) => row.folderPath, width: 30 },
  { header: 'Calculation', value: (row) => row.calculation.name, width: 30 },
  { header: 'State', value: (row) => row.calculation.state, width: 10 },
  { header: 'Latest version', value: (row) => row.calculation.latestVersion, width: 10 },
  { header: 'Published version', value: (row) => row.calculation.publishedVersion, width: 10 },
  { header: 'Test status', value: (row) => TEST_STATUS_LABELS[row.calculation.testStatus], width: 14 },
  { header: 'Inherited from', value: (row) => row.calculation.inheritedFrom, width: 16 },
  { header: 'Bindings', value: (row) => row.bindings, width: 40 },
  { header: 'Description', value: (row) => row.calculation.description, width: 40 },
  { header: 'Modified at', value: (row) => new Date(row.calculation.modifiedOn), width: 22 },
];

const TEMPLATE_COLUMNS: readonly ExportColumn<CalculationTemplate>[] = [
  { header: 'Template', value: (template) => template.title, width: 40 },
  { header: 'Type', value: (template) => CALCULATION_TYPE_LABELS[template.calculationType], width: 20 },
  { header: 'Summary', value: (template) => template.summary, width: 60 },
  { header: 'Method source', value: (template) => template.source, width: 60 },
  { header: 'Suggested name', value: (template) => template.suggestedName, width: 24 },
  {
    header: 'Parameters',
    value: (template) =>
      template.parameters
        .map((parameter) => (parameter.unit ? `${parameter.name} (${parameter.unit})` : parameter.name))
        .join('; '),
    width: 40,
  },
  { header: 'Tests', value: (template) => template.tests.length, width: 8 },
  { header: 'Formula', value: (template) => template.formula, width: 60 },
];

interface BindingRow {
  readonly binding: CalculationBinding;
  readonly target: string;
}

const BINDING_COLUMNS: readonly ExportColumn<BindingRow>[] = [
  { header: 'Target', value: (row) => row.target, width: 30 },
  { header: 'Kind', value: (row) => BINDING_KIND_LABELS[row.binding.targetKind], width: 16 },
  { header: 'Target key', value: (row) => row.binding.targetKey, width: 24 },
  { header: 'Calculation', value: (row) => row.binding.calculationName, width: 30 },
  { header: 'Binding of', value: (row) => row.binding.inheritedFrom ?? 'this realm', width: 16 },
];

/** `Scope 1/Combustion`: a folder's names from the top; empty at the top level. */
function folderPaths(folders: readonly CalculationFolder[]): (folderId: string | null) => string {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  return (folderId) => {
    const names: string[] = [];
    // Bounded by the folder count, so a (refused, yet imaginable) loop in the data cannot hang the export.
    for (let id = folderId; id !== null && names.length <= folders.length;) {
      const folder = byId.get(id);
      if (!folder) break;
      names.unshift(folder.name);
      id = folder.parentId;
    }
    return names.join('/');
  };
}

function bindingText(binding: CalculationBinding): string {
  return `${BINDING_KIND_LABELS[binding.targetKind]}: ${binding.targetKey}`;
}

/**
 * The tables of the calculation tools as CSV or XLSX (issue 11): a calculation's version history, the file tree's
 * calculations, the templates and the bindings. Each has the permission and plan rule of the list it exports.
 */
export function registerCalculationLibraryExportRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'calc-editor' }) };

  api.route({
    ...endpointRoute(exportEndpoints.calculationVersions),
    config: read,
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      const rows = await listVersionsWithTestResults(db, realmId, request.params.id);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'calculation-versions',
        columns: VERSION_COLUMNS,
        // Newest first, as the History tab lists them.
        pages: [rows.sort((left, right) => right.version.number - left.version.number)],
      });
    },
  });

  api.route({
    ...endpointRoute(exportEndpoints.calculations),
    config: read,
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      const [{ folders, calculations }, { bindings }] = await Promise.all([
        listCalculations(db, realmId),
        listBindings(db, realmId),
      ]);
      const pathOf = folderPaths(folders);
      const rows = calculations
        .map((calculation) => ({
          calculation,
          folderPath: pathOf(calculation.folderId),
          bindings: bindings
            .filter((binding) => binding.calculationId === calculation.id)
            .map(bindingText)
            .join('; '),
        }))
        .sort(
          (left, right) =>
            left.folderPath.localeCompare(right.folderPath) ||
            left.calculation.name.localeCompare(right.calculation.name),
        );
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'calculations',
        columns: FILE_TREE_COLUMNS,
        pages: [rows],
      });
    },
  });

  api.route({
    ...endpointRoute(exportEndpoints.calculationTemplates),
    config: read,
    handler: async (request, reply) =>
      sendTableExport(request, reply, {
        format: request.query.format,
        name: 'calculation-templates',
        columns: TEMPLATE_COLUMNS,
        pages: [CALCULATION_TEMPLATES],
      }),
  });

  api.route({
    ...endpointRoute(exportEndpoints.calculationBindings),
    config: read,
    handler: async (request, reply) => {
      const { bindings, targets } = await listBindingsAndTargets(db, requireSession(request).realm.id);
      const { calculationId } = request.query;
      const equipmentTypeNames = new Map(targets.equipmentTypes.map((type) => [type.key, type.name]));
      const rows = bindings
        .filter((binding) => calculationId === undefined || binding.calculationId === calculationId)
        .map((binding) => ({
          binding,
          target:
            binding.targetKind === 'equipment-type'
              ? (equipmentTypeNames.get(binding.targetKey) ?? binding.targetKey)
              : binding.targetKey,
        }));
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'calculation-bindings',
        columns: BINDING_COLUMNS,
        pages: [rows],
      });
    },
  });
}
