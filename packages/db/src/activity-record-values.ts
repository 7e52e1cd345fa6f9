import type { ActivityResultRow, GwpSetId } from '@ecc/domain';
import type { NewEmissionResult } from './emission-result-repository.ts';
import type { ActivityRecordRow } from './schema.ts';

/*
 * What is stored beside an activity record, in one place for every path that writes records (the API, imports,
 * the demo seed): the inputs its author gave, the audit log's snapshot of it, and its emission results.
 */

type RecordInputs = Pick<
  ActivityRecordRow,
  | 'equipmentId'
  | 'activityType'
  | 'periodStart'
  | 'periodEnd'
  | 'quantity'
  | 'unit'
  | 'factorKey'
  | 'scope'
  | 'scope3Category'
  | 'certificateCoverage'
  | 'isEstimated'
  | 'notes'
>;

/** The fields of a record its author gives (everything but ids, facility, bookkeeping and results). */
export function activityRecordInputs(record: RecordInputs): RecordInputs {
  return {
    equipmentId: record.equipmentId,
    activityType: record.activityType,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    quantity: record.quantity,
    unit: record.unit,
    factorKey: record.factorKey,
    scope: record.scope,
    scope3Category: record.scope3Category,
    certificateCoverage: record.certificateCoverage,
    isEstimated: record.isEstimated,
    notes: record.notes,
  };
}

/** What the audit log keeps of a record: its facility, its inputs and the kg CO2e they gave, by Scope 2 method. */
export function activityRecordAuditSnapshot(
  record: RecordInputs & Pick<ActivityRecordRow, 'facilityId'>,
  results: readonly { readonly scope2Method: string; readonly co2eKg: number }[],
) {
  return {
    facilityId: record.facilityId,
    ...activityRecordInputs(record),
    co2eKg: Object.fromEntries(results.map((result) => [result.scope2Method || 'total', result.co2eKg])),
  };
}

/** The `emission_results` rows of one record, as the engine calculated them on `gwpSetId`. */
export function emissionResultValues(
  record: Pick<ActivityRecordRow, 'id' | 'facilityId' | 'periodStart'>,
  results: readonly ActivityResultRow[],
  gwpSetId: GwpSetId,
): NewEmissionResult[] {
  return results.map((result) => ({
    activityRecordId: record.id,
    facilityId: record.facilityId,
    periodStart: record.periodStart,
    scope: result.scope,
    scope3Category: result.scope3Category,
    scope2Method: result.scope2Method,
    gases: { ...result.gases },
    co2eKg: result.co2eKg,
    gwpSetId,
    factorKey: result.factorKey,
    factorVersion: result.factorVersion,
    calculationMethodId: result.calculationMethodId,
    isFallback: result.isFallback,
  }));
}
