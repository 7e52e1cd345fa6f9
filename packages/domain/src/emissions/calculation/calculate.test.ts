import { describe, expect, it } from 'vitest';
import {
  MAX_ESTIMATE_ITEMS,
  calculateItem,
  createItemCalculator,
  estimate,
  type EstimateItem,
  type EstimateOutcome,
  type EstimateSuccess,
  type ItemEmissions,
} from './index.ts';
import type { EmissionFactor } from '../factor-library.ts';
import type { GwpSetId } from '../gwp.ts';

function succeed(outcome: EstimateOutcome): EstimateSuccess {
  if (!outcome.ok) throw new Error(`estimate failed: ${JSON.stringify(outcome.items)}`);
  return outcome;
}

function only(gwp: GwpSetId, item: EstimateItem): ItemEmissions {
  const [result] = succeed(estimate({ gwp, items: [item] })).items;
  if (result === undefined) throw new Error('no result');
  return result;
}

function errorsOf(outcome: EstimateOutcome) {
  if (outcome.ok) throw new Error('expected the estimate to fail');
  return outcome.items;
}

const distillate = (quantity: number, unit = 'gal'): EstimateItem => ({
  id: 'boiler-oil',
  quantity,
  unit,
  factor: { id: 'epa-c1-distillate-fuel-oil-no-2' },
});

describe('heat-content path (40 CFR 98 subpart C, Equation C-1)', () => {
  it('1000 gal of distillate No. 2, AR5', () => {
    // 1000 gal × 0.138 mmBtu/gal = 138 mmBtu
    // CO2 = 138 × 73.96 = 10,206.48 kg; CH4 = 138 × 0.003 = 0.414 kg; N2O = 138 × 0.0006 = 0.0828 kg
    // AR5 CO2e = 10,206.48 + 0.414 × 28 + 0.0828 × 265 = 10,206.48 + 11.592 + 21.942 = 10,240.014 kg
    const result = only('AR5', distillate(1000));
    expect(result.gases.CO2).toBeCloseTo(10_206.48, 6);
    expect(result.gases.CH4).toBeCloseTo(0.414, 9);
    expect(result.gases.N2O).toBeCloseTo(0.0828, 9);
    expect(result.co2e).toBeCloseTo(10_240.014, 6);
    expect(result).toMatchObject({
      scope: 1,
      basis: 'heat-content',
      factorId: 'epa-c1-distillate-fuel-oil-no-2',
    });
  });

  it('applies the GWP set after the per-gas masses: same masses, AR4 and AR6 CO2e', () => {
    // AR4: 10,206.48 + 0.414 × 25 + 0.0828 × 298 = 10,206.48 + 10.35 + 24.6744 = 10,241.5044 kg
    // AR6: 10,206.48 + 0.414 × 27.9 + 0.0828 × 273 = 10,206.48 + 11.5506 + 22.6044 = 10,240.635 kg
    const ar4 = only('AR4', distillate(1000));
    const ar6 = only('AR6', distillate(1000));
    expect(ar4.gases).toEqual(ar6.gases);
    expect(ar4.co2e).toBeCloseTo(10_241.5044, 6);
    expect(ar6.co2e).toBeCloseTo(10_240.635, 6);
  });

  it('converts litres to gallons before the heat content', () => {
    // 1000 L ÷ 3.785411784 L/gal = 264.172052 gal × 0.138 = 36.455743 mmBtu × 73.96 = 2,696.2668 kg CO2
    expect(only('AR5', distillate(1000, 'L')).gases.CO2).toBeCloseTo(2_696.2668, 3);
  });

  it('prefers a measured heat content given with the item', () => {
    // 1000 gal × 0.140 mmBtu/gal (measured) = 140 mmBtu × 73.96 = 10,354.4 kg CO2
    const result = only('AR5', { ...distillate(1000), hhv: { value: 0.14, energy: 'mmBtu', per: 'gal' } });
    expect(result.gases.CO2).toBeCloseTo(10_354.4, 6);
  });

  it('natural gas in scf', () => {
    // 100,000 scf × 1.026e-3 mmBtu/scf = 102.6 mmBtu
    // CO2 = 102.6 × 53.06 = 5,443.956 kg; CH4 = 102.6 × 0.001 = 0.1026 kg; N2O = 102.6 × 0.0001 = 0.01026 kg
    // AR5 CO2e = 5,443.956 + 0.1026 × 28 + 0.01026 × 265 = 5,443.956 + 2.8728 + 2.7189 = 5,449.5477 kg
    const result = only('AR5', {
      id: 'ng',
      quantity: 100_000,
      unit: 'scf',
      factor: { id: 'epa-c1-natural-gas' },
    });
    expect(result.gases).toEqual({
      CO2: expect.closeTo(5_443.956, 6),
      CH4: expect.closeTo(0.1026, 9),
      N2O: expect.closeTo(0.01026, 9),
    });
    expect(result.co2e).toBeCloseTo(5_449.5477, 6);
    expect(result.basis).toBe('heat-content');
  });

  it('natural gas in therms against a factor per mmBtu: a direct energy conversion', () => {
    // 1,000 therm × 0.1 mmBtu/therm = 100 mmBtu; CO2 = 100 × 53.06 = 5,306 kg; CH4 = 0.1 kg; N2O = 0.01 kg
    // AR5 CO2e = 5,306 + 0.1 × 28 + 0.01 × 265 = 5,306 + 2.8 + 2.65 = 5,311.45 kg
    const result = only('AR5', {
      id: 'ng',
      quantity: 1000,
      unit: 'therm',
      factor: { id: 'epa-c1-natural-gas' },
    });
    expect(result.gases.CO2).toBeCloseTo(5_306, 9);
    expect(result.co2e).toBeCloseTo(5_311.45, 9);
    expect(result.basis).toBe('direct');
  });

  it('natural gas in therms against a factor per scf: energy ÷ HHV', () => {
    // 1,000 therm = 100 mmBtu ÷ 0.001026 mmBtu/scf = 97,465.887 scf
    // CO2 = 97,465.887 × 0.05444 kg = 5,306.0429 kg; CH4 = 97,465.887 × 0.00103 g = 100.390 g = 0.100390 kg
    const result = only('AR5', {
      id: 'ng',
      quantity: 1000,
      unit: 'therm',
      factor: { id: 'epa-hub-2024-natural-gas-scf' },
    });
    expect(result.gases.CO2).toBeCloseTo(5_306.0429, 4);
    expect(result.gases.CH4).toBeCloseTo(0.10039, 6);
    expect(result.basis).toBe('heat-content');
  });

  it('bituminous coal in short tons', () => {
    // 500 short ton × 24.93 mmBtu/short ton = 12,465 mmBtu
    // CO2 = 12,465 × 93.28 = 1,162,735.2 kg; CH4 = 12,465 × 0.011 = 137.115 kg; N2O = 12,465 × 0.0016 = 19.944 kg
    // AR5 CO2e = 1,162,735.2 + 137.115 × 28 + 19.944 × 265 = 1,162,735.2 + 3,839.22 + 5,285.16 = 1,171,859.58 kg
    const result = only('AR5', {
      id: 'coal',
      quantity: 500,
      unit: 'short_ton',
      factor: { id: 'epa-c1-bituminous-coal' },
    });
    expect(result.gases.CO2).toBeCloseTo(1_162_735.2, 5);
    expect(result.gases.CH4).toBeCloseTo(137.115, 8);
    expect(result.gases.N2O).toBeCloseTo(19.944, 8);
    expect(result.co2e).toBeCloseTo(1_171_859.58, 5);
  });

  it('bituminous coal in metric tonnes converts to short tons first', () => {
    // 100 t ÷ 0.90718474 t/short ton = 110.231131 short ton × 24.93 = 2,748.0621 mmBtu × 93.28 = 256,339.23 kg CO2
    const result = only('AR5', {
      id: 'coal',
      quantity: 100,
      unit: 't',
      factor: { id: 'epa-c1-bituminous-coal' },
    });
    expect(result.gases.CO2).toBeCloseTo(256_339.23, 2);
  });

  it('bituminous coal with the Hub per-short-ton factor, gas masses published in g', () => {
    // 500 short ton × 2,325 kg = 1,162,500 kg CO2; × 274 g = 137,000 g = 137 kg CH4; × 40 g = 20,000 g = 20 kg N2O
    // AR5 CO2e = 1,162,500 + 137 × 28 + 20 × 265 = 1,162,500 + 3,836 + 5,300 = 1,171,636 kg
    const result = only('AR5', {
      id: 'coal',
      quantity: 500,
      unit: 'short_ton',
      factor: { id: 'epa-hub-2024-bituminous-coal-short-ton' },
    });
    expect(result.gases).toEqual({ CO2: 1_162_500, CH4: expect.closeTo(137, 9), N2O: expect.closeTo(20, 9) });
    expect(result.co2e).toBeCloseTo(1_171_636, 6);
    expect(result.basis).toBe('direct');
  });

  it('accepts the same factor given inline, as in the estimate API example', () => {
    const inline = only('AR5', {
      id: 'inline',
      quantity: 1000,
      unit: 'gal',
      scope: 1,
      factor: {
        per: 'mmBtu',
        gases: {
          CO2: { value: 73.96, unit: 'kg' },
          CH4: { value: 3.0, unit: 'g' },
          N2O: { value: 0.6, unit: 'g' },
        },
        hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
      },
    });
    expect(inline.co2e).toBeCloseTo(10_240.014, 6);
    expect(inline.factorId).toBeUndefined();
  });

  it('converts gas masses given in t and lb to kg', () => {
    // 10 MWh × 0.5 t CO2/MWh = 5 t = 5,000 kg; 10 MWh × 2 lb CH4/MWh = 20 lb × 0.45359237 = 9.0718474 kg
    const result = only('AR5', {
      id: 'process',
      quantity: 10,
      unit: 'MWh',
      scope: 1,
      factor: { per: 'MWh', gases: { CO2: { value: 0.5, unit: 't' }, CH4: { value: 2, unit: 'lb' } } },
    });
    expect(result.gases.CO2).toBeCloseTo(5_000, 9);
    expect(result.gases.CH4).toBeCloseTo(9.0718474, 9);
  });

  it('weighs fluorinated gases and fossil methane with their own GWP', () => {
    // Switchgear: 2 kg SF6 lost × 1 kg/kg = 2 kg; AR5 2 × 23,500 = 47,000 kg CO2e
    const sf6 = only('AR5', {
      id: 'switchgear',
      quantity: 2,
      unit: 'kg',
      scope: 1,
      factor: { per: 'kg', gases: { SF6: { value: 1, unit: 'kg' } } },
    });
    expect(sf6.co2e).toBe(47_000);
    // Flare slip: 10 kg fossil CH4; AR6 10 × 29.8 = 298 kg CO2e
    const methane = only('AR6', {
      id: 'flare',
      quantity: 10,
      unit: 'kg',
      scope: 1,
      factor: { per: 'kg', gases: { CH4_fossil: { value: 1, unit: 'kg' } } },
    });
    expect(methane.co2e).toBeCloseTo(298, 9);
  });
});

