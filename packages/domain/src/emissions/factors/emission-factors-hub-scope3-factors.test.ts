import { describe, expect, it } from 'vitest';
import { calculateItem } from '../calculation/index.ts';
import { FACTOR_LIBRARY_BY_ID, type EmissionFactor } from '../factor-library.ts';
import { GWP_SETS } from '../gwp.ts';
import {
  EMISSION_FACTORS_HUB_SCOPE3_FACTORS,
  HUB_WASTE_MATERIALS,
  hubWasteFactorId,
} from './emission-factors-hub-scope3-factors.ts';

function factor(id: string): EmissionFactor {
  const found = FACTOR_LIBRARY_BY_ID.get(id);
  if (found === undefined) throw new Error(`missing factor ${id}`);
  return found;
}

const ofTable = (table: number) =>
  EMISSION_FACTORS_HUB_SCOPE3_FACTORS.filter((entry) => entry.source.includes(`, Table ${table} (`));

describe('EPA GHG Emission Factors Hub 2024, Scope 3 tables', () => {
  it('holds every row of Table 8 (7), every priced cell of Table 9 (61 materials, 183 cells) and Table 10 (12)', () => {
    expect(ofTable(8)).toHaveLength(7);
    expect(HUB_WASTE_MATERIALS).toHaveLength(61);
    expect(ofTable(9)).toHaveLength(183);
    expect(ofTable(10)).toHaveLength(12);
    for (const entry of EMISSION_FACTORS_HUB_SCOPE3_FACTORS) {
      expect(entry, entry.id).toMatchObject({ scope: 3, year: 2024 });
      expect(entry.id).toMatch(/^epa-hub-2024-(freight|waste|travel)-/);
      expect(FACTOR_LIBRARY_BY_ID.get(entry.id)).toBe(entry);
    }
    expect(ofTable(8).every((entry) => entry.category === 4)).toBe(true);
    expect(ofTable(9).every((entry) => entry.category === 5)).toBe(true);
    expect(ofTable(10).every((entry) => entry.category === 6)).toBe(true);
  });

  it('holds the values as the workbook displays them, in the units the Hub prints', () => {
    // ghg-emission-factors-hub-2024.xlsx, sheet "Emission Factors Hub": D413:F413, D416:F416, D418:F418, D419:F419.
    expect(factor('epa-hub-2024-freight-medium-and-heavy-duty-truck-vehicle-mile')).toMatchObject({
      per: 'mi',
      gases: {
        CO2: { value: 1.36, unit: 'kg' },
        CH4: { value: 0.012, unit: 'g' },
        N2O: { value: 0.038, unit: 'g' },
      },
    });
    expect(factor('epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile')).toMatchObject({
      per: 'short_ton_mi',
      gases: {
        CO2: { value: 0.168, unit: 'kg' },
        CH4: { value: 0.0015, unit: 'g' },
        N2O: { value: 0.0047, unit: 'g' },
      },
    });
    expect(factor('epa-hub-2024-freight-waterborne-craft-ton-mile').gases.CH4?.value).toBe(0.0326);
    expect(factor('epa-hub-2024-freight-aircraft-ton-mile').gases).toEqual({
      CO2: { value: 0.905, unit: 'kg' },
      CH4: { value: 0, unit: 'g' },
      N2O: { value: 0.0279, unit: 'g' },
    });
    // D495:F495, D498:F498, D504:F506.
    expect(factor('epa-hub-2024-travel-passenger-car').gases).toEqual({
      CO2: { value: 0.306, unit: 'kg' },
      CH4: { value: 0.009, unit: 'g' },
      N2O: { value: 0.006, unit: 'g' },
    });
    expect(factor('epa-hub-2024-travel-intercity-rail-northeast-corridor')).toMatchObject({
      per: 'passenger_mi',
      gases: { CO2: { value: 0.058 }, CH4: { value: 0.0055 }, N2O: { value: 0.0007 } },
    });
    expect(factor('epa-hub-2024-travel-air-travel-short-haul').gases.CO2?.value).toBe(0.207);
    expect(factor('epa-hub-2024-travel-air-travel-medium-haul').gases.N2O?.value).toBe(0.0041);
    expect(factor('epa-hub-2024-travel-air-travel-long-haul').gases.CO2?.value).toBe(0.163);
    // E468:F468 (Mixed MSW), H448:I448 (food waste, digested), D481 (asphalt concrete, shown to 3 decimals).
    expect(factor(hubWasteFactorId('Mixed MSW', 'landfilled'))).toMatchObject({
      per: 'short_ton',
      gases: {},
      co2e: { value: 0.58, unit: 't', gwp: 'AR4' },
    });
    expect(factor(hubWasteFactorId('Mixed MSW', 'combusted')).co2e?.value).toBe(0.43);
    expect(factor(hubWasteFactorId('Food Waste (non-meat)', 'anaerobically-digested-dry')).co2e?.value).toBe(
      0.14,
    );
    expect(factor(hubWasteFactorId('Food Waste (non-meat)', 'anaerobically-digested-wet')).co2e?.value).toBe(
      0.11,
    );
    expect(factor(hubWasteFactorId('Asphalt Concrete', 'recycled')).co2e?.value).toBe(0.004);
    // "NA" cells give no factor.
    expect(FACTOR_LIBRARY_BY_ID.has(hubWasteFactorId('Mixed MSW', 'recycled'))).toBe(false);
    expect(factor(hubWasteFactorId('Mixed MSW', 'landfilled')).source).toBe(
      'U.S. EPA, GHG Emission Factors Hub 2024, Table 9 (Scope 3 categories 5 and 12, waste generated in operations and end-of-life treatment of sold products), "Mixed MSW", "Landfilled"',
    );
  });

  it('calculates CO2e from the gases with the realm GWP set (AR5 and AR6) and a waste row at its published AR4', () => {
    // 1,000 short ton-miles by truck: 168 kg CO2, 1.5 g CH4, 4.7 g N2O.
    const truckGases = { CO2: 168, CH4: 0.0015, N2O: 0.0047 };
    for (const gwp of ['AR5', 'AR6'] as const) {
      const truck = calculateItem(
        {
          id: 'truck',
          quantity: 1_000,
          unit: 'short_ton_mi',
          factor: { id: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile' },
        },
        gwp,
      );
      if (!truck.ok) throw new Error('the truck did not calculate');
      const values = GWP_SETS[gwp].values;
      expect(truck.result.co2e).toBeCloseTo(
        truckGases.CO2 + truckGases.CH4 * values.CH4 + truckGases.N2O * values.N2O,
        9,
      );
    }
    // In tonne-km: 1 short ton-mile = 1.459972… tonne-km, so 1,459.97 tonne-km is 1,000 short ton-miles.
    const inTonneKm = calculateItem(
      {
        id: 'truck',
        quantity: 1_000 * 0.90718474 * 1.609344,
        unit: 'tonne_km',
        factor: { id: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile' },
      },
      'AR5',
    );
    if (!inTonneKm.ok) throw new Error('the truck in tonne-km did not calculate');
    expect(inTonneKm.result.gases.CO2).toBeCloseTo(168, 9);
    // 2 short tons of mixed MSW landfilled: 1.16 t CO2e as published (AR4), in every realm.
    const waste = calculateItem(
      {
        id: 'waste',
        quantity: 2,
        unit: 'short_ton',
        factor: { id: hubWasteFactorId('Mixed MSW', 'landfilled') },
      },
      'AR6',
    );
    if (!waste.ok) throw new Error('the waste did not calculate');
    expect(waste.result.co2e).toBeCloseTo(1_160, 9);
    expect(waste.result.publishedCo2eGwp).toBe('AR4');
  });
});
