import { describe, expect, it } from 'vitest';
import { factorCo2ePerUnit } from './factor-co2e.ts';
import { FACTOR_LIBRARY_BY_ID } from './factor-library.ts';

function libraryFactor(id: string) {
  const factor = FACTOR_LIBRARY_BY_ID.get(id);
  if (factor === undefined) throw new Error(`missing ${id}`);
  return factor;
}

describe('factorCo2ePerUnit', () => {
  it('gives a refrigerant blend its GWP in each set, from its components', () => {
    const r410a = libraryFactor('fgas-r-410a');
    // 0.5 × 675 + 0.5 × 3,500; 0.5 × 677 + 0.5 × 3,170; 0.5 × 771 + 0.5 × 3,740.
    expect(factorCo2ePerUnit(r410a, 'AR4')).toBeCloseTo(2087.5, 9);
    expect(factorCo2ePerUnit(r410a, 'AR5')).toBeCloseTo(1923.5, 9);
    expect(factorCo2ePerUnit(r410a, 'AR6')).toBeCloseTo(2255.5, 9);
  });

  it('converts gas units to kg: eGRID lb/MWh, Hub g/gal', () => {
    // 823.1 lb CO2 + 0.066 lb CH4 × 28 + 0.009 lb N2O × 265, in kg.
    expect(factorCo2ePerUnit(libraryFactor('egrid-2022-us-average'), 'AR5')).toBeCloseTo(
      (823.1 + 0.066 * 28 + 0.009 * 265) * 0.45359237,
      9,
    );
    expect(factorCo2ePerUnit(libraryFactor('epa-hub-2024-propane-gal'), 'AR4')).toBeCloseTo(
      5.72 + 0.00027 * 25 + 0.00005 * 298,
      12,
    );
  });

  it('answers a published CO2e only on its own set, and nothing for unknown gases or units', () => {
    const electricity = libraryFactor('desnz-2024-uk-electricity');
    expect(factorCo2ePerUnit(electricity, 'AR5')).toBe(0.20705);
    expect(factorCo2ePerUnit(electricity, 'AR6')).toBeUndefined();
    expect(factorCo2ePerUnit({ gases: { CFC11: { value: 1, unit: 'kg' } } }, 'AR5')).toBeUndefined();
    expect(factorCo2ePerUnit({ gases: { CO2: { value: 1, unit: 'stone' } } }, 'AR5')).toBeUndefined();
  });

  it('converts a published CO2e given in tonnes to kg', () => {
    expect(factorCo2ePerUnit({ gases: {}, co2e: { value: 0.5, unit: 't', gwp: 'AR5' } }, 'AR5')).toBe(500);
  });
});
