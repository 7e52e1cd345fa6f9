import { beforeEach, describe, expect, it } from 'vitest';
import {
  energyInMwh,
  monthTotalsOf,
  NO_EQUIPMENT_NAME,
  PUBLISHED_CO2E_GAS,
  summarizeFacility,
  type SummaryRecord,
  type SummaryResult,
} from './facility-summary.ts';

const boilerId = '00000000-0000-4000-8000-000000000001';

const results: SummaryResult[] = [
  // Natural gas in January 2024: 1,000 kg CO2 and 1 kg CH4 → AR5: 1,000 + 1 × 28 = 1,028 kg CO2e.
  {
    periodStart: '2024-01-01',
    scope: 1,
    scope2Method: '',
    gases: { CO2: 1000, CH4: 1 },
    co2eKg: 1028,
    activityType: 'Natural gas',
    equipmentId: boilerId,
  },
  // Electricity in March 2024, dual-reported: 400 kg location-based, 100 kg market-based.
  {
    periodStart: '2024-03-01',
    scope: 2,
    scope2Method: 'location',
    gases: { CO2: 400 },
    co2eKg: 400,
    activityType: 'Electricity',
    equipmentId: null,
  },
  {
    periodStart: '2024-03-01',
    scope: 2,
    scope2Method: 'market',
    gases: { CO2: 100 },
    co2eKg: 100,
    activityType: 'Electricity',
    equipmentId: null,
  },
  // Business travel in 2025 with a factor published as CO2e only.
  {
    periodStart: '2025-02-01',
    scope: 3,
    scope2Method: '',
    gases: {},
    co2eKg: 50,
    activityType: 'Business travel',
    equipmentId: null,
  },
];

const records: SummaryRecord[] = [
  {
    activityType: 'Natural gas',
    periodStart: '2024-01-01',
    quantity: 100,
    unit: 'mmBtu',
    isEstimated: false,
  },
  { activityType: 'Electricity', periodStart: '2024-03-01', quantity: 2, unit: 'MWh', isEstimated: true },
  // 1,000 gal × 0.138 mmBtu/gal = 138 mmBtu = 40.4437… MWh (1 mmBtu = 0.29307107 MWh).
  {
    activityType: 'Fleet diesel',
    periodStart: '2025-02-01',
    quantity: 1000,
    unit: 'gal',
    isEstimated: false,
    hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
  },
];

describe('summarizeFacility', () => {
  // Computed in each test, not while the file is collected, so that `npm run mutation` sees which test needs it.
  let summary: ReturnType<typeof summarizeFacility>;
  let summary2024: ReturnType<typeof summarizeFacility>;
  beforeEach(() => {
    summary = summarizeFacility({
      gwpSetId: 'AR5',
      results,
      records,
      equipmentNames: new Map([[boilerId, 'Boiler 1']]),
      reported: { '2020': { co2e: 5 } },
    });
    summary2024 = summarizeFacility({
      gwpSetId: 'AR5',
      results,
      records,
      equipmentNames: new Map([[boilerId, 'Boiler 1']]),
      reported: {},
      year: 2024,
    });
  });

  it('reads its totals from the monthly totals the database keeps, and the selected year’s results only', () => {
    const stored = [
      ...monthTotalsOf(results).map((total) => ({ ...total, month: `${total.month}-01` })),
      // A month of 2023, whose results were not read: only the totals carry it.
      { month: '2023-05-01', scope: 1, scope2Method: '', gas: '', gasKg: 0, co2eKg: 7 },
      { month: '2023-05-01', scope: 1, scope2Method: '', gas: 'CO2', gasKg: 7, co2eKg: 0 },
    ];
    const fromTotals = (year?: number) =>
      summarizeFacility({
        gwpSetId: 'AR5',
        monthTotals: stored,
        results: results.filter((result) => result.periodStart.startsWith(String(year ?? 2025))),
        records,
        equipmentNames: new Map([[boilerId, 'Boiler 1']]),
        reported: {},
        year,
      });
    expect(fromTotals(2024)).toEqual({
      ...summary2024,
      years: [
        { year: 2023, co2eKg: 7, scope1: 7, scope2Location: 0, scope2Market: 0, scope3: 0 },
        ...summary2024.years,
      ],
      monthly: expect.any(Array),
    });
    expect(fromTotals(2024).monthly[0]).toMatchObject({ month: '2023-05', co2eKg: 7 });
    expect(fromTotals().year).toBe(2025);
    expect(fromTotals().byGas).toEqual(summary.byGas);
    expect(fromTotals().bySource).toEqual(summary.bySource);
  });

  it('totals each year by scope, counting Scope 2 location-based and giving market-based beside it', () => {
    expect(summary.years).toEqual([
      { year: 2024, co2eKg: 1428, scope1: 1028, scope2Location: 400, scope2Market: 100, scope3: 0 },
      { year: 2025, co2eKg: 50, scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 50 },
    ]);
  });

  it('gives every month from the first to the last, with zeros for months without results', () => {
    expect(summary.monthly.map((month) => month.month)).toHaveLength(14);
    expect(summary.monthly[0]).toEqual({
      month: '2024-01',
      co2eKg: 1028,
      scope1: 1028,
      scope2Location: 0,
      scope2Market: 0,
      scope3: 0,
    });
    expect(summary.monthly[1]?.co2eKg).toBe(0);
    expect(summary.monthly.at(-1)?.month).toBe('2025-02');
  });

  it('breaks the year’s location-based total down by source, equipment and gas, largest first', () => {
    expect(summary2024.year).toBe(2024);
    expect(summary2024.bySource).toEqual([
      { activityType: 'Natural gas', co2eKg: 1028 },
      { activityType: 'Electricity', co2eKg: 400 },
    ]);
    expect(summary2024.byEquipment).toEqual([
      { equipmentId: boilerId, name: 'Boiler 1', co2eKg: 1028 },
      { equipmentId: null, name: NO_EQUIPMENT_NAME, co2eKg: 400 },
    ]);
    // CO2: 1,000 + 400 = 1,400 kg; CH4: 1 kg × 28 (AR5) = 28 kg CO2e.
    expect(summary2024.byGas).toEqual([
      { gas: 'CO2', kg: 1400, co2eKg: 1400 },
      { gas: 'CH4', kg: 1, co2eKg: 28 },
    ]);
    expect(summary2024.dataQuality).toEqual([
      expect.objectContaining({ kind: 'estimated', activityType: 'Electricity', month: '2024-03' }),
    ]);
  });

  it('covers the latest year with results when no year is asked for', () => {
    expect(summary.year).toBe(2025);
    expect(summary.bySource).toEqual([{ activityType: 'Business travel', co2eKg: 50 }]);
    expect(summary.byGas).toEqual([{ gas: PUBLISHED_CO2E_GAS, kg: 50, co2eKg: 50 }]);
    // The 2024 flag is not of this year; the yearly and monthly totals still cover every year.
    expect(summary.dataQuality).toEqual([]);
    expect(summary.years).toHaveLength(2);
  });

  it('gives the latest year’s intensity per MWh of energy used', () => {
    // 2025: 50 kg CO2e / 40.44380766 MWh of diesel.
    expect(summary.intensity?.year).toBe(2025);
    expect(summary.intensity?.unit).toBe('MWh');
    expect(summary.intensity?.co2eKgPerUnit).toBeCloseTo(50 / (138 * 0.29307107), 6);
    expect(summary.reported).toEqual({ '2020': { co2e: 5 } });
    expect(summary.gwpSetId).toBe('AR5');
  });

  it('is empty, with no intensity, for a facility without results', () => {
    const empty = summarizeFacility({
      gwpSetId: 'AR6',
      results: [],
      records: [],
      equipmentNames: new Map(),
      reported: {},
    });
    expect(empty).toMatchObject({
      year: null,
      years: [],
      monthly: [],
      bySource: [],
      byGas: [],
      intensity: null,
    });
  });
});