describe('Scope 2 dual reporting', () => {
  // 500,000 kWh = 500 MWh at the eGRID2022 U.S. average:
  // CO2 = 500 × 823.1 lb = 411,550 lb × 0.45359237 = 186,675.93987 kg
  // CH4 = 500 × 0.066 lb = 33 lb = 14.968548 kg; N2O = 500 × 0.009 lb = 4.5 lb = 2.0411657 kg
  // AR5 CO2e = 186,675.93987 + 14.968548 × 28 + 2.0411657 × 265 = 186,675.93987 + 419.11935 + 540.90890
  //          = 187,635.96812 kg
  const electricity = { quantity: 500_000, unit: 'kWh', scope: 2 as const };
  const gridAverage = { id: 'egrid-2022-us-average' };

  it('reports location-based and market-based side by side, certificates lowering only market-based', () => {
    const outcome = succeed(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'location',
            ...electricity,
            factor: gridAverage,
            scope2Method: 'location',
            certificateCoverage: 0.4,
          },
          {
            id: 'market',
            ...electricity,
            factor: gridAverage,
            scope2Method: 'market',
            certificateCoverage: 0.4,
          },
        ],
      }),
    );
    const [location, market] = outcome.items as [ItemEmissions, ItemEmissions];
    expect(location.gases.CO2).toBeCloseTo(186_675.93987, 4);
    expect(location.gases.CH4).toBeCloseTo(14.968548, 6);
    expect(location.gases.N2O).toBeCloseTo(2.0411657, 6);
    expect(location.co2e).toBeCloseTo(187_635.96812, 4);
    expect(location).toMatchObject({
      scope2Method: 'location',
      isGridAverageFallback: false,
    });
    // Market-based: 40 % covered by certificates is zero-emission; 60 % × 187,635.96812 = 112,581.58087 kg.
    expect(market.co2e).toBeCloseTo(112_581.58087, 4);
    expect(market.gases.CO2).toBeCloseTo(0.6 * 186_675.93987, 4);
    // No supplier rate or residual mix was given: the grid average is the disclosed fallback.
    expect(market).toMatchObject({
      scope2Method: 'market',
      isGridAverageFallback: true,
    });
    expect(outcome.totals.scope2LocationBased).toBeCloseTo(187_635.96812, 4);
    expect(outcome.totals.scope2MarketBased).toBeCloseTo(112_581.58087, 4);
  });

  it('uses a residual mix or supplier rate for the uncovered share without the fallback flag', () => {
    // 500,000 kWh × (1 − 0.4) = 300,000 kWh × 0.45 kg CO2/kWh (residual mix) = 135,000 kg
    const result = only('AR5', {
      id: 'market',
      ...electricity,
      scope2Method: 'market',
      certificateCoverage: 0.4,
      factor: { per: 'kWh', gases: { CO2: { value: 0.45, unit: 'kg' } }, electricityBasis: 'residual-mix' },
    });
    expect(result.co2e).toBeCloseTo(135_000, 6);
    expect(result.isGridAverageFallback).toBe(false);
  });

  it('defaults a Scope 2 item to location-based', () => {
    expect(only('AR5', { id: 'e', ...electricity, factor: gridAverage }).scope2Method).toBe('location');
  });

  it('takes a fully certified supply to zero market-based emissions', () => {
    const result = only('AR5', {
      id: 'e',
      ...electricity,
      factor: gridAverage,
      scope2Method: 'market',
      certificateCoverage: 1,
    });
    expect(result.co2e).toBe(0);
  });

  it('keeps a published CO2e factor on its own GWP set (DESNZ, AR5) and says so', () => {
    // 10,000 kWh × 0.20705 kg CO2e/kWh = 2,070.5 kg CO2e, whatever set was asked for
    const result = only('AR6', {
      id: 'uk',
      quantity: 10_000,
      unit: 'kWh',
      factor: { id: 'desnz-2024-uk-electricity' },
    });
    expect(result.co2e).toBeCloseTo(2_070.5, 9);
    expect(result.gases).toEqual({});
    expect(result.publishedCo2eGwp).toBe('AR5');
    // 1 MWh of UK natural gas (gross CV) = 1,000 kWh × 0.18290 = 182.9 kg CO2e
    const gas = only('AR5', {
      id: 'uk-gas',
      quantity: 1,
      unit: 'MWh',
      factor: { id: 'desnz-2024-natural-gas-gross-cv' },
    });
    expect(gas.co2e).toBeCloseTo(182.9, 9);
    expect(gas.scope).toBe(1);
  });
});

