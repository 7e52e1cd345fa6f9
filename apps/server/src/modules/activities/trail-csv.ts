import type { ConversionStepDto } from '@ecc/contracts';
import { GAS_IDS } from '@ecc/domain';
import Papa from 'papaparse';
import type { TrailCsvEntry } from './activity-trail.ts';

/** The gases' column groups in the order of the GWP table, then any other gas a result names. */
function gasesOf(entries: readonly TrailCsvEntry[]): string[] {
  const named = new Set(
    entries.flatMap((entry) => entry.result.arithmetic?.gases.map((gas) => gas.gas) ?? []),
  );
  const known: string[] = GAS_IDS.filter((gas) => named.has(gas));
  return [...known, ...[...named].filter((gas) => !known.includes(gas)).sort()];
}

function conversionText(steps: readonly ConversionStepDto[]): string {
  return steps
    .map((step) => `${step.operation === 'divide' ? '÷' : '×'} ${step.value} ${step.unit}`)
    .join(' ');
}

/** The facility page with the record picked out: the link a row of the CSV carries back to its record. */
export function recordPath(facilitySlug: string, recordId: string): string {
  return `/facility/next/${encodeURIComponent(facilitySlug)}?record=${encodeURIComponent(recordId)}`;
}

/** A trail's cells: text, a number in full, a flag, or empty (`''`) where a result has no such value. */
export type TrailCell = string | number | boolean;

export interface TrailTable {
  readonly fields: readonly string[];
  readonly rows: readonly (readonly TrailCell[])[];
}

/**
 * A trail as a table, one row per result (a Scope 2 record has a location-based and a market-based row): the
 * record, the factor and its edition, the conversion to the factor's unit, per gas the factor, mass, GWP and CO2e,
 * and the total on its GWP set. Numbers stay in full (no rounding, no separators), so a spreadsheet can redo every
 * product.
 */
export function trailTable(entries: readonly TrailCsvEntry[]): TrailTable {
  const gases = gasesOf(entries);
  const fields = [
    'record_id',
    'record_link',
    'period_start',
    'period_end',
    'activity_type',
    'scope',
    'scope3_category',
    'scope2_method',
    'quantity',
    'unit',
    'certificate_coverage',
    'conversion',
    'quantity_in_factor_unit',
    'factor_unit',
    'factor_key',
    'factor_name',
    'factor_source',
    'factor_version',
    'method',
    ...gases.flatMap((gas) => [
      `${gas}_factor`,
      `${gas}_factor_unit`,
      `${gas}_kg`,
      `${gas}_gwp`,
      `${gas}_co2e_kg`,
    ]),
    'published_co2e_factor',
    'published_co2e_factor_unit',
    'published_co2e_gwp_set',
    'co2e_kg',
    'gwp_set',
    'is_grid_average_fallback',
  ];
  const data = entries.map(({ facilitySlug, record, result }): TrailCell[] => {
    const arithmetic = result.arithmetic;
    const factor = result.factor;
    const gasColumns = gases.flatMap((gas) => {
      const step = arithmetic?.gases.find((each) => each.gas === gas);
      if (!step) return ['', '', result.gases[gas] ?? '', '', ''];
      return [
        step.factorValue,
        `${step.factorUnit} ${gas}/${factor.per}`,
        step.massKg,
        step.gwp ?? '',
        step.co2eKg,
      ];
    });
    const published = arithmetic?.publishedCo2e;
    return [
      record.id,
      recordPath(facilitySlug, record.id),
      record.periodStart,
      record.periodEnd,
      record.activityType,
      record.scope,
      record.scope3Category ?? '',
      result.scope2Method ?? '',
      record.quantity,
      record.unit,
      arithmetic?.certificateCoverage ?? '',
      arithmetic ? conversionText(arithmetic.conversion) : '',
      arithmetic?.basisQuantity ?? '',
      arithmetic?.basisUnit ?? '',
      factor.key,
      factor.name,
      factor.source,
      factor.version,
      result.method.name,
      ...gasColumns,
      published?.factorValue ?? '',
      published ? `${published.factorUnit} CO2e/${factor.per}` : '',
      published?.gwpSetId ?? '',
      result.co2eKg,
      result.gwpSetId,
      result.isFallback,
    ];
  });
  return { fields, rows: data };
}

/** The trail as CSV; a cell that a spreadsheet would run as a formula is written as text. */
export function trailCsv(entries: readonly TrailCsvEntry[]): string {
  const { fields, rows } = trailTable(entries);
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}
