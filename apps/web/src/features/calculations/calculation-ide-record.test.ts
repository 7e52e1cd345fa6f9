import type { ActivityRecordDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { activityRecordParameters } from './calculation-ide-record.ts';

const record: ActivityRecordDto = {
  id: 'r1',
  facilityId: 'f1',
  equipmentId: null,
  activityType: 'stationary-combustion',
  periodStart: '2020-01-01',
  periodEnd: '2020-12-31',
  quantity: 1_000_000,
  unit: 'scf',
  factorKey: 'epa-c1-natural-gas',
  scope: 1,
  scope3Category: null,
  certificateCoverage: null,
  isEstimated: false,
  notes: null,
  co2eKg: 54_500,
  co2eKgMarket: null,
  gwpSetId: 'AR5',
  version: 1,
  createdOn: '2020-02-01T00:00:00.000Z',
  modifiedOn: '2020-02-01T00:00:00.000Z',
};

describe('an activity record as a calculation’s parameters', () => {
  it('gives the record’s fields under the names the engine gives them', () => {
    expect(activityRecordParameters(record)).toEqual({
      quantity: 1_000_000,
      unit: 'scf',
      activity_type: 'stationary-combustion',
      scope: 1,
      scope3_category: null,
      period_start: '2020-01-01',
      period_end: '2020-12-31',
      factor_key: 'epa-c1-natural-gas',
    });
  });
});