describe('scopes and totals', () => {
  it('tags Scope 3 items with their category and totals each scope', () => {
    const outcome = succeed(
      estimate({
        gwp: 'AR5',
        items: [
          distillate(1000),
          { id: 'grid', quantity: 1, unit: 'MWh', factor: { id: 'egrid-2022-us-average' } },
          {
            id: 'freight',
            quantity: 1000,
            unit: 'km',
            scope: 3,
            scope3Category: 4,
            factor: { per: 'km', gases: { CO2: { value: 0.1, unit: 'kg' } } },
          },
        ],
      }),
    );
    const [, grid, freight] = outcome.items as [ItemEmissions, ItemEmissions, ItemEmissions];
    expect(freight).toMatchObject({ scope: 3, scope3Category: 4, co2e: 100 });
    expect(outcome.totals.scope1).toBeCloseTo(10_240.014, 6);
    expect(outcome.totals.scope2LocationBased).toBeCloseTo(grid.co2e, 9);
    expect(outcome.totals.scope3).toBeCloseTo(100, 9);
    expect(outcome.totals.co2e).toBeCloseTo(10_240.014 + grid.co2e + 100, 6);
  });

  it('lets an item report a library factor under another scope (grid losses as Scope 3 category 3)', () => {
    const result = only('AR5', {
      id: 'td-losses',
      quantity: 1,
      unit: 'MWh',
      scope: 3,
      scope3Category: 3,
      factor: { id: 'egrid-2022-us-average' },
    });
    expect(result).toMatchObject({ scope: 3, scope3Category: 3, scope2Method: undefined });
  });
});

