import type { TargetGapExportQuery, TargetGapResponse, TargetGapYear } from '@ecc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';

/** A file-name-safe form of the target's name. */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'target'
  );
}

/** The gap's year table as the page shows it: a year without data has an empty cell, never a zero. */
export function sendTargetGapExport(
  request: FastifyRequest,
  reply: FastifyReply,
  gap: TargetGapResponse,
  query: TargetGapExportQuery,
): FastifyReply {
  const unit = gap.unit;
  const missing = new Map(gap.missingYears.map((year) => [year.year, year.reason]));
  const columns: ExportColumn<TargetGapYear>[] = [
    { header: 'Year', value: (row) => row.year, width: 8 },
    { header: `Actual (${unit})`, value: (row) => row.actual ?? null, width: 20 },
    { header: `Projected (${unit})`, value: (row) => row.projected, width: 20 },
    { header: `Trajectory (${unit})`, value: (row) => row.trajectory, width: 20 },
    { header: `Gap, projected − trajectory (${unit})`, value: (row) => row.gap, width: 24 },
    { header: 'Note', value: (row) => missing.get(row.year) ?? '', width: 40 },
  ];
  return sendTableExport(request, reply, {
    format: query.format,
    name: `pathway-${slugOf(gap.target.name)}`,
    columns,
    pages: [gap.years],
  });
}
