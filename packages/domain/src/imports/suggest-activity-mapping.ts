import {
  ACTIVITY_IMPORT_FIELDS,
  REQUIRED_ACTIVITY_IMPORT_FIELDS,
  type ActivityImportField,
  type ActivityImportMapping,
} from '@ecc/contracts';
import { missingFields, suggestMapping } from './suggest-mapping.ts';

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

export interface ActivityMappingOptions {
  /** The import writes into one facility (a facility's page): no facility column is needed or read. */
  isFacilityFixed?: boolean;
}

const FIELDS_WITHOUT_FACILITY = ACTIVITY_IMPORT_FIELDS.filter((field) => field !== 'facility');

/** A mapping guessed from the header names; each column is used for at most one field. */
export function suggestActivityMapping(
  columns: readonly string[],
  options: ActivityMappingOptions = {},
): ActivityImportMapping {
  return suggestMapping(
    columns,
    options.isFacilityFixed ? FIELDS_WITHOUT_FACILITY : ACTIVITY_IMPORT_FIELDS,
    FIELD_SYNONYMS,
  );
}

/** Required fields with no column, in field order. */
export function missingActivityFields(
  mapping: ActivityImportMapping,
  options: ActivityMappingOptions = {},
): ActivityImportField[] {
  return missingFields(mapping, REQUIRED_ACTIVITY_IMPORT_FIELDS).filter(
    (field) => !(options.isFacilityFixed && field === 'facility'),
  );
}