describe('energyInMwh', () => {
  it('converts energy units directly and fuels through their heat content, else gives undefined', () => {
    expect(energyInMwh({ ...records[1]!, quantity: 2500, unit: 'kWh' })).toBe(2.5);
    expect(energyInMwh({ ...records[0]!, quantity: 10, unit: 'gal' })).toBeUndefined();
  });
});

// Found by `npm run mutation` (docs/testing.md).
describe('summarizeFacility, in any order and at its edges', () => {
  const result = (periodStart: string, co2eKg: number): SummaryResult => ({
    periodStart,
    scope: 1,
    scope2Method: '',
    gases: { CO2: co2eKg },
    co2eKg,
    activityType: 'Natural gas',
    equipmentId: null,
  });
  const summarize = (input: { results: SummaryResult[]; records?: SummaryRecord[] }) =>
    summarizeFacility({
      gwpSetId: 'AR5',
      results: input.results,
      records: input.records ?? [],
      equipmentNames: new Map(),
      reported: {},
    });

  it('sorts years and months whatever order the results come in, adding results of one month', () => {
    const summary = summarize({
      results: [
        result('2025-02-01', 5),
        result('2024-12-01', 3),
        result('2024-11-01', 2),
        result('2024-12-15', 4),
      ],
    });
    expect(summary.years.map(({ year, co2eKg }) => [year, co2eKg])).toEqual([
      [2024, 9],
      [2025, 5],
    ]);
    expect(summary.monthly.map(({ month, co2eKg }) => [month, co2eKg])).toEqual([
      ['2024-11', 2],
      ['2024-12', 7],
      ['2025-01', 0],
      ['2025-02', 5],
    ]);
  });

  it('gives the intensity of the latest year, and none without energy records', () => {
    const energy = (periodStart: string, quantity: number): SummaryRecord => ({
      activityType: 'Electricity',
      periodStart,
      quantity,
      unit: 'MWh',
      isEstimated: false,
    });
    const results = [result('2023-01-01', 100), result('2024-01-01', 60), result('2025-01-01', 30)];
    const summary = summarize({
      results,
      records: [energy('2023-01-01', 1), energy('2024-01-01', 2), energy('2025-01-01', 3)],
    });
    expect(summary.intensity).toEqual({ co2eKgPerUnit: 10, unit: 'MWh', year: 2025 });
    expect(summarize({ results }).intensity).toBeNull();
  });

  it('turns a fuel into MWh through its heat content in another unit of the same dimension', () => {
    // 10 L = 2.6417205 gal × 0.138 mmBtu/gal = 0.364557… mmBtu × 0.29307107 MWh/mmBtu
    const diesel: SummaryRecord = {
      activityType: 'Fleet diesel',
      periodStart: '2025-02-01',
      quantity: 10,
      unit: 'L',
      isEstimated: false,
      hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
    };
    expect(energyInMwh(diesel)).toBeCloseTo((10 / 3.785411784) * 0.138 * 0.29307107, 6);
    expect(energyInMwh({ ...diesel, hhv: { value: 0.138, energy: 'kg', per: 'gal' } })).toBeUndefined();
  });
});
