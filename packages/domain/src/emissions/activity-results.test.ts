import { describe, expect, it } from 'vitest';
import {
  calculateActivityResults,
  createActivityCalculator,
  type ActivityRecordInput,
  type ActivityResultRow,
  type ActivityResultsOutcome,
} from './activity-results.ts';
import { FACTOR_LIBRARY_BY_ID, type EmissionFactor } from './factor-library.ts';

function rowsOf(outcome: ActivityResultsOutcome): readonly ActivityResultRow[] {
  if (!outcome.ok) throw new Error(`calculation failed: ${JSON.stringify(outcome.errors)}`);
  return outcome.rows;
}

function errorsOf(outcome: ActivityResultsOutcome) {
  if (outcome.ok) throw new Error('expected the record to be refused');
  return outcome.errors;
}

const ar5 = createActivityCalculator('AR5');

const record = (fields: Partial<ActivityRecordInput>): ActivityRecordInput => ({
  id: 'record-1',
  quantity: 1000,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  scope3Category: null,
  certificateCoverage: null,
  ...fields,
});

describe('activity results: one row outside Scope 2', () => {
  it('fuel in gallons goes through the heat content', () => {
    // 1000 gal × 0.138 mmBtu/gal = 138 mmBtu
    // CO2 = 138 × 73.96 = 10,206.48 kg; CH4 = 138 × 0.003 = 0.414 kg; N2O = 138 × 0.0006 = 0.0828 kg
    // AR5 CO2e = 10,206.48 + 0.414 × 28 + 0.0828 × 265 = 10,240.014 kg
    const [row, ...rest] = rowsOf(calculateActivityResults(record({}), ar5));
    expect(rest).toEqual([]);
    expect(row?.gases.CO2).toBeCloseTo(10_206.48, 6);
    expect(row?.gases.CH4).toBeCloseTo(0.414, 9);
    expect(row?.gases.N2O).toBeCloseTo(0.0828, 9);
    expect(row?.co2eKg).toBeCloseTo(10_240.014, 6);
    expect(row).toMatchObject({
      scope2Method: '',
      scope: 1,
      scope3Category: null,
      factorKey: 'epa-c1-distillate-fuel-oil-no-2',
      factorVersion: '2024',
      calculationMethodId: 'heat-content',
      isFallback: false,
    });
  });

  it('energy against a factor per energy is a direct conversion', () => {
    // 10 mmBtu natural gas: CO2 = 10 × 53.06 = 530.6 kg; CH4 = 10 × 0.001 = 0.01 kg; N2O = 10 × 0.0001 = 0.001 kg
    // AR5 CO2e = 530.6 + 0.01 × 28 + 0.001 × 265 = 530.6 + 0.28 + 0.265 = 531.145 kg
    const [row] = rowsOf(
      calculateActivityResults(record({ quantity: 10, unit: 'mmBtu', factorKey: 'epa-c1-natural-gas' }), ar5),
    );
    expect(row?.co2eKg).toBeCloseTo(531.145, 9);
    expect(row?.calculationMethodId).toBe('direct');
  });

  it('a factor published as CO2e names that method and gives no gas masses', () => {
    // 1000 kWh × 0.1829 kg CO2e/kWh (DESNZ 2024, gross CV) = 182.9 kg CO2e
    const [row] = rowsOf(
      calculateActivityResults(
        record({ unit: 'kWh', factorKey: 'desnz-2024-natural-gas-gross-cv' }),
        createActivityCalculator('AR6'),
      ),
    );
    expect(row?.co2eKg).toBeCloseTo(182.9, 9);
    expect(row?.gases).toEqual({});
    expect(row?.calculationMethodId).toBe('co2e-published');
  });

  it('tags Scope 3 records with their category', () => {
    const [row] = rowsOf(calculateActivityResults(record({ scope: 3, scope3Category: 4 }), ar5));
    expect(row).toMatchObject({ scope: 3, scope3Category: 4, scope2Method: '' });
    expect(row?.co2eKg).toBeCloseTo(10_240.014, 6);
  });
});

