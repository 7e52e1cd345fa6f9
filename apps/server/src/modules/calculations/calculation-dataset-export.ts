import { calculationEndpoints, MAX_DATASET_ROWS } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { EXPORT_PAGE_SIZE, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { readDataset } from './calculation-library.service.ts';

type DatasetRow = Readonly<Record<string, string | number | null>>;

/** The rows in pages, so that the download streams while a large version is written. */
function* pagesOf(rows: readonly DatasetRow[]): Generator<readonly DatasetRow[]> {
  for (let offset = 0; offset < rows.length; offset += EXPORT_PAGE_SIZE) {
    yield rows.slice(offset, offset + EXPORT_PAGE_SIZE);
  }
}

/**
 * `GET /api/exports/calculation-datasets/:id`: every row of a dataset version, its columns in file order, as CSV or
 * XLSX, with the read's permission and plan rule. A version is stored whole (at most `MAX_DATASET_ROWS` rows), so
 * it is read once rather than once a page.
 */
export function registerCalculationDatasetExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(calculationEndpoints.exportDataset),
    config: { access: permissionAccess('read', 'Facility', { route: 'calc-editor' }) },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const { format, version } = request.query;
      const dataset = await readDataset(db, realm.id, request.params.id, {
        version,
        offset: 0,
        limit: MAX_DATASET_ROWS,
      });
      const names = dataset.versions.find((each) => each.number === dataset.versionNumber)?.columns ?? [];
      const columns: ExportColumn<DatasetRow>[] = names.map((name) => ({
        header: name,
        value: (row) => row[name],
        width: Math.min(Math.max(name.length + 2, 12), 40),
      }));
      return sendTableExport(request, reply, {
        format,
        name: `${dataset.name}-v${dataset.versionNumber ?? 0}`,
        columns,
        pages: pagesOf(dataset.rows),
      });
    },
  });
}
