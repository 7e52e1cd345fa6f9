import type { ActivityRecordDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { activityRecordParameters, recordDryRunParameters } from './calculation-ide-record.ts';

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

  it('adds the equipment’s form values under their own names, saying which parameter came from where', () => {
    const { parameters, sources } = recordDryRunParameters(
      { ...record, equipmentId: 'e1' },
      {
        properties: {
          fuel: 'natural gas',
          efficiency: 80,
          isCondensing: true,
          // A record field of the same name wins; values the language has no type for are left out.
          quantity: 5,
          burners: [1, 2],
          ['__proto__']: 7,
        },
      },
    );
    expect(parameters).toMatchObject({
      quantity: 1_000_000,
      fuel: 'natural gas',
      efficiency: 80,
      isCondensing: true,
    });
    expect(Object.hasOwn(parameters, 'burners')).toBe(false);
    expect(Object.getOwnPropertyDescriptor(parameters, '__proto__')?.value).toBe(7);
    expect(sources).toMatchObject({
      quantity: 'record',
      unit: 'record',
      factor_key: 'record',
      fuel: 'equipment',
      efficiency: 'equipment',
      isCondensing: 'equipment',
    });
    expect(Object.getOwnPropertyDescriptor(sources, '__proto__')?.value).toBe('equipment');
    expect(Object.getPrototypeOf(sources)).toBe(Object.prototype);
  });

  it('gives only the record’s fields for a record without equipment', () => {
    const { parameters, sources } = recordDryRunParameters(record);
    expect(parameters).toEqual(activityRecordParameters(record));
    expect(new Set(Object.values(sources))).toEqual(new Set(['record']));
  });
});
