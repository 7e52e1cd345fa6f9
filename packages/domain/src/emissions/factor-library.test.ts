import { describe, expect, it } from 'vitest';
import { calculateItem } from './calculate.ts';
import { FACTOR_LIBRARY, FACTOR_LIBRARY_BY_ID, type EmissionFactor } from './factor-library.ts';

function factor(id: string): EmissionFactor {
  const found = FACTOR_LIBRARY_BY_ID.get(id);
  if (found === undefined) throw new Error(`missing factor ${id}`);
  return found;
}

describe('factor library', () => {
  it('gives every factor a unique, stable id, a name, a source and a year', () => {
    expect(FACTOR_LIBRARY_BY_ID.size).toBe(FACTOR_LIBRARY.length);
    for (const entry of FACTOR_LIBRARY) {
      expect(entry.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(entry.name.length).toBeGreaterThan(0);
      expect(entry.source.length).toBeGreaterThan(0);
      expect(entry.year).toBeGreaterThanOrEqual(2022);
    }
    expect([...FACTOR_LIBRARY_BY_ID.keys()]).toEqual(
      expect.arrayContaining([
        'epa-c1-natural-gas',
        'epa-c1-distillate-fuel-oil-no-2',
        'epa-c1-propane',
        'epa-c1-motor-gasoline',
        'epa-c1-kerosene-type-jet-fuel',
        'epa-c1-bituminous-coal',
        'epa-c1-sub-bituminous-coal',
        'egrid-2022-us-average',
        'desnz-2024-uk-electricity',
        'desnz-2024-natural-gas-gross-cv',
      ]),
    );
  });

  it('calculates one unit of every factor on its own basis', () => {
    for (const entry of FACTOR_LIBRARY) {
      const calculation = calculateItem(
        { id: entry.id, quantity: 1, unit: entry.per, factor: { id: entry.id } },
        'AR5',
      );
      expect(calculation.ok, entry.id).toBe(true);
    }
  });

  it('holds the 40 CFR 98 Table C-1 and C-2 values of DOMAIN.md', () => {
    // fuel: [HHV, per, kg CO2/mmBtu, kg CH4/mmBtu, kg N2O/mmBtu]
    const table: [string, number, string, number, number, number][] = [
      ['natural-gas', 1.026e-3, 'scf', 53.06, 1.0e-3, 1.0e-4],
      ['distillate-fuel-oil-no-2', 0.138, 'gal', 73.96, 3.0e-3, 6.0e-4],
      ['propane', 0.091, 'gal', 62.87, 3.0e-3, 6.0e-4],
      ['motor-gasoline', 0.125, 'gal', 70.22, 3.0e-3, 6.0e-4],
      ['kerosene-type-jet-fuel', 0.135, 'gal', 72.22, 3.0e-3, 6.0e-4],
      ['bituminous-coal', 24.93, 'short_ton', 93.28, 1.1e-2, 1.6e-3],
      ['sub-bituminous-coal', 17.25, 'short_ton', 97.17, 1.1e-2, 1.6e-3],
    ];
    for (const [slug, hhv, per, co2, ch4, n2o] of table) {
      const entry = factor(`epa-c1-${slug}`);
      expect(entry.per).toBe('mmBtu');
      expect(entry.hhv).toEqual({ value: hhv, energy: 'mmBtu', per });
      expect(entry.gases).toEqual({
        CO2: { value: co2, unit: 'kg' },
        CH4: { value: ch4, unit: 'kg' },
        N2O: { value: n2o, unit: 'kg' },
      });
      expect(entry.scope).toBe(1);
    }
  });

  it('agrees with subpart C: each Hub per-unit value is HHV × factor per mmBtu, rounded as published', () => {
    // e.g. distillate: 0.138 mmBtu/gal × 73.96 kg/mmBtu = 10.206 → 10.21 kg CO2/gal;
    // 0.138 × 3.0 g = 0.414 → 0.41 g CH4/gal; 0.138 × 0.60 g = 0.0828 → 0.08 g N2O/gal.
    const pairs: [string, string][] = [
      ['epa-hub-2024-natural-gas-scf', 'epa-c1-natural-gas'],
      ['epa-hub-2024-distillate-fuel-oil-no-2-gal', 'epa-c1-distillate-fuel-oil-no-2'],
      ['epa-hub-2024-propane-gal', 'epa-c1-propane'],
      ['epa-hub-2024-motor-gasoline-gal', 'epa-c1-motor-gasoline'],
      ['epa-hub-2024-bituminous-coal-short-ton', 'epa-c1-bituminous-coal'],
      ['epa-hub-2024-sub-bituminous-coal-short-ton', 'epa-c1-sub-bituminous-coal'],
    ];
    for (const [hubId, subpartCId] of pairs) {
      const perUnit = calculateItem(
        { id: hubId, quantity: 1000, unit: factor(hubId).per, factor: { id: hubId } },
        'AR5',
      );
      const viaHeat = calculateItem(
        { id: subpartCId, quantity: 1000, unit: factor(hubId).per, factor: { id: subpartCId } },
        'AR5',
      );
      if (!perUnit.ok || !viaHeat.ok) throw new Error(`${hubId} did not calculate`);
      for (const gas of ['CO2', 'CH4', 'N2O'] as const) {
        const published = perUnit.result.gases[gas] as number;
        const derived = viaHeat.result.gases[gas] as number;
        // Published to 2-4 significant figures: within 13 % for the smallest values (0.08 g vs 0.0828 g), far
        // closer for CO2.
        expect(Math.abs(published - derived) / derived, `${hubId} ${gas}`).toBeLessThan(
          gas === 'CO2' ? 0.001 : 0.13,
        );
      }
    }
  });

  it('keeps eGRID2022 rates in the published lb/MWh and marks them grid averages for Scope 2', () => {
    const usAverage = factor('egrid-2022-us-average');
    expect(usAverage).toMatchObject({
      per: 'MWh',
      year: 2022,
      scope: 2,
      electricityBasis: 'grid-average',
      gases: {
        CO2: { value: 823.1, unit: 'lb' },
        CH4: { value: 0.066, unit: 'lb' },
        N2O: { value: 0.009, unit: 'lb' },
      },
    });
  });

  it('models the DESNZ factors as published CO2e on AR5, with no per-gas masses', () => {
    expect(factor('desnz-2024-uk-electricity')).toMatchObject({
      per: 'kWh',
      gases: {},
      co2e: { value: 0.20705, unit: 'kg', gwp: 'AR5' },
      scope: 2,
    });
    expect(factor('desnz-2024-natural-gas-gross-cv')).toMatchObject({
      per: 'kWh',
      co2e: { value: 0.1829, unit: 'kg', gwp: 'AR5' },
      calorificBasis: 'gross',
      scope: 1,
    });
  });

  it('cannot be changed at run time', () => {
    const entry = factor('epa-c1-natural-gas');
    expect(Object.isFrozen(entry) && Object.isFrozen(entry.gases) && Object.isFrozen(entry.gases.CO2)).toBe(
      true,
    );
    expect(Object.isFrozen(FACTOR_LIBRARY)).toBe(true);
  });
});
