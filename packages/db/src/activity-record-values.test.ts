import type { ActivityResultRow } from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { activityRecordAuditSnapshot, emissionResultValues } from './activity-record-values.ts';

const RECORD = {
  id: '5b0c7f1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
  facilityId: '6c1d8a2f-3e4b-4c6d-9e0f-1a2b3c4d5e6f',
  equipmentId: null,
  activityType: 'electricity',
  periodStart: '2024-01-01',
  periodEnd: '2024-01-31',
  quantity: 1000,
  unit: 'kWh',
  factorKey: 'egrid-2022-us-average',
  scope: 2,
  scope3Category: null,
  certificateCoverage: 0.4,
  isEstimated: false,
  notes: null,
  createdBy: '7d2e9b3a-4f5c-4d7e-8f1a-2b3c4d5e6f7a',
};

function result(scope2Method: ActivityResultRow['scope2Method'], co2eKg: number): ActivityResultRow {
  return {
    scope2Method,
    scope: 2,
    scope3Category: null,
    gases: { CO2: co2eKg },
    co2eKg,
    factorKey: RECORD.factorKey,
    factorVersion: '2022',
    calculationMethodId: scope2Method === 'market' ? 'scope2-market' : 'scope2-location',
    isFallback: scope2Method === 'market',
  };
}

describe('what is stored beside an activity record', () => {
  it('keeps in the audit log the inputs and the CO2e by Scope 2 method, without ids or bookkeeping', () => {
    const snapshot = activityRecordAuditSnapshot(RECORD, [result('location', 375), result('market', 225)]);
    const { id: _id, createdBy: _createdBy, ...inputs } = RECORD;
    expect(snapshot).toEqual({ ...inputs, co2eKg: { location: 375, market: 225 } });
    expect(activityRecordAuditSnapshot({ ...RECORD, scope: 1 }, [{ ...result('', 10) }]).co2eKg).toEqual({
      total: 10,
    });
  });

  it('writes one result row per engine result, on the given GWP set, with its own copy of the gases', () => {
    const location = result('location', 375);
    const [row] = emissionResultValues(RECORD, [location], 'AR6');
    expect(row).toEqual({
      activityRecordId: RECORD.id,
      facilityId: RECORD.facilityId,
      periodStart: '2024-01-01',
      scope: 2,
      scope3Category: null,
      scope2Method: 'location',
      gases: { CO2: 375 },
      co2eKg: 375,
      gwpSetId: 'AR6',
      factorKey: RECORD.factorKey,
      factorVersion: '2022',
      calculationMethodId: 'scope2-location',
      isFallback: false,
    });
    expect(row?.gases).not.toBe(location.gases);
  });
});
