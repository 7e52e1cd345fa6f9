import { scope3LineInputSchema, type Scope3LineDto } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { pickedLibraryFactorId, scope3LineFormValues, scope3LineRequestOf } from './scope3-forms.ts';

const DEFAULTS = { category: 1, year: 2024, facilityId: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b' };

describe('the Scope 3 line form', () => {
  it('turns a spend line typed as text into a request the contract accepts', () => {
    const values = {
      ...scope3LineFormValues(DEFAULTS),
      description: 'Resin',
      spendAmount: '10 000'.replace(' ', ''),
      naicsCode: '325211',
      technological: '4',
      temporal: '2',
      geographical: '3',
      completeness: '2',
      reliability: '3',
    };
    const parsed = scope3LineInputSchema.safeParse(scope3LineRequestOf(values));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      method: 'spend',
      spendAmount: 10_000,
      spendCurrency: 'USD',
      spendYear: 2024,
      priceBasis: 'purchaser',
      quantity: null,
      factorKey: null,
      dataQuality: { technological: 4, reliability: 3 },
    });
  });

  it('names the field a method needs, and a data-quality score left out of five', () => {
    const distance = {
      ...scope3LineFormValues(DEFAULTS),
      method: 'distance' as const,
      description: 'Flights',
      quantity: '1000',
      unit: 'passenger_km',
      factorKey: 'realm:x',
      technological: '2',
    };
    const parsed = scope3LineInputSchema.safeParse(scope3LineRequestOf(distance));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['dataQuality.temporal', 'A score is a whole number from 1 to 5'],
      ['dataQuality.geographical', 'A score is a whole number from 1 to 5'],
      ['dataQuality.completeness', 'A score is a whole number from 1 to 5'],
      ['dataQuality.reliability', 'A score is a whole number from 1 to 5'],
    ]);
    const unscored = scope3LineInputSchema.safeParse(scope3LineRequestOf({ ...distance, technological: '' }));
    expect(unscored.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['mode', 'Mode is required for a distance-based line'],
    ]);
  });

  it('shows a saved spend line as its author typed it, not the converted quantity', () => {
    const line = {
      id: 'a',
      version: 1,
      facilityId: DEFAULTS.facilityId,
      facilityName: 'North',
      category: 1,
      method: 'spend',
      description: 'Resin',
      supplier: null,
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      spendAmount: 10_000,
      spendCurrency: 'USD',
      spendYear: 2024,
      priceBasis: 'producer',
      naicsCode: '325211',
      indexRatio: 100 / 107.2,
      exchangeRate: 1,
      mode: null,
      wasteType: null,
      wasteTreatment: null,
      unitsSold: null,
      lifetimeEnergyKwh: null,
      quantity: 9328.36,
      unit: 'USD',
      factorKey: 'realm:b',
      co2eKg: 6529.85,
      dataQuality: null,
      dataQualityScore: null,
    } satisfies Scope3LineDto;
    expect(scope3LineFormValues(DEFAULTS, line)).toMatchObject({
      spendAmount: '10000',
      priceBasis: 'producer',
      quantity: '',
      factorKey: '',
      technological: '',
    });
  });

  it('shows the library factor a mode or a waste treatment picks, and sends a line without a factor for it', () => {
    const freight = {
      ...scope3LineFormValues({ ...DEFAULTS, category: 4 }),
      method: 'distance' as const,
      description: 'Inbound steel',
      quantity: '12000',
      unit: 'tonne_km',
      mode: 'road',
    };
    expect(pickedLibraryFactorId(freight)).toBe('epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile');
    expect(pickedLibraryFactorId({ ...freight, unit: 'km' })).toBe(
      'epa-hub-2024-freight-medium-and-heavy-duty-truck-vehicle-mile',
    );
    expect(pickedLibraryFactorId({ ...freight, mode: 'other' })).toBeUndefined();
    const parsed = scope3LineInputSchema.safeParse(scope3LineRequestOf(freight));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ mode: 'road', factorKey: null });
    const waste = {
      ...freight,
      method: 'waste' as const,
      wasteType: 'Mixed MSW',
      wasteTreatment: 'landfill',
    };
    expect(pickedLibraryFactorId(waste)).toBe('epa-hub-2024-waste-mixed-msw-landfilled');
  });

  it('shows a saved factor the mode picked as empty, so a new mode picks again, and keeps a chosen one', () => {
    const saved = {
      id: 'b',
      version: 1,
      facilityId: DEFAULTS.facilityId,
      facilityName: 'North',
      category: 6,
      method: 'distance',
      description: 'Trains',
      supplier: null,
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      spendAmount: null,
      spendCurrency: null,
      spendYear: null,
      priceBasis: null,
      naicsCode: null,
      indexRatio: null,
      exchangeRate: null,
      mode: 'rail',
      wasteType: null,
      wasteTreatment: null,
      unitsSold: null,
      lifetimeEnergyKwh: null,
      quantity: 800,
      unit: 'passenger_km',
      factorKey: 'epa-hub-2024-travel-intercity-rail-national-average',
      co2eKg: 57,
      dataQuality: null,
      dataQualityScore: null,
    } satisfies Scope3LineDto;
    expect(scope3LineFormValues(DEFAULTS, saved).factorKey).toBe('');
    const chosen = { ...saved, factorKey: 'epa-hub-2024-travel-commuter-rail' };
    expect(scope3LineFormValues(DEFAULTS, chosen).factorKey).toBe('epa-hub-2024-travel-commuter-rail');
  });
});
