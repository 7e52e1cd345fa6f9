import type { ActivityRecordDto, CalculationValue, EquipmentItem } from '@ecc/contracts';
import { recordCalculationParameters, type Scope } from '@ecc/domain';

/**
 * The parameters an activity record gives a calculation, exactly as the engine gives them when a calculation bound
 * to the record's activity type runs (`recordCalculationParameters` of packages/domain): `:quantity`, `:unit`,
 * `:activity_type`, `:scope`, `:scope3_category`, `:period_start`, `:period_end`, `:factor_key`, and with its
 * equipment, each of the equipment's form values (number, text, true/false) under its own name, a record field of
 * the same name winning.
 */
export function activityRecordParameters(
  record: ActivityRecordDto,
  equipment?: Pick<EquipmentItem, 'properties'>,
): Readonly<Record<string, CalculationValue>> {
  return recordCalculationParameters({
    quantity: record.quantity,
    unit: record.unit,
    activityType: record.activityType,
    scope: record.scope as Scope,
    scope3Category: record.scope3Category,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    factorKey: record.factorKey,
    ...(equipment === undefined ? {} : { attributes: equipment.properties }),
  });
}

/** Where a dry run's value came from: the record's own field, or its equipment's form value. */
export type RecordParameterSource = 'record' | 'equipment';

export interface RecordDryRunParameters {
  readonly parameters: Readonly<Record<string, CalculationValue>>;
  /** Each parameter's source, for the panel to say which value came from where. */
  readonly sources: Readonly<Record<string, RecordParameterSource>>;
}

/** The record's parameters (with its equipment's values when given) and where each came from. */
export function recordDryRunParameters(
  record: ActivityRecordDto,
  equipment?: Pick<EquipmentItem, 'properties'>,
): RecordDryRunParameters {
  const fromRecord = activityRecordParameters(record);
  const parameters = activityRecordParameters(record, equipment);
  const sources: Record<string, RecordParameterSource> = {};
  for (const name of Object.keys(parameters)) {
    Object.defineProperty(sources, name, {
      value: Object.hasOwn(fromRecord, name) ? 'record' : 'equipment',
      enumerable: true,
    });
  }
  return { parameters, sources };
}
