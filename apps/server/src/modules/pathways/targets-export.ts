import {
  INTENSITY_DENOMINATOR_LABELS,
  PROJECTION_METHOD_LABELS,
  TARGET_AMBITION_LABELS,
  TARGET_KIND_LABELS,
  TARGET_TERM_LABELS,
  targetScopesText,
  type ExportFormat,
  type TargetDto,
} from '@ecc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';

/** The list's columns, its `Years` split in two, with the reduction the ambition means and the projection. */
const TARGET_EXPORT_COLUMNS: readonly ExportColumn<TargetDto>[] = [
  { header: 'Target', value: (target) => target.name, width: 36 },
  { header: 'Term', value: (target) => TARGET_TERM_LABELS[target.term], width: 12 },
  { header: 'Kind', value: (target) => TARGET_KIND_LABELS[target.kind], width: 12 },
  {
    header: 'Intensity per',
    value: (target) =>
      target.denominatorKind === null ? null : INTENSITY_DENOMINATOR_LABELS[target.denominatorKind],
    width: 14,
  },
  { header: 'Covers', value: targetScopesText, width: 36 },
  { header: 'Base year', value: (target) => target.baseYear, width: 10 },
  { header: 'Target year', value: (target) => target.targetYear, width: 10 },
  { header: 'Ambition', value: (target) => TARGET_AMBITION_LABELS[target.ambition], width: 28 },
  {
    header: 'Custom reduction by the target year (%)',
    value: (target) => target.customReductionPercent,
    width: 14,
  },
  // The rate as a percentage of the base year, as the ambition labels give it (4.2 % a year).
  {
    header: 'Annual reduction (% of base year)',
    value: (target) => target.annualReductionRate * 100,
    width: 18,
  },
  { header: 'Projection', value: (target) => PROJECTION_METHOD_LABELS[target.projectionMethod], width: 26 },
  { header: 'Growth (% a year)', value: (target) => target.growthPercent, width: 12 },
];

/** The realm's targets as the pathways page lists them. */
export function sendTargetsExport(
  request: FastifyRequest,
  reply: FastifyReply,
  targets: readonly TargetDto[],
  format: ExportFormat,
): FastifyReply {
  return sendTableExport(request, reply, {
    format,
    name: 'targets',
    columns: TARGET_EXPORT_COLUMNS,
    pages: [targets],
  });
}
