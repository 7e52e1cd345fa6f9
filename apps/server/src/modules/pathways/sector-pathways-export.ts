import { INTENSITY_DENOMINATOR_LABELS, type ExportFormat, type SectorPathwayDto } from '@ecc/contracts';
import { sectorIntensityAt } from '@ecc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';

/** One year of one pathway: a year the pathway gives, or one between two of them. */
interface SectorPathwayYear {
  readonly pathway: SectorPathwayDto;
  readonly year: number;
  readonly intensity: number;
  readonly isGiven: boolean;
}

const COLUMNS: readonly ExportColumn<SectorPathwayYear>[] = [
  { header: 'Sector pathway', value: (row) => row.pathway.name, width: 36 },
  {
    header: 'Intensity per',
    value: (row) => INTENSITY_DENOMINATOR_LABELS[row.pathway.denominatorKind],
    width: 14,
  },
  {
    header: 'Unit',
    value: (row) =>
      `kg CO2e per unit of ${INTENSITY_DENOMINATOR_LABELS[row.pathway.denominatorKind].toLowerCase()}`,
    width: 30,
  },
  { header: 'Year', value: (row) => row.year, width: 8 },
  { header: 'Intensity (kg CO2e per unit)', value: (row) => row.intensity, width: 20 },
  { header: 'Source', value: (row) => (row.isGiven ? 'Given' : 'Interpolated (linear)'), width: 22 },
];

/** Every year from the pathway's first to its last: years between two given ones as targets read them. */
function yearsOf(pathway: SectorPathwayDto): SectorPathwayYear[] {
  const first = pathway.points[0];
  const last = pathway.points.at(-1);
  if (!first || !last) return [];
  const given = new Set(pathway.points.map((point) => point.year));
  return Array.from({ length: last.year - first.year + 1 }, (_, index) => {
    const year = first.year + index;
    return { pathway, year, intensity: sectorIntensityAt(pathway.points, year), isGiven: given.has(year) };
  });
}

/** The realm's sector pathways, one row a pathway and year, a pathway at a time. */
export function sendSectorPathwaysExport(
  request: FastifyRequest,
  reply: FastifyReply,
  pathways: readonly SectorPathwayDto[],
  format: ExportFormat,
): FastifyReply {
  return sendTableExport(request, reply, {
    format,
    name: 'sector-pathways',
    columns: COLUMNS,
    pages: pathways.map(yearsOf),
  });
}
