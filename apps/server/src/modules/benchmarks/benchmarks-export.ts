import { benchmarkEndpoints, type BenchmarkPeer } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { benchmarkRealmFacility } from './benchmarks.service.ts';

const PEER_COLUMNS: readonly ExportColumn<BenchmarkPeer>[] = [
  { header: 'Facility', value: (peer) => peer.name, width: 40 },
  { header: 'State', value: (peer) => peer.state, width: 8 },
  { header: 'NAICS', value: (peer) => peer.naics, width: 10 },
  { header: 'GHGRP id', value: (peer) => peer.ghgrpId, width: 12 },
  { header: 'Slug', value: (peer) => peer.facilitySlug, width: 30 },
  { header: 'CO2e (kg CO2e)', value: (peer) => peer.co2e, width: 20 },
  { header: 'Reported CO2e (kg CO2e)', value: (peer) => peer.reportedCo2e, width: 22 },
  { header: 'Reported GWP set', value: (peer) => peer.reportedGwpSetId, width: 10 },
];

/** `GET /api/exports/benchmarks/facilities/:id`: the peers of a benchmark, every one, as CSV or XLSX. */
export function registerBenchmarkExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(benchmarkEndpoints.exportPeers),
    config: { access: permissionAccess('read', 'Facility', { route: 'benchmarks' }) },
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      // Computed before the answer starts, so a refusal (another realm's facility) is still JSON.
      const answer = await benchmarkRealmFacility(
        db,
        requireSession(request).realm.id,
        request.params.id,
        query,
      );
      return sendTableExport(request, reply, {
        format,
        name: 'benchmark-peers',
        columns: [
          ...PEER_COLUMNS,
          { header: 'Year', value: () => answer.year, width: 8 },
          { header: 'GWP set', value: () => answer.gwpSetId, width: 8 },
        ],
        pages: [answer.peerList],
      });
    },
  });
}
