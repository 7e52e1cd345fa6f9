import type { ActivityRecordDto, CalculationValue } from '@ecc/contracts';
import { recordCalculationParameters, type Scope } from '@ecc/domain';

/**
 * The parameters an activity record gives a calculation, exactly as the engine gives them when a calculation bound
 * to the record's activity type runs (`recordCalculationParameters` of packages/domain): `:quantity`, `:unit`,
 * `:activity_type`, `:scope`, `:scope3_category`, `:period_start`, `:period_end`, `:factor_key`. The record list
 * does not carry its equipment's form values, which the engine adds under their own names: those stay typed.
 */
export function activityRecordParameters(
  record: ActivityRecordDto,
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
  });
}