describe('activity results: Scope 2 dual reporting', () => {
  const electricity = record({
    quantity: 100,
    unit: 'MWh',
    factorKey: 'egrid-2022-us-average',
    scope: 2,
    certificateCoverage: 0.4,
  });
  // eGRID2022 U.S. average, per MWh: 823.1 lb CO2, 0.066 lb CH4, 0.009 lb N2O; 1 lb = 0.45359237 kg.
  // 100 MWh: CO2 = 82,310 lb = 37,335.1879747 kg; CH4 = 6.6 lb = 2.993709642 kg; N2O = 0.9 lb = 0.408233133 kg
  // AR5 CO2e = 37,335.1879747 + 2.993709642 × 28 + 0.408233133 × 265
  //          = 37,335.1879747 + 83.823869976 + 108.181780245 = 37,527.193624921 kg
  const locationCo2e = 37_527.193624921;

  it('gives a location-based row with the grid factor and a market-based row net of certificates', () => {
    const [location, market, ...rest] = rowsOf(calculateActivityResults(electricity, ar5));
    expect(rest).toEqual([]);
    expect(location).toMatchObject({
      scope: 2,
      scope2Method: 'location',
      calculationMethodId: 'scope2-location',
      factorVersion: '2022',
      isFallback: false,
    });
    expect(location?.co2eKg).toBeCloseTo(locationCo2e, 6);
    expect(location?.gases.CO2).toBeCloseTo(37_335.1879747, 6);
    // Market-based: 40% covered by certificates (zero emissions); the other 60% takes the grid average,
    // which is the disclosed fallback: 0.6 × 37,527.193624921 = 22,516.316174953 kg
    expect(market).toMatchObject({ scope2Method: 'market', calculationMethodId: 'scope2-market' });
    expect(market?.co2eKg).toBeCloseTo(22_516.316174953, 6);
    expect(market?.gases.CO2).toBeCloseTo(0.6 * 37_335.1879747, 6);
    expect(market?.isFallback).toBe(true);
  });

  it('without coverage both methods give the same figure', () => {
    const rows = rowsOf(calculateActivityResults({ ...electricity, certificateCoverage: null }, ar5));
    expect(rows.map((row) => row.co2eKg)).toEqual([rows[0]?.co2eKg, rows[0]?.co2eKg]);
  });

  it('a supplier-specific factor gives only the market-based row, not flagged as fallback', () => {
    // A realm's own factor: 0.1 kg CO2 per kWh from the supplier; 50,000 kWh, half covered:
    // 25,000 kWh × 0.1 = 2,500 kg CO2 = 2,500 kg CO2e
    const supplier: EmissionFactor = {
      id: 'realm:8b0e7b3e-0d7c-4a4e-9a43-1b5c2f9a0c11',
      name: 'Green supplier tariff',
      source: 'Supplier disclosure 2024',
      year: 2024,
      per: 'kWh',
      gases: { CO2: { value: 0.1, unit: 'kg' } },
      scope: 2,
      electricityBasis: 'supplier-specific',
    };
    const factors = new Map([[supplier.id, supplier]]);
    const calculator = createActivityCalculator('AR5', {
      factors,
      factorVersionOf: (key) => `${key}@1`,
    });
    const rows = rowsOf(
      calculateActivityResults(
        record({
          quantity: 50_000,
          unit: 'kWh',
          factorKey: supplier.id,
          scope: 2,
          certificateCoverage: 0.5,
        }),
        calculator,
      ),
    );
    expect(rows).toEqual([
      {
        scope2Method: 'market',
        scope: 2,
        scope3Category: null,
        gases: { CO2: 2_500 },
        co2eKg: 2_500,
        factorKey: supplier.id,
        factorVersion: `${supplier.id}@1`,
        calculationMethodId: 'scope2-market',
        isFallback: false,
      },
    ]);
  });
});

describe('activity results: records the engine refuses', () => {
  it('names an unknown factor once, even for Scope 2', () => {
    const outcome = calculateActivityResults(
      record({ scope: 2, unit: 'MWh', factorKey: 'retired-factor' }),
      ar5,
    );
    expect(errorsOf(outcome)).toEqual([
      { path: 'factorKey', message: 'Unknown emission factor "retired-factor"' },
    ]);
  });

  it('refuses a negative quantity and a unit the factor cannot take', () => {
    expect(errorsOf(calculateActivityResults(record({ quantity: -5 }), ar5))).toEqual([
      { path: 'quantity', message: 'Quantity must not be negative (got -5)' },
    ]);
    expect(errorsOf(calculateActivityResults(record({ quantity: 10, unit: 'km' }), ar5))).toEqual([
      {
        path: 'unit',
        message:
          'Cannot convert km to mmBtu with an hhv in mmBtu per gal: provide an hhv (energy per km) or use a factor per distance',
      },
    ]);
  });

  it('refuses certificate coverage outside Scope 2 and a category outside Scope 3', () => {
    expect(errorsOf(calculateActivityResults(record({ certificateCoverage: 0.2 }), ar5))).toEqual([
      {
        path: 'certificateCoverage',
        message: 'certificateCoverage applies only to Scope 2 items; this item is Scope 1',
      },
    ]);
    expect(errorsOf(calculateActivityResults(record({ scope3Category: 6 }), ar5))).toEqual([
      {
        path: 'scope3Category',
        message: 'scope3Category applies only to Scope 3 items; this item is Scope 1',
      },
    ]);
  });

  it('uses the shipped library when no lookup is given', () => {
    expect(ar5.factors).toBe(FACTOR_LIBRARY_BY_ID);
  });
});

// Found by `npm run mutation` (docs/testing.md).
describe('activity results: Scope 2 edges', () => {
  it('reports a problem both Scope 2 items share once', () => {
    const electricity = record({ quantity: -5, unit: 'MWh', factorKey: 'egrid-2022-us-average', scope: 2 });
    expect(errorsOf(calculateActivityResults(electricity, ar5))).toEqual([
      { path: 'quantity', message: 'Quantity must not be negative (got -5)' },
    ]);
  });

  it.each(['residual-mix', 'supplier-specific'] as const)(
    'gives a record with a %s factor its market-based row only',
    (electricityBasis) => {
      const supplier: EmissionFactor = {
        id: 'supplier-2024',
        name: 'Supplier rate',
        source: 'Supplier disclosure',
        year: 2024,
        per: 'kWh',
        gases: { CO2: { value: 0.2, unit: 'kg' } },
        scope: 2,
        electricityBasis,
      };
      const calculator = createActivityCalculator('AR5', {
        factors: new Map([...FACTOR_LIBRARY_BY_ID, [supplier.id, supplier]]),
      });
      const rows = rowsOf(
        calculateActivityResults(
          record({ quantity: 100, unit: 'kWh', factorKey: supplier.id, scope: 2 }),
          calculator,
        ),
      );
      expect(rows.map((row) => [row.scope2Method, row.co2eKg])).toEqual([['market', 20]]);
    },
  );
});
