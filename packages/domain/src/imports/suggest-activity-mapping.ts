import {
  ACTIVITY_IMPORT_FIELDS,
  REQUIRED_ACTIVITY_IMPORT_FIELDS,
  type ActivityImportField,
  type ActivityImportMapping,
} from '@ecc/contracts';
import { normalizeHeader } from './import-table.ts';

/** Header names (normalised) that mean a field, most specific first; the field's own name comes first. */
const FIELD_SYNONYMS: Readonly<Record<ActivityImportField, readonly string[]>> = {
  facility: ['facility', 'facility slug', 'facility name', 'site', 'site name', 'plant'],
  activityType: ['activity type', 'activity', 'type', 'fuel', 'fuel type', 'source'],
  periodStart: ['period start', 'start', 'start date', 'from', 'date from', 'period from'],
  periodEnd: ['period end', 'end', 'end date', 'to', 'date to', 'period to'],
  quantity: ['quantity', 'amount', 'value', 'qty', 'consumption', 'usage'],
  unit: ['unit', 'units', 'uom', 'unit of measure'],
  factorKey: ['factor key', 'factor', 'factor id', 'emission factor', 'emission factor id'],
  scope: ['scope'],
  scope3Category: ['scope 3 category', 'scope3 category', 'category'],
  certificateCoverage: ['certificate coverage', 'certificates', 'coverage'],
  isEstimated: ['is estimated', 'estimated', 'estimate'],
  notes: ['notes', 'note', 'comment', 'comments'],
};

/** A header as words, also split at camelCase (a file exported by this product): `periodStart`. */
function headerForms(header: string): string[] {
  return [normalizeHeader(header), normalizeHeader(header.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))];
}

/** A mapping guessed from the header names; each column is used for at most one field. */
export function suggestActivityMapping(columns: readonly string[]): ActivityImportMapping {
  const mapping: ActivityImportMapping = {};
  const used = new Set<string>();
  const forms = columns.map(headerForms);
  // Rank by synonym first, so 'factor key' beats a plain 'factor' column, whatever the column order.
  for (const field of ACTIVITY_IMPORT_FIELDS) {
    for (const synonym of FIELD_SYNONYMS[field]) {
      const index = forms.findIndex(
        (names, position) => names.includes(synonym) && !used.has(columns[position] ?? ''),
      );
      const column = columns[index];
      if (index >= 0 && column !== undefined) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** Required fields with no column, in field order. */
export function missingActivityFields(mapping: ActivityImportMapping): ActivityImportField[] {
  return REQUIRED_ACTIVITY_IMPORT_FIELDS.filter((field) => !mapping[field]);
}