describe('estimate errors: every bad item is named and nothing is calculated', () => {
  const good = distillate(1000);

  it('returns no results when one item is bad, naming it by id and path', () => {
    const outcome = estimate({ gwp: 'AR5', items: [good, { ...good, id: 'bad', quantity: -5 }, good] });
    expect(outcome).toEqual({
      ok: false,
      message: 'Nothing was calculated: 1 of 3 items is invalid',
      items: [{ id: 'bad', path: 'items.1.quantity', message: 'Quantity must not be negative (got -5)' }],
    });
  });

  it('names every bad item, each with every problem it has', () => {
    const outcome = estimate({
      gwp: 'AR5',
      items: [
        { ...good, id: 'a', unit: 'gallons' },
        good,
        { ...good, id: 'b', quantity: Number.NaN, factor: { id: 'no-such-factor' } },
      ],
    });
    expect(outcome).toMatchObject({ ok: false, message: 'Nothing was calculated: 2 of 3 items are invalid' });
    const errors = errorsOf(outcome);
    expect(errors).toEqual([
      {
        id: 'a',
        path: 'items.0.unit',
        message: expect.stringMatching(/^Unknown unit "gallons"; use one of kWh, /),
      },
      { id: 'b', path: 'items.2.quantity', message: 'Quantity must be a finite number' },
      { id: 'b', path: 'items.2.factor.id', message: 'Unknown emission factor "no-such-factor"' },
    ]);
  });

  it('refuses infinite quantities', () => {
    expect(errorsOf(estimate({ gwp: 'AR5', items: [{ ...good, quantity: Infinity }] }))[0]?.path).toBe(
      'items.0.quantity',
    );
  });

  it('refuses a unit that cannot reach the factor basis without an hhv, saying what to provide', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [{ id: 'x', quantity: 1, unit: 'gal', factor: { id: 'egrid-2022-us-average' } }],
      }),
    );
    expect(errors).toEqual([
      {
        id: 'x',
        path: 'items.0.unit',
        message: 'Cannot convert gal to MWh: provide an hhv (energy per gal) or use a factor per volume',
      },
    ]);
  });

  it('refuses a unit that the factor hhv does not cover', () => {
    // Distillate HHV is per gallon; a quantity in kg needs a heat content per kg (or a density).
    const errors = errorsOf(estimate({ gwp: 'AR5', items: [distillate(1000, 'kg')] }));
    expect(errors[0]?.message).toBe(
      'Cannot convert kg to mmBtu with an hhv in mmBtu per gal: provide an hhv (energy per kg) or use a factor per mass',
    );
  });

  it('refuses energy against a factor per physical unit without an hhv', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'x',
            quantity: 1,
            unit: 'MWh',
            scope: 1,
            factor: { per: 'gal', gases: { CO2: { value: 10, unit: 'kg' } } },
          },
        ],
      }),
    );
    expect(errors[0]?.message).toBe(
      'Cannot convert MWh to gal: provide an hhv (energy per gal) or use a factor per energy',
    );
  });

  it('refuses unknown gases and gas mass units in an inline factor', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'x',
            quantity: 1,
            unit: 'kg',
            scope: 1,
            factor: { per: 'kg', gases: { CO3: { value: 1, unit: 'kg' }, CH4: { value: 1, unit: 'oz' } } },
          },
        ],
      }),
    );
    expect(errors).toEqual([
      {
        id: 'x',
        path: 'items.0.factor.gases.CO3',
        message: expect.stringMatching(/^Unknown gas "CO3"; use one of CO2, CH4/),
      },
      {
        id: 'x',
        path: 'items.0.factor.gases.CH4.unit',
        message: 'Unknown gas mass unit "oz"; use one of g, kg, t, lb, short_ton',
      },
    ]);
  });

  it('refuses certificate coverage outside 0..1', () => {
    const item = {
      id: 'e',
      quantity: 1,
      unit: 'MWh',
      factor: { id: 'egrid-2022-us-average' },
      scope2Method: 'market' as const,
    };
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          { ...item, certificateCoverage: 1.4 },
          { ...item, certificateCoverage: -0.1 },
        ],
      }),
    );
    expect(errors).toEqual([
      {
        id: 'e',
        path: 'items.0.certificateCoverage',
        message: 'certificateCoverage must be a share between 0 and 1 (got 1.4)',
      },
      {
        id: 'e',
        path: 'items.1.certificateCoverage',
        message: 'certificateCoverage must be a share between 0 and 1 (got -0.1)',
      },
    ]);
  });

  it('refuses Scope 2 fields on other scopes, and coverage without the market-based method', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          { ...good, scope2Method: 'market' },
          { ...good, id: 'c', certificateCoverage: 0.5 },
          {
            id: 'e',
            quantity: 1,
            unit: 'MWh',
            factor: { id: 'egrid-2022-us-average' },
            certificateCoverage: 0.5,
          },
        ],
      }),
    );
    expect(errors).toEqual([
      {
        id: 'boiler-oil',
        path: 'items.0.scope2Method',
        message: 'scope2Method applies only to Scope 2 items; this item is Scope 1',
      },
      {
        id: 'c',
        path: 'items.1.certificateCoverage',
        message: 'certificateCoverage applies only to Scope 2 items; this item is Scope 1',
      },
      {
        id: 'e',
        path: 'items.2.certificateCoverage',
        message:
          'Set scope2Method to "market" to apply certificateCoverage (location-based results ignore certificates)',
      },
    ]);
  });

  it('refuses a residual-mix or supplier factor for location-based Scope 2', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'e',
            quantity: 1,
            unit: 'kWh',
            scope: 2,
            factor: {
              per: 'kWh',
              gases: { CO2: { value: 0.3, unit: 'kg' } },
              electricityBasis: 'residual-mix',
            },
          },
        ],
      }),
    );
    expect(errors[0]).toMatchObject({
      path: 'items.0.factor',
      message: expect.stringMatching(/grid-average factor/),
    });
  });

  it('refuses a bad scope, a missing scope for an inline factor and misplaced or out-of-range categories', () => {
    const inline = { per: 'kg', gases: { CO2: { value: 1, unit: 'kg' } } };
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          { id: 'a', quantity: 1, unit: 'kg', factor: inline },
          { id: 'b', quantity: 1, unit: 'kg', factor: inline, scope: 4 as never },
          { id: 'c', quantity: 1, unit: 'kg', factor: inline, scope: 3, scope3Category: 16 },
          { id: 'd', quantity: 1, unit: 'kg', factor: inline, scope: 1, scope3Category: 1 },
        ],
      }),
    );
    expect(errors.map(({ id, path }) => `${id} ${path}`)).toEqual([
      'a items.0.scope',
      'b items.1.scope',
      'c items.2.scope3Category',
      'd items.3.scope3Category',
    ]);
  });

  it('refuses mixing calorific bases', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'n',
            quantity: 1000,
            unit: 'kWh',
            calorificBasis: 'net',
            factor: { id: 'desnz-2024-natural-gas-gross-cv' },
          },
        ],
      }),
    );
    expect(errors[0]).toMatchObject({
      path: 'items.0.calorificBasis',
      message: expect.stringMatching(
        /^The factor is on a gross calorific basis and the quantity on a net basis/,
      ),
    });
  });

  it('refuses an inline factor that gives both gases and a published CO2e, or neither', () => {
    const errors = errorsOf(
      estimate({
        gwp: 'AR5',
        items: [
          {
            id: 'both',
            quantity: 1,
            unit: 'kWh',
            scope: 2,
            factor: {
              per: 'kWh',
              gases: { CO2: { value: 0.2, unit: 'kg' } },
              co2e: { value: 0.21, unit: 'kg', gwp: 'AR5' },
            },
          },
          { id: 'neither', quantity: 1, unit: 'kWh', scope: 2, factor: { per: 'kWh' } },
        ],
      }),
    );
    expect(errors.map(({ id, path }) => `${id} ${path}`)).toEqual([
      'both items.0.factor',
      'neither items.1.factor.gases',
    ]);
  });

  it('refuses a bad hhv', () => {
    const errors = errorsOf(
      estimate({ gwp: 'AR5', items: [{ ...good, hhv: { value: 0, energy: 'gal', per: 'MWh' } }] }),
    );
    expect(errors.map(({ path }) => path)).toEqual([
      'items.0.hhv.value',
      'items.0.hhv.energy',
      'items.0.hhv.per',
    ]);
  });

  it('refuses an unknown GWP set and more items than one call allows', () => {
    expect(errorsOf(estimate({ gwp: 'AR3' as GwpSetId, items: [good] }))).toEqual([
      { id: null, path: 'gwp', message: 'gwp must be one of AR4, AR5, AR6' },
    ]);
    const tooMany = Array.from({ length: MAX_ESTIMATE_ITEMS + 1 }, () => good);
    expect(errorsOf(estimate({ gwp: 'AR5', items: tooMany }))[0]?.path).toBe('items');
  });

  it('refuses an item that is not an object', () => {
    expect(errorsOf(estimate({ gwp: 'AR5', items: [null as unknown as EstimateItem] }))).toEqual([
      {
        id: null,
        path: 'items.0',
        message: 'Each item must be an object with id, quantity, unit and factor',
      },
    ]);
  });
});

