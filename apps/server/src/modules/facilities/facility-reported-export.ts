import { exportEndpoints, facilityReportedYearSchema, type FacilityReportedYear } from '@ecc/contracts';
import { createFacilityRepository, type Database } from '@ecc/db';
import { convert, isGasId, realmGwpSetId, toCo2e, type GwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { assertCanOnOwnRecord, permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { FACILITY_NOT_FOUND } from './facilities.service.ts';

/** One line of a reported year: a gas, a group published as CO2e only, the year's total or its biogenic CO2. */
interface ReportedLine {
  readonly year: number;
  readonly source: string;
  readonly item: string;
  readonly massKg: number | null;
  readonly co2eKg: number | null;
  readonly note: string | null;
}

/** The workbook publishes tonnes; the file gives kilograms, as every other mass the product exports. */
const kilograms = (tonnes: number) => convert(tonnes, 't', 'kg');

/** A year's lines as the facility page's table shows them: gases, groups, then the total and biogenic CO2. */
function linesOf(year: number, entry: FacilityReportedYear, gwpSetId: GwpSetId): ReportedLine[] {
  const line = (item: string, massKg: number | null, co2eKg: number | null, note: string | null = null) => ({
    year,
    source: entry.source,
    item,
    massKg,
    co2eKg,
    note,
  });
  const total = entry.co2eTByGwpSet[gwpSetId];
  return [
    ...Object.entries(entry.gases).map(([gas, tonnes]) =>
      line(gas, kilograms(tonnes), isGasId(gas) ? kilograms(toCo2e(tonnes, gas, gwpSetId)) : null),
    ),
    ...Object.entries(entry.mixturesCo2eT).map(([group, tonnes]) =>
      line(group, null, kilograms(tonnes), `Published as CO2e only, on ${entry.reportedGwpSetId}`),
    ),
    line(
      'Total',
      null,
      total === undefined ? null : kilograms(total),
      `As published: ${kilograms(entry.reportedCo2eT)} kg CO2e on ${entry.reportedGwpSetId}`,
    ),
    ...(entry.biogenicCo2T === null
      ? []
      : [line('Biogenic CO2', kilograms(entry.biogenicCo2T), null, 'Reported apart, not in the total')]),
  ];
}

/** Every year the facility reported that parses, latest first, as the page lists them. */
function reportedLines(reported: Readonly<Record<string, unknown>>, gwpSetId: GwpSetId): ReportedLine[] {
  return Object.entries(reported)
    .flatMap(([year, value]): [number, FacilityReportedYear][] => {
      const parsed = facilityReportedYearSchema.safeParse(value);
      return parsed.success ? [[Number(year), parsed.data]] : [];
    })
    .sort(([left], [right]) => right - left)
    .flatMap(([year, entry]) => linesOf(year, entry, gwpSetId));
}

/**
 * `GET /api/exports/facilities/:slug/reported-emissions`: what the facility reported to a programme (EPA GHGRP),
 * a line per year and gas, with CO2e on the realm's GWP set; for whoever may read the facility.
 */
export function registerFacilityReportedExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.facilityReportedEmissions),
    config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const facility = await createFacilityRepository(db).findBySlug(realm.id, request.params.slug);
      if (!facility) throw new HttpError(404, FACILITY_NOT_FOUND);
      await assertCanOnOwnRecord(request, 'read', 'Facility', facility.id);
      const gwpSetId = realmGwpSetId(realm.properties);
      const columns: readonly ExportColumn<ReportedLine>[] = [
        { header: 'Year', value: (line) => line.year, width: 8 },
        { header: 'Reported to', value: (line) => line.source, width: 24 },
        { header: 'Gas', value: (line) => line.item, width: 30 },
        { header: 'Reported mass (kg)', value: (line) => line.massKg, width: 18 },
        { header: `CO2e on ${gwpSetId} (kg)`, value: (line) => line.co2eKg, width: 18 },
        { header: 'Note', value: (line) => line.note, width: 44 },
      ];
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: `${facility.slug}-reported-emissions`,
        columns,
        pages: [reportedLines(facility.reported, gwpSetId)],
      });
    },
  });
}
