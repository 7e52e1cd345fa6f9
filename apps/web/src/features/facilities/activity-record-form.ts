/** The add and edit forms hold text, as inputs do; the contracts schema decides what is valid. */
export interface ActivityRecordFormValues {
  activityType: string;
  equipmentId: string;
  periodStart: string;
  periodEnd: string;
  quantity: string;
  unit: string;
  factorKey: string;
  scope: string;
  scope3Category: string;
  certificateCoverage: string;
  isEstimated: boolean;
  notes: string;
}

export type ActivityRecordField = keyof ActivityRecordFormValues;

export const EMPTY_RECORD_FORM: ActivityRecordFormValues = {
  activityType: '',
  equipmentId: '',
  periodStart: '',
  periodEnd: '',
  quantity: '',
  unit: '',
  factorKey: '',
  scope: '1',
  scope3Category: '',
  certificateCoverage: '',
  isEstimated: false,
  notes: '',
};

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_RECORD_FORM));

function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** Text to the API's input; an empty quantity is left out, so the schema names it. */
function toCandidate(values: ActivityRecordFormValues): Record<string, unknown> {
  return {
    activityType: values.activityType,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    quantity: values.quantity.trim() === '' ? undefined : Number(values.quantity),
    unit: values.unit,
    factorKey: values.factorKey,
    scope: Number(values.scope),
    scope3Category: optionalNumber(values.scope3Category),
    certificateCoverage: optionalNumber(values.certificateCoverage),
    isEstimated: values.isEstimated,
    equipmentId: values.equipmentId === '' ? null : values.equipmentId,
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}

export const QUANTITY_REQUIRED = 'Quantity is required';

/**
 * The request the add form's text stands for, for the contract's schema to check; an empty quantity is refused
 * in words a user understands rather than the schema's type message.
 */
export function recordRequestOf(
  values: ActivityRecordFormValues,
  refuse: (field: ActivityRecordField, message: string) => void,
): Record<string, unknown> {
  if (values.quantity.trim() === '') refuse('quantity', QUANTITY_REQUIRED);
  return toCandidate(values);
}

/** The record's values as form text, for the inline edit. */
export function recordToFormValues(record: {
  activityType: string;
  equipmentId: string | null;
  periodStart: string;
  periodEnd: string;
  quantity: number;
  unit: string;
  factorKey: string;
  scope: number;
  scope3Category: number | null;
  certificateCoverage: number | null;
  isEstimated: boolean;
  notes: string | null;
}): ActivityRecordFormValues {
  return {
    activityType: record.activityType,
    equipmentId: record.equipmentId ?? '',
    periodStart: record.periodStart.slice(0, 10),
    periodEnd: record.periodEnd.slice(0, 10),
    quantity: String(record.quantity),
    unit: record.unit,
    factorKey: record.factorKey,
    scope: String(record.scope),
    scope3Category: record.scope3Category === null ? '' : String(record.scope3Category),
    certificateCoverage: record.certificateCoverage === null ? '' : String(record.certificateCoverage),
    isEstimated: record.isEstimated,
    notes: record.notes ?? '',
  };
}

/** The field a path such as `quantity` or `items.0.unit` names (its last segment the form has), if any. */
export function activityRecordFieldOfPath(path: readonly string[]): ActivityRecordField | undefined {
  return [...path].reverse().find((segment): segment is ActivityRecordField => FORM_FIELDS.has(segment));
}