describe('calculateItem', () => {
  it('calculates one item or returns its errors with item-relative paths', () => {
    const calculation = calculateItem(distillate(1000), 'AR5');
    expect(calculation.ok && calculation.result.co2e).toBeCloseTo(10_240.014, 6);
    expect(calculateItem({ ...distillate(1000), unit: 'bbl2' }, 'AR5')).toEqual({
      ok: false,
      errors: [{ id: 'boiler-oil', path: 'unit', message: expect.stringMatching(/^Unknown unit "bbl2"/) }],
    });
  });

  it('looks factors up in a realm library when given one', () => {
    const supplier: EmissionFactor = {
      id: 'realm-supplier-2024',
      name: 'Green Supply Co. 2024',
      source: 'Supplier disclosure',
      year: 2024,
      per: 'kWh',
      gases: { CO2: { value: 120, unit: 'g' } },
      scope: 2,
      electricityBasis: 'supplier-specific',
    };
    const factors = new Map([[supplier.id, supplier]]);
    // 1,000 kWh × 120 g = 120,000 g = 120 kg CO2
    const calculation = calculateItem(
      { id: 'e', quantity: 1000, unit: 'kWh', scope2Method: 'market', factor: { id: supplier.id } },
      'AR5',
      { factors },
    );
    expect(calculation.ok && calculation.result.co2e).toBeCloseTo(120, 9);
    expect(calculateItem(distillate(1), 'AR5', { factors }).ok).toBe(false);
  });

  it('sees a realm library as it is at each call, when factors are replaced or retired', () => {
    const factorV1: EmissionFactor = {
      id: 'realm-process',
      name: 'Process vent',
      source: 'Site measurement',
      year: 2024,
      per: 't',
      gases: { CO2: { value: 2, unit: 't' } },
      scope: 1,
    };
    const factors = new Map([[factorV1.id, factorV1]]);
    const item: EstimateItem = { id: 'vent', quantity: 10, unit: 't', factor: { id: factorV1.id } };
    // 10 t × 2 t CO2/t = 20 t = 20,000 kg
    expect(calculateItem(item, 'AR5', { factors })).toMatchObject({ ok: true, result: { co2e: 20_000 } });
    factors.set(factorV1.id, { ...factorV1, gases: { CO2: { value: 3, unit: 't' } } });
    expect(calculateItem(item, 'AR5', { factors })).toMatchObject({ ok: true, result: { co2e: 30_000 } });
    factors.delete(factorV1.id);
    expect(calculateItem(item, 'AR5', { factors }).ok).toBe(false);
  });
});

describe('reusing work between items and calls', () => {
  const inlineFactor = (co2: number, per = 'kWh') => ({
    per,
    gases: {
      CO2: { value: co2, unit: 'kg' },
      CH4: { value: 0.01, unit: 'g' },
      N2O: { value: 0.001, unit: 'g' },
    },
  });

  it('gives each item its own inline factor even when neighbours differ in one value or unit', () => {
    const outcome = succeed(
      estimate({
        gwp: 'AR5',
        items: [
          { id: 'a', quantity: 100, unit: 'kWh', scope: 2, factor: inlineFactor(0.5) },
          { id: 'b', quantity: 100, unit: 'kWh', scope: 2, factor: inlineFactor(0.5) },
          { id: 'c', quantity: 100, unit: 'kWh', scope: 2, factor: inlineFactor(0.4) },
          { id: 'd', quantity: 0.1, unit: 'MWh', scope: 2, factor: inlineFactor(0.4) },
          { id: 'e', quantity: 100, unit: 'kWh', scope: 2, factor: inlineFactor(0.4, 'MJ') },
        ],
      }),
    );
    // 100 kWh × 0.5 = 50; × 0.4 = 40; 0.1 MWh = 100 kWh × 0.4 = 40; 100 kWh = 360 MJ × 0.4 = 144 kg CO2
    expect(outcome.items.map((item) => item.gases.CO2)).toEqual([
      50,
      50,
      expect.closeTo(40, 12),
      expect.closeTo(40, 12),
      expect.closeTo(144, 12),
    ]);
  });

  it('notices an inline factor object changed between two calls', () => {
    const factor = { per: 'kWh', gases: { CO2: { value: 0.5, unit: 'kg' } } };
    const item = { id: 'a', quantity: 100, unit: 'kWh', scope: 2 as const, factor };
    expect(only('AR5', item).co2e).toBe(50);
    factor.gases.CO2.value = 0.25;
    expect(only('AR5', item).co2e).toBe(25);
    factor.gases.CO2.unit = 'g';
    expect(only('AR5', item).co2e).toBeCloseTo(0.025, 12);
  });

  it('gives the same results however often and in whatever order it is called', () => {
    const items = [
      distillate(1000),
      { id: 'grid', quantity: 5, unit: 'MWh', factor: { id: 'egrid-2022-us-average' } },
    ];
    const first = succeed(estimate({ gwp: 'AR6', items }));
    succeed(estimate({ gwp: 'AR4', items: [...items].reverse() }));
    expect(succeed(estimate({ gwp: 'AR6', items }))).toEqual(first);
  });
});

