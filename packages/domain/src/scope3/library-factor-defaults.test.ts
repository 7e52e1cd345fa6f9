import { TRANSPORT_MODES, WASTE_TREATMENTS } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { FACTOR_LIBRARY_BY_ID, HUB_WASTE_MATERIALS } from '../emissions/factor-library.ts';
import {
  defaultDistanceFactorId,
  defaultWasteFactorId,
  FREIGHT_TON_MILE_FACTORS,
  FREIGHT_VEHICLE_MILE_FACTORS,
  hubWasteMaterialOf,
  TRAVEL_PASSENGER_MILE_FACTORS,
  TRAVEL_VEHICLE_MILE_FACTORS,
  WASTE_TREATMENT_DISPOSAL_METHODS,
} from './library-factor-defaults.ts';

describe('library factor defaults of Scope 3 lines', () => {
  it('maps every mode to an existing library factor of the right unit, and every mode of the contract somewhere', () => {
    const tables = [
      [FREIGHT_TON_MILE_FACTORS, 'short_ton_mi', 4],
      [FREIGHT_VEHICLE_MILE_FACTORS, 'mi', 4],
      [TRAVEL_VEHICLE_MILE_FACTORS, 'mi', 6],
      [TRAVEL_PASSENGER_MILE_FACTORS, 'passenger_mi', 6],
    ] as const;
    const mapped = new Set<string>();
    for (const [table, per, category] of tables) {
      for (const [mode, id] of Object.entries(table)) {
        const factor = FACTOR_LIBRARY_BY_ID.get(id);
        expect(factor, `${mode} → ${id}`).toBeDefined();
        expect(factor).toMatchObject({ per, scope: 3, category });
        mapped.add(mode);
      }
    }
    // `other` names no vehicle; every other mode picks a factor for at least one kind of quantity.
    expect(TRANSPORT_MODES.filter((mode) => !mapped.has(mode))).toEqual(['other']);
  });

  it('picks the freight or travel column by the unit of the quantity and the category', () => {
    expect(defaultDistanceFactorId({ category: 4, mode: 'road', unit: 'tonne_km' })).toBe(
      'epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile',
    );
    expect(defaultDistanceFactorId({ category: 9, mode: 'road', unit: 'km' })).toBe(
      'epa-hub-2024-freight-medium-and-heavy-duty-truck-vehicle-mile',
    );
    expect(defaultDistanceFactorId({ category: 9, mode: 'sea', unit: 'short_ton_mi' })).toBe(
      'epa-hub-2024-freight-waterborne-craft-ton-mile',
    );
    expect(defaultDistanceFactorId({ category: 6, mode: 'car', unit: 'mi' })).toBe(
      'epa-hub-2024-travel-passenger-car',
    );
    expect(defaultDistanceFactorId({ category: 7, mode: 'rail', unit: 'passenger_km' })).toBe(
      'epa-hub-2024-travel-intercity-rail-national-average',
    );
    expect(defaultDistanceFactorId({ category: 6, mode: 'air-long-haul', unit: 'passenger_km' })).toBe(
      'epa-hub-2024-travel-air-travel-long-haul',
    );
    // No factor: the haul of plain air travel, a bus per vehicle-mile, a mass unit, an unknown unit.
    expect(defaultDistanceFactorId({ category: 6, mode: 'air', unit: 'passenger_km' })).toBeUndefined();
    expect(defaultDistanceFactorId({ category: 7, mode: 'bus', unit: 'km' })).toBeUndefined();
    expect(defaultDistanceFactorId({ category: 4, mode: 'road', unit: 't' })).toBeUndefined();
    expect(defaultDistanceFactorId({ category: 4, mode: 'road', unit: 'furlong' })).toBeUndefined();
  });

  it('maps every treatment with a Table 9 column to a disposal method whose factors exist', () => {
    const unmapped = WASTE_TREATMENTS.filter((treatment) => !(treatment in WASTE_TREATMENT_DISPOSAL_METHODS));
    expect(unmapped).toEqual(['anaerobic-digestion', 'other']);
    for (const treatment of WASTE_TREATMENTS) {
      const picked = HUB_WASTE_MATERIALS.map((material) =>
        defaultWasteFactorId({ wasteType: material, wasteTreatment: treatment }),
      ).filter((id) => id !== undefined);
      for (const id of picked) expect(FACTOR_LIBRARY_BY_ID.has(id), id).toBe(true);
      if (treatment in WASTE_TREATMENT_DISPOSAL_METHODS) expect(picked.length, treatment).toBeGreaterThan(0);
    }
  });

  it('picks the Table 9 cell of a waste type and treatment, with none for an NA cell or an unknown type', () => {
    expect(hubWasteMaterialOf('  mixed   msw ')).toBe('Mixed MSW');
    expect(defaultWasteFactorId({ wasteType: 'Mixed MSW', wasteTreatment: 'landfill' })).toBe(
      'epa-hub-2024-waste-mixed-msw-landfilled',
    );
    expect(
      defaultWasteFactorId({ wasteType: 'food waste (non-meat)', wasteTreatment: 'anaerobic-digestion-wet' }),
    ).toBe('epa-hub-2024-waste-food-waste-non-meat-anaerobically-digested-wet');
    expect(defaultWasteFactorId({ wasteType: 'Mixed MSW', wasteTreatment: 'recycling' })).toBeUndefined();
    expect(defaultWasteFactorId({ wasteType: 'Pallets', wasteTreatment: 'landfill' })).toBeUndefined();
  });
});
