import type { AuditEntryDto, TrailFactor } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  describeAuditEntry,
  describeFactor,
  describeFactorValues,
  formatMonth,
  yearAndPrevious,
} from './facility-format.ts';

const NATURAL_GAS: TrailFactor = {
  key: 'epa-hub-2024-stationary-natural-gas',
  name: 'Natural gas, stationary combustion',
  source: 'EPA GHG Emission Factors Hub',
  version: '2024',
  year: 2024,
  per: 'mmBtu',
  gases: { CO2: { value: 53.06, unit: 'kg' }, CH4: { value: 0.001, unit: 'kg' } },
  hhv: { value: 0.001026, energy: 'mmBtu', per: 'scf' },
};

const UPDATE: AuditEntryDto = {
  id: 7,
  sequence: 7,
  occurredOn: '2026-11-23T10:00:00.000Z',
  actorEmail: 'demo@example.com',
  action: 'update',
  entityType: 'activity-record',
  entityId: 'r1',
  before: { quantity: 100, unit: 'therm', modifiedOn: 'a' },
  after: { quantity: 120, unit: 'therm', modifiedOn: 'b' },
  hash: 'f'.repeat(64),
  previousHash: 'e'.repeat(64),
};

describe('the trail text', () => {
  it('names a factor with its source, version and year', () => {
    expect(describeFactor(NATURAL_GAS)).toBe(
      'Natural gas, stationary combustion — EPA GHG Emission Factors Hub, version 2024 (2024)',
    );
  });

  it("gives a factor's value per gas and its heat content", () => {
    expect(describeFactorValues(NATURAL_GAS)).toBe(
      '53.06 kg CO2 + 0.001 kg CH4 per mmBtu; heat content 0.001026 mmBtu/scf',
    );
    expect(describeFactorValues({ ...NATURAL_GAS, gases: {}, hhv: undefined })).toBe('per mmBtu');
  });

  it('tells who changed what and when, and which fields changed (not the bookkeeping ones)', () => {
    expect(describeAuditEntry(UPDATE, () => 'Nov 23, 2026 10:00')).toBe(
      'demo@example.com changed activity-record r1 on Nov 23, 2026 10:00',
    );
    expect(auditChanges(UPDATE)).toEqual(['quantity: 100 → 120']);
    expect(describeAuditEntry({ ...UPDATE, actorEmail: null, action: 'create' }, (iso) => iso)).toBe(
      'The system created activity-record r1 on 2026-11-23T10:00:00.000Z',
    );
    expect(auditChanges({ ...UPDATE, before: null })).toEqual([]);
  });
});

describe('the figures', () => {
  it('picks the selected year and the one just before it', () => {
    const totals = { co2eKg: 1, scope1: 1, scope2Location: 0, scope2Market: 0, scope3: 0 };
    const years = [
      { year: 2023, ...totals },
      { year: 2025, ...totals },
      { year: 2024, ...totals },
    ];
    const { current, previous } = yearAndPrevious(years, 2024);
    expect(current?.year).toBe(2024);
    expect(previous?.year).toBe(2023);
    expect(yearAndPrevious(years, 2023).previous).toBeUndefined();
    expect(yearAndPrevious(years, 2030).current).toBeUndefined();
    expect(yearAndPrevious(years, null)).toEqual({ current: undefined, previous: undefined });
  });

  it('writes a month out', () => {
    expect(formatMonth('2025-03')).toBe('Mar 2025');
  });
});