// Found by `npm run mutation` (docs/testing.md): refusals and branches no test reached before.
describe('refusing a malformed inline factor, naming the part', () => {
  const NON_ENERGY_UNITS =
    'scf, ccf, Mcf, m3, L, gal, bbl, g, kg, t, lb, short_ton, km, mi, passenger_km, passenger_mi, tonne_km, short_ton_mi, USD, item';
  const CO2 = { CO2: { value: 1, unit: 'kg' } };
  const cases: [string, Record<string, unknown>, { path: string; message: string }[]][] = [
    [
      'an unknown unit',
      { per: 'gallons', gases: CO2 },
      [
        {
          path: 'factor.per',
          message: `Unknown factor unit "gallons"; use one of kWh, MWh, GJ, MJ, mmBtu, therm, ${NON_ENERGY_UNITS}`,
        },
      ],
    ],
    [
      'gases that are not an object',
      { per: 'kg', gases: 'CO2' },
      [
        { path: 'factor.gases', message: 'Give gases as {"CO2": {"value": 53.06, "unit": "kg"}, …}' },
        {
          path: 'factor.gases',
          message: 'Give at least one gas, e.g. {"CO2": {"value": 53.06, "unit": "kg"}}',
        },
      ],
    ],
    [
      'a negative or missing gas value',
      { per: 'kg', gases: { CO2: { value: -1, unit: 'kg' }, CH4: { unit: 'kg' } } },
      [
        { path: 'factor.gases.CO2.value', message: 'The CO2 factor must be a non-negative number' },
        { path: 'factor.gases.CH4.value', message: 'The CH4 factor must be a non-negative number' },
      ],
    ],
    [
      'a bad published CO2e',
      { per: 'kg', co2e: { value: -2, unit: 'oz', gwp: 'AR3' } },
      [
        { path: 'factor.co2e.value', message: 'The co2e factor must be a non-negative number' },
        {
          path: 'factor.co2e.unit',
          message: 'Unknown co2e mass unit "oz"; use one of g, kg, t, lb, short_ton',
        },
        {
          path: 'factor.co2e.gwp',
          message: 'Name the GWP set the published CO2e was calculated with: AR4, AR5, AR6',
        },
      ],
    ],
    [
      'both gases and a published CO2e',
      { per: 'kg', gases: CO2, co2e: { value: 1, unit: 'kg', gwp: 'AR5' } },
      [
        {
          path: 'factor',
          message: 'Give per-gas values or a published co2e, not both (that would count twice)',
        },
      ],
    ],
    [
      'neither gases nor a published CO2e',
      { per: 'kg' },
      [
        {
          path: 'factor.gases',
          message: 'Give at least one gas, e.g. {"CO2": {"value": 53.06, "unit": "kg"}}',
        },
      ],
    ],
    [
      'an hhv that is not an object',
      { per: 'mmBtu', gases: CO2, hhv: 0.138 },
      [
        {
          path: 'factor.hhv',
          message:
            'Give the hhv as {value, energy, per}, e.g. {"value": 0.138, "energy": "mmBtu", "per": "gal"}',
        },
      ],
    ],
    [
      'an hhv with a bad value, energy unit and unit',
      { per: 'mmBtu', gases: CO2, hhv: { value: 0, energy: 'kg', per: 'kWh' } },
      [
        { path: 'factor.hhv.value', message: 'The hhv value must be a positive number' },
        {
          path: 'factor.hhv.energy',
          message: 'The hhv energy unit must be one of kWh, MWh, GJ, MJ, mmBtu, therm',
        },
        {
          path: 'factor.hhv.per',
          message: `The hhv must be per a unit of volume, mass or distance: ${NON_ENERGY_UNITS}`,
        },
      ],
    ],
    [
      'an unknown electricity basis',
      { per: 'kWh', gases: CO2, electricityBasis: 'green' },
      [
        {
          path: 'factor.electricityBasis',
          message: 'electricityBasis must be one of grid-average, residual-mix, supplier-specific',
        },
      ],
    ],
    [
      'an unknown calorific basis',
      { per: 'kWh', gases: CO2, calorificBasis: 'higher' },
      [{ path: 'factor.calorificBasis', message: 'calorificBasis must be gross or net' }],
    ],
  ];

  it.each(cases)('refuses %s', (_case, factor, expected) => {
    const item = { id: 'x', quantity: 1, unit: 'kg', scope: 1, factor } as unknown as EstimateItem;
    expect(calculateItem(item, 'AR5')).toEqual({
      ok: false,
      errors: expected.map((error) => ({ id: 'x', ...error })),
    });
  });

  it('turns a published CO2e in tonnes into kg, on the GWP set it was published with', () => {
    const result = only('AR6', {
      id: 'x',
      quantity: 2,
      unit: 'kg',
      scope: 1,
      factor: { per: 'kg', co2e: { value: 0.5, unit: 't', gwp: 'AR5' } },
    } as unknown as EstimateItem);
    expect(result).toMatchObject({ co2e: 1000, gases: {}, publishedCo2eGwp: 'AR5' });
  });
});

describe('refusing a malformed item, naming the field', () => {
  const grid = { id: 'egrid-2022-us-average' };
  const cases: [string, Record<string, unknown>, { id: string | null; path: string; message: string }[]][] = [
    [
      'an empty id',
      { id: '', quantity: 1, unit: 'MWh', factor: grid },
      [{ id: '', path: 'id', message: 'Give each item a non-empty string id' }],
    ],
    [
      'an id that is no string, named by no id',
      { id: 7, quantity: 1, unit: 'MWh', factor: grid },
      [{ id: null, path: 'id', message: 'Give each item a non-empty string id' }],
    ],
    [
      'a missing factor, checking the unit too',
      { id: 'x', quantity: 1, unit: 'bushel' },
      [
        {
          id: 'x',
          path: 'factor',
          message: 'Give a factor: {"id": "<library factor id>"} or {"per", "gases", "hhv"}',
        },
        { id: 'x', path: 'unit', message: expect.stringMatching(/^Unknown unit "bushel"; use one of kWh, /) },
      ],
    ],
    [
      'a factor id that is no string',
      { id: 'x', quantity: 1, unit: 'MWh', factor: { id: 42 } },
      [{ id: 'x', path: 'factor.id', message: 'The factor id must be a string' }],
    ],
    [
      'an unknown scope',
      { id: 'x', quantity: 1, unit: 'MWh', factor: grid, scope: 4 },
      [{ id: 'x', path: 'scope', message: 'Scope must be 1, 2 or 3' }],
    ],
    [
      'an inline factor without a scope',
      { id: 'x', quantity: 1, unit: 'kg', factor: { per: 'kg', gases: { CO2: { value: 1, unit: 'kg' } } } },
      [{ id: 'x', path: 'scope', message: 'Give the scope (1, 2 or 3) of an item with its own factor' }],
    ],
    [
      'an unknown Scope 2 method',
      { id: 'x', quantity: 1, unit: 'MWh', factor: grid, scope2Method: 'average' },
      [{ id: 'x', path: 'scope2Method', message: 'scope2Method must be "location" or "market"' }],
    ],
    [
      'an unknown calorific basis of the quantity',
      { id: 'x', quantity: 1, unit: 'MWh', factor: grid, calorificBasis: 'higher' },
      [{ id: 'x', path: 'calorificBasis', message: 'calorificBasis must be gross or net' }],
    ],
  ];

  it.each(cases)('refuses %s', (_case, item, expected) => {
    expect(calculateItem(item as unknown as EstimateItem, 'AR5')).toEqual({ ok: false, errors: expected });
  });

  it.each([0, 16, 2.5])('refuses Scope 3 category %s, and takes 1 and 15', (category) => {
    const item = (scope3Category: number) =>
      ({
        id: 'x',
        quantity: 1,
        unit: 'kg',
        scope: 3,
        scope3Category,
        factor: { per: 'kg', gases: { CO2: { value: 1, unit: 'kg' } } },
      }) as EstimateItem;
    expect(calculateItem(item(category), 'AR5')).toEqual({
      ok: false,
      errors: [
        { id: 'x', path: 'scope3Category', message: 'scope3Category must be a whole number from 1 to 15' },
      ],
    });
    expect(calculateItem(item(1), 'AR5')).toMatchObject({ ok: true, result: { scope3Category: 1 } });
    expect(calculateItem(item(15), 'AR5')).toMatchObject({ ok: true, result: { scope3Category: 15 } });
  });

  it('takes a quantity of zero and a certificate coverage of zero', () => {
    expect(only('AR5', { id: 'x', quantity: 0, unit: 'MWh', factor: grid }).co2e).toBe(0);
    const market = only('AR5', {
      id: 'x',
      quantity: 1,
      unit: 'MWh',
      factor: grid,
      scope2Method: 'market',
      certificateCoverage: 0,
    });
    expect(market.co2e).toBe(only('AR5', { id: 'y', quantity: 1, unit: 'MWh', factor: grid }).co2e);
  });

  it('gives a Scope 3 category only to Scope 3 results, even when the factor names one', () => {
    const factor = { per: 'kg', gases: { CO2: { value: 1, unit: 'kg' } }, category: 4 };
    const scope1 = { id: 'x', quantity: 1, unit: 'kg', scope: 1, factor } as unknown as EstimateItem;
    expect(only('AR5', scope1).scope3Category).toBeUndefined();
    expect(only('AR5', { ...scope1, scope: 3 }).scope3Category).toBe(4);
  });

  it('refuses a request whose items are not a list, or one item too many', () => {
    expect(estimate({ gwp: 'AR5', items: 'none' } as unknown as Parameters<typeof estimate>[0])).toEqual({
      ok: false,
      message: 'Nothing was calculated: the request is invalid',
      items: [{ id: null, path: 'items', message: 'items must be an array' }],
    });
    const item = { id: 'x', quantity: 1, unit: 'MWh', factor: grid };
    const tooMany = estimate({
      gwp: 'AR5',
      items: Array.from({ length: MAX_ESTIMATE_ITEMS + 1 }, () => item),
    });
    expect(tooMany).toEqual({
      ok: false,
      message: 'Nothing was calculated: the request is invalid',
      items: [{ id: null, path: 'items', message: 'Send at most 100000 items per estimate (got 100001)' }],
    });
    expect(estimate({ gwp: 'AR5', items: Array.from({ length: MAX_ESTIMATE_ITEMS }, () => item) }).ok).toBe(
      true,
    );
  });

  it('adds market-based Scope 2 into the total as it is submitted', () => {
    const outcome = succeed(
      estimate({
        gwp: 'AR5',
        items: [
          { id: 'location', quantity: 1, unit: 'MWh', factor: grid },
          { id: 'market', quantity: 1, unit: 'MWh', factor: grid, scope2Method: 'market' },
        ],
      }),
    );
    const [location, market] = outcome.items;
    expect(outcome.totals.scope2MarketBased).toBe(market?.co2e);
    expect(outcome.totals.co2e).toBeCloseTo((location?.co2e ?? 0) + (market?.co2e ?? 0), 9);
  });
});

