import type { ExportFormat, MeasureDto } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listMeasures, moneyHeader, realmCurrencyOf } from './abatement.service.ts';

/**
 * The measures library as the page's table shows it, a fact a column: what it applies to by name, the abatement
 * in kg CO2e a year (a share's percentage and its source beside it), costs, lifetime, rules and source.
 */
export async function sendMeasuresExport(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  realmId: string,
  format: ExportFormat,
): Promise<FastifyReply> {
  const { results: measures } = await listMeasures(db, realmId);
  const measureNames = new Map(measures.map((measure) => [measure.id, measure.name]));
  const currency = await realmCurrencyOf(db, realmId);
  const columns: ExportColumn<MeasureDto>[] = [
    { header: 'Measure', value: (measure) => measure.name, width: 40 },
    {
      header: 'Facility',
      value: (measure) => measure.appliesToNames.facility ?? measure.appliesTo.facilityId,
      width: 30,
    },
    {
      header: 'Equipment type',
      value: (measure) => measure.appliesToNames.equipmentType ?? measure.appliesTo.equipmentTypeId,
      width: 24,
    },
    { header: 'Scope', value: (measure) => measure.appliesTo.scope, width: 8 },
    {
      header: 'Share of source (%)',
      value: (measure) => (measure.abatement.kind === 'share' ? measure.abatement.percent : null),
      width: 14,
    },
    { header: 'Annual abatement (kg CO2e)', value: (measure) => measure.annualAbatementKg, width: 20 },
    { header: 'Source emissions (kg CO2e)', value: (measure) => measure.sourceEmissionsKg, width: 20 },
    { header: 'Source emissions year', value: (measure) => measure.sourceYear, width: 12 },
    { header: moneyHeader('Capex', currency), value: (measure) => measure.capex, width: 14 },
    { header: moneyHeader('Annual cost', currency), value: (measure) => measure.annualCost, width: 14 },
    { header: 'Lifetime (years)', value: (measure) => measure.lifetime, width: 10 },
    { header: 'Earliest year', value: (measure) => measure.earliestYear, width: 10 },
    { header: 'Exclusive group', value: (measure) => measure.exclusiveGroup, width: 16 },
    {
      header: 'Prerequisites',
      value: (measure) => measure.prerequisites.map((id) => measureNames.get(id) ?? id).join('; '),
      width: 30,
    },
    { header: 'Source citation', value: (measure) => measure.source.citation, width: 40 },
    { header: 'Source address', value: (measure) => measure.source.url, width: 40 },
  ];
  return sendTableExport(request, reply, {
    format,
    name: 'abatement-measures',
    columns,
    pages: [measures],
  });
}