describe('the heat content, in units other than the factor’s', () => {
  // 1 mmBtu = 1055.056 MJ (the units table); an hhv in MJ against a factor per mmBtu must convert between them.
  const perMmbtu = { per: 'mmBtu', gases: { CO2: { value: 100, unit: 'kg' } } };

  it('quantity × hhv (MJ per kg) → mmBtu for a factor per mmBtu', () => {
    const result = only('AR5', {
      id: 'x',
      quantity: 10,
      unit: 'kg',
      scope: 1,
      factor: perMmbtu,
      hhv: { value: 50, energy: 'MJ', per: 'kg' },
    } as unknown as EstimateItem);
    // 10 kg × 50 MJ/kg = 500 MJ = 0.473909… mmBtu × 100 kg CO2/mmBtu
    expect(result.gases.CO2).toBeCloseTo((500 / 1055.056) * 100, 9);
    expect(result.basis).toBe('heat-content');
  });

  it('energy ÷ hhv (mmBtu per t) → kg for a factor per kg', () => {
    const result = only('AR5', {
      id: 'x',
      quantity: 10,
      unit: 'mmBtu',
      scope: 1,
      factor: { per: 'kg', gases: { CO2: { value: 2, unit: 'kg' } } },
      hhv: { value: 20, energy: 'mmBtu', per: 't' },
    } as unknown as EstimateItem);
    // 10 mmBtu ÷ 20 mmBtu/t = 0.5 t = 500 kg × 2 kg CO2/kg
    expect(result.gases.CO2).toBeCloseTo(1000, 9);
  });
});

describe('one calculator, an inline factor object changed between items', () => {
  it('sees every change of the factor’s fields, never a result of its earlier state', () => {
    const calculator = createItemCalculator('AR5');
    const factor: Record<string, unknown> = { per: 'kg', gases: { CO2: { value: 1, unit: 'kg' } } };
    const item = { id: 'x', quantity: 2, unit: 'kg', scope: 3, factor } as unknown as EstimateItem;
    const calculate = () => calculator.calculate(item);
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 2 } });

    factor.category = 6;
    expect(calculate()).toMatchObject({ ok: true, result: { scope3Category: 6 } });
    factor.gases = { CO2: { value: 1, unit: 'kg' }, CH4: { value: 1, unit: 'kg' } };
    expect(calculate()).toMatchObject({ ok: true, result: { gases: { CO2: 2, CH4: 2 } } });
    factor.gases = undefined;
    factor.co2e = { value: 3, unit: 'kg', gwp: 'AR4' };
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 6, publishedCo2eGwp: 'AR4' } });
    (factor.co2e as Record<string, unknown>).value = 4;
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 8 } });
    (factor.co2e as Record<string, unknown>).gwp = 'AR6';
    expect(calculate()).toMatchObject({ ok: true, result: { publishedCo2eGwp: 'AR6' } });
    factor.co2e = undefined;
    factor.gases = { CO2: { value: 1, unit: 'kg' } };
    factor.per = 'mmBtu';
    factor.hhv = { value: 2, energy: 'mmBtu', per: 'kg' };
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 4, basis: 'heat-content' } });
    (factor.hhv as Record<string, unknown>).value = 3;
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 6 } });
    (factor.hhv as Record<string, unknown>).energy = 'MJ';
    // 2 kg × 3 MJ/kg = 6 MJ = 0.005687… mmBtu × 1 kg CO2/mmBtu
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: expect.closeTo(6 / 1055.056, 9) } });
    (factor.hhv as Record<string, unknown>).per = 't';
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: expect.closeTo(0.006 / 1055.056, 12) } });
    factor.hhv = undefined;
    factor.per = 'kg';
    factor.gases = undefined;
    factor.co2e = { value: 1, unit: 'kg', gwp: 'AR5' };
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 2 } });
    (factor.co2e as Record<string, unknown>).unit = 't';
    expect(calculate()).toMatchObject({ ok: true, result: { co2e: 2000 } });
    factor.co2e = undefined;
    factor.gases = 'CO2';
    expect(calculate()).toMatchObject({
      ok: false,
      errors: [{ path: 'factor.gases' }, { path: 'factor.gases' }],
    });
    factor.gases = { CO2: { value: 1, unit: 'kg' } };
    factor.scope = 1;
    expect(calculator.calculate({ ...item, scope: undefined } as EstimateItem)).toMatchObject({
      ok: true,
      result: { scope: 1 },
    });
  });

  it('sees a changed calorific or electricity basis', () => {
    const calculator = createItemCalculator('AR5');
    const factor: Record<string, unknown> = {
      per: 'kWh',
      gases: { CO2: { value: 1, unit: 'kg' } },
      calorificBasis: 'gross',
    };
    const item = {
      id: 'x',
      quantity: 1,
      unit: 'kWh',
      scope: 2,
      factor,
      calorificBasis: 'net',
    } as unknown as EstimateItem;
    expect(calculator.calculate(item)).toMatchObject({ ok: false, errors: [{ path: 'calorificBasis' }] });
    factor.calorificBasis = 'net';
    expect(calculator.calculate(item)).toMatchObject({ ok: true });
    factor.electricityBasis = 'residual-mix';
    expect(calculator.calculate(item)).toMatchObject({ ok: false, errors: [{ path: 'factor' }] });
  });
});

describe('library factors and measured heat contents, across the items of one estimate', () => {
  it('gives each item its own measured hhv, even with the same factor and unit', () => {
    const item = (id: string, hhv: number): EstimateItem => ({
      id,
      quantity: 1000,
      unit: 'gal',
      factor: { id: 'epa-c1-distillate-fuel-oil-no-2' },
      hhv: { value: hhv, energy: 'mmBtu', per: 'gal' },
    });
    const [low, high, library] = succeed(
      estimate({ gwp: 'AR5', items: [item('low', 0.1), item('high', 0.2), distillate(1000)] }),
    ).items;
    expect(high?.gases.CO2).toBeCloseTo(2 * (low?.gases.CO2 ?? 0), 9);
    // Without a measured hhv the factor's own (0.138 mmBtu/gal) applies again.
    expect(library?.gases.CO2).toBeCloseTo(10_206.48, 6);
  });

  it('refuses a factor of the lookup that does not hold together, naming it', () => {
    const broken = {
      id: 'realm-broken',
      name: 'Broken',
      source: 'Realm',
      year: 2024,
      per: 'kWh',
      gases: {},
      scope: 2,
    } as unknown as EmissionFactor;
    const outcome = calculateItem({ id: 'x', quantity: 1, unit: 'kWh', factor: { id: broken.id } }, 'AR5', {
      factors: new Map([[broken.id, broken]]),
    });
    expect(outcome).toEqual({
      ok: false,
      errors: [
        {
          id: 'x',
          path: 'factor.id',
          message:
            'Factor "realm-broken" is unusable: Give at least one gas, e.g. {"CO2": {"value": 53.06, "unit": "kg"}}',
        },
      ],
    });
  });

  it('checks the calorific basis only where it matters: energy quantities and measured heat contents', () => {
    const gross = { per: 'MJ', gases: { CO2: { value: 0.05, unit: 'kg' } }, calorificBasis: 'gross' };
    const item = (fields: Record<string, unknown>) =>
      ({
        id: 'x',
        quantity: 100,
        scope: 1,
        calorificBasis: 'net',
        factor: gross,
        ...fields,
      }) as unknown as EstimateItem;
    const refusal = {
      path: 'calorificBasis',
      message:
        'The factor is on a gross calorific basis and the quantity on a net basis: convert the quantity to gross ' +
        'calorific value or choose a factor published on a net basis',
    };
    expect(calculateItem(item({ unit: 'MJ' }), 'AR5')).toEqual({
      ok: false,
      errors: [{ id: 'x', ...refusal }],
    });
    // A physical quantity through the factor's own heat content carries no basis of its own.
    const withHhv = { ...gross, hhv: { value: 40, energy: 'MJ', per: 'kg' } };
    expect(calculateItem(item({ unit: 'kg', factor: withHhv }), 'AR5')).toMatchObject({ ok: true });
    // A measured heat content does: it is on the item's basis.
    expect(calculateItem(item({ unit: 'kg', hhv: { value: 40, energy: 'MJ', per: 'kg' } }), 'AR5')).toEqual({
      ok: false,
      errors: [{ id: 'x', ...refusal }],
    });
    // A factor that names no basis takes a quantity on either.
    const unstated = { per: 'MJ', gases: { CO2: { value: 0.05, unit: 'kg' } } };
    expect(calculateItem(item({ unit: 'MJ', factor: unstated }), 'AR5')).toMatchObject({ ok: true });
  });
});

describe('a factor of zero', () => {
  it('is accepted for a gas and for a published CO2e, and gives zero', () => {
    const item = (factor: Record<string, unknown>) =>
      ({
        id: 'x',
        quantity: 10,
        unit: 'kWh',
        scope: 2,
        factor: { per: 'kWh', ...factor },
      }) as unknown as EstimateItem;
    expect(calculateItem(item({ gases: { CO2: { value: 0, unit: 'kg' } } }), 'AR5')).toMatchObject({
      ok: true,
      result: { gases: { CO2: 0 }, co2e: 0 },
    });
    expect(calculateItem(item({ co2e: { value: 0, unit: 'kg', gwp: 'AR5' } }), 'AR5')).toMatchObject({
      ok: true,
      result: { co2e: 0 },
    });
  });
});

describe('an inline factor repeated across items with measured heat contents', () => {
  it('gives each item its own measured hhv, the first item’s plan never reused for the next', () => {
    const factor = { per: 'mmBtu', gases: { CO2: { value: 100, unit: 'kg' } } };
    const item = (id: string, hhv?: number) =>
      ({
        id,
        quantity: 10,
        unit: 'gal',
        scope: 1,
        factor,
        ...(hhv === undefined ? {} : { hhv: { value: hhv, energy: 'mmBtu', per: 'gal' } }),
      }) as unknown as EstimateItem;
    const co2e = (items: EstimateItem[]) =>
      succeed(estimate({ gwp: 'AR5', items })).items.map((result) => result.co2e);
    // 10 gal × 0.1 or 0.2 mmBtu/gal × 100 kg/mmBtu
    expect(co2e([item('a', 0.1), item('b', 0.2), item('c', 0.1)])).toEqual([100, 200, 100]);
    const refusal = estimate({ gwp: 'AR5', items: [item('a', 0.1), item('b')] });
    expect(refusal).toMatchObject({ ok: false });
  });
});
