import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportingYearRange } from '../organisation/reporting-year.ts';
import {
  assembleInventory,
  kyotoGasOf,
  NO_BUSINESS_UNIT_NAME,
  type InventoryAmount,
  type InventoryFacilityInput,
  type InventoryInput,
} from './inventory.ts';

function facility(id: string, overrides: Partial<InventoryFacilityInput> = {}): InventoryFacilityInput {
  return {
    id,
    slug: id,
    name: `Facility ${id}`,
    country: 'US',
    businessUnitId: null,
    ownershipSharePercent: 100,
    isInBoundary: true,
    boundaryExclusionReason: null,
    ...overrides,
  };
}

/** One result's rows as the monthly totals hold them: its CO2e (gas '') and each gas's mass. */
function resultRows(
  facilityId: string,
  scope: number,
  scope2Method: string,
  gases: Record<string, number>,
  co2eKg: number,
): InventoryAmount[] {
  const isPublishedCo2e = Object.keys(gases).length === 0;
  return [
    { facilityId, scope, scope2Method, gas: '', gasKg: isPublishedCo2e ? co2eKg : 0, co2eKg },
    ...Object.entries(gases).map(([gas, gasKg]) => ({
      facilityId,
      scope,
      scope2Method,
      gas,
      gasKg,
      co2eKg: 0,
    })),
  ];
}

function input(overrides: Partial<InventoryInput> = {}): InventoryInput {
  return {
    range: reportingYearRange(2024, 1),
    gwpSetId: 'AR5',
    approach: 'operational-control',
    facilities: [facility('a'), facility('b', { country: 'CA', businessUnitId: 'unit-1' })],
    businessUnits: [{ id: 'unit-1', parentId: null, name: 'North' }],
    amounts: [
      // Natural gas at a: 1000 kg CO2, 1 kg CH4, 0.1 kg N2O on AR5 = 1000 + 28 + 26.5.
      ...resultRows('a', 1, '', { CO2: 1000, CH4: 1, N2O: 0.1 }, 1054.5),
      ...resultRows('a', 1, '', { 'HFC-134a': 2, 'HFC-32': 1 }, 2 * 1300 + 677),
      ...resultRows('a', 1, '', { CO2_biogenic: 500, CH4: 0.5 }, 14),
      ...resultRows('b', 2, 'location', { CO2: 400 }, 400),
      ...resultRows('b', 2, 'market', { CO2: 250 }, 250),
      ...resultRows('b', 3, '', {}, 300),
    ],
    scope3Categories: [
      { facilityId: 'b', category: 6, co2eKg: 200 },
      { facilityId: 'b', category: null, co2eKg: 100 },
    ],
    factorSources: [
      {
        factorKey: 'epa-c1-natural-gas',
        factorVersion: '2024',
        calculationMethodId: 'factor',
        resultCount: 2,
        fallbackCount: 0,
      },
      {
        factorKey: 'egrid',
        factorVersion: '2022',
        calculationMethodId: 'factor',
        resultCount: 1,
        fallbackCount: 1,
      },
    ],
    denominators: [{ kind: 'revenue', amount: 1000, unit: 'USD' }],
    recalculationThresholdPercent: 5,
    ...overrides,
  };
}

describe('assembleInventory', () => {
  it('sums Scope 1 by Kyoto gas in kg and CO2e, keeps biogenic CO2 apart and market-based Scope 2 beside the total', () => {
    const inventory = assembleInventory(input());
    expect(inventory.scope1.gases).toEqual({
      CO2: 1000,
      CH4: 1.5,
      N2O: 0.1,
      HFCs: 3,
      PFCs: 0,
      SF6: 0,
      NF3: 0,
    });
    expect(inventory.scope1.gasesCo2e.CH4).toBeCloseTo(42, 9);
    expect(inventory.scope1.gasesCo2e.HFCs).toBe(2 * 1300 + 677);
    expect(inventory.scope1.co2e).toBeCloseTo(1054.5 + 3277 + 14, 9);
    expect(inventory.biogenicCo2).toBe(500);
    expect(inventory.scope2).toEqual({ location: { co2e: 400 }, market: { co2e: 250 } });
    expect(inventory.scope3.co2e).toBe(300);
    expect(inventory.scope3.categories).toHaveLength(15);
    expect(inventory.scope3.categories[5]).toEqual({ category: 6, name: 'Business travel', co2e: 200 });
    expect(inventory.scope3.uncategorisedCo2e).toBe(100);
    expect(inventory.totals.co2e).toBeCloseTo(inventory.scope1.co2e + 400 + 300, 9);
    expect(inventory.totals.co2eMarket).toBeCloseTo(inventory.scope1.co2e + 250 + 300, 9);
    expect(inventory.intensities[0]?.co2ePerUnit).toBeCloseTo(inventory.totals.co2e / 1000, 9);
    expect(inventory.factorSources.map((source) => source.factorKey)).toEqual([
      'epa-c1-natural-gas',
      'egrid',
    ]);
    expect(inventory.methods).toEqual([{ calculationMethodId: 'factor', resultCount: 3 }]);
  });

  it('breaks the totals down by facility, business unit and country', () => {
    const inventory = assembleInventory(input());
    expect(inventory.byFacility.map((row) => row.slug)).toEqual(['a', 'b']);
    expect(inventory.byBusinessUnit.map((row) => [row.name, row.facilityCount])).toEqual([
      ['North', 1],
      [NO_BUSINESS_UNIT_NAME, 1],
    ]);
    expect(inventory.byCountry.find((row) => row.country === 'CA')).toMatchObject({
      scope2Location: 400,
      scope2Market: 250,
      scope3: 300,
      co2e: 700,
    });
  });

  it('leaves a facility out of the boundary out under a control approach, and lists it with its reason', () => {
    const inventory = assembleInventory(
      input({
        facilities: [
          facility('a'),
          facility('b', { isInBoundary: false, boundaryExclusionReason: 'Sold in March' }),
        ],
      }),
    );
    expect(inventory.byFacility.map((row) => row.slug)).toEqual(['a']);
    expect(inventory.scope2.location.co2e).toBe(0);
    expect(inventory.scope3.categories[5]?.co2e).toBe(0);
    expect(inventory.exclusions).toEqual([
      {
        facilityId: 'b',
        slug: 'b',
        name: 'Facility b',
        kind: 'out-of-boundary',
        countedPercent: 0,
        reason: 'Sold in March',
        uncountedCo2e: 700,
      },
    ]);
  });

  it('scales every figure of a facility by its equity share, boundary flag or not', () => {
    const inventory = assembleInventory(
      input({
        approach: 'equity-share',
        facilities: [facility('a'), facility('b', { ownershipSharePercent: 40, isInBoundary: false })],
      }),
    );
    expect(inventory.scope2).toEqual({ location: { co2e: 160 }, market: { co2e: 100 } });
    expect(inventory.scope3.categories[5]?.co2e).toBe(80);
    expect(inventory.exclusions).toMatchObject([{ slug: 'b', kind: 'partial-share', countedPercent: 40 }]);
    expect(inventory.exclusions[0]?.uncountedCo2e).toBeCloseTo(420, 9);
  });

  it('compares with the base year and the previous year, a zero year answering no percentage', () => {
    const inventory = assembleInventory(
      input({
        baseYear: { year: 2020, amounts: resultRows('a', 1, '', { CO2: 1 }, 2000) },
        previousYear: { year: 2023, amounts: [] },
      }),
    );
    const total = inventory.totals.co2e;
    expect(inventory.comparison.baseYear).toMatchObject({ year: 2020, scope1: 2000, co2e: 2000 });
    expect(inventory.comparison.baseYear?.changeCo2e).toBeCloseTo(total - 2000, 9);
    expect(inventory.comparison.baseYear?.changePercent).toBeCloseTo(((total - 2000) / 2000) * 100, 9);
    expect(inventory.comparison.previousYear).toMatchObject({ year: 2023, co2e: 0, changePercent: null });
  });

  it('names every library gas’s Kyoto group, biogenic CO2 none', () => {
    expect(['CO2', 'CH4_fossil', 'N2O', 'HFC-43-10mee', 'PFC-14', 'SF6', 'NF3'].map(kyotoGasOf)).toEqual([
      'CO2',
      'CH4',
      'N2O',
      'HFCs',
      'PFCs',
      'SF6',
      'NF3',
    ]);
    expect(kyotoGasOf('CO2_biogenic')).toBeUndefined();
  });

  it('rolls business units up a three-level tree: a parent is its own facilities and all below it', () => {
    const inventory = assembleInventory(
      input({
        facilities: [
          facility('a', { businessUnitId: 'group' }),
          facility('b', { businessUnitId: 'division' }),
          facility('c', { businessUnitId: 'plant' }),
          facility('d'),
        ],
        businessUnits: [
          { id: 'group', parentId: null, name: 'Group' },
          { id: 'division', parentId: 'group', name: 'Division' },
          { id: 'plant', parentId: 'division', name: 'Plant' },
          { id: 'idle', parentId: 'group', name: 'Idle' },
        ],
        amounts: [
          ...resultRows('a', 1, '', {}, 100),
          ...resultRows('b', 1, '', {}, 20),
          ...resultRows('c', 2, 'location', {}, 3),
          ...resultRows('c', 2, 'market', {}, 5),
          ...resultRows('d', 3, '', {}, 7),
        ],
        scope3Categories: [],
      }),
    );
    expect(
      inventory.byBusinessUnit.map((row) => [row.name, row.depth, row.facilityCount, row.co2e, row.ownCo2e]),
    ).toEqual([
      ['Group', 0, 3, 123, 100],
      ['Division', 1, 2, 23, 20],
      ['Plant', 2, 1, 3, 3],
      [NO_BUSINESS_UNIT_NAME, 0, 1, 7, 7],
    ]);
    expect(inventory.byBusinessUnit[0]).toMatchObject({ scope1: 120, scope2Location: 3, scope2Market: 5 });
    expect(inventory.byBusinessUnit[2]).toMatchObject({ parentId: 'division' });
  });

  it('adds up: the totals equal the sum of the facilities’, and equity share never counts more than control', () => {
    const amountArbitrary = fc.record({
      facilityId: fc.constantFrom('a', 'b', 'c'),
      scope: fc.constantFrom(1, 2, 3),
      scope2Method: fc.constantFrom('', 'location', 'market'),
      co2eKg: fc.double({ min: 0, max: 1e6, noNaN: true }),
    });
    const facilityArbitrary = (id: string) =>
      fc
        .record({
          share: fc.double({ min: 0.01, max: 100, noNaN: true }),
          isInBoundary: fc.boolean(),
        })
        .map(({ share, isInBoundary }) =>
          facility(id, {
            ownershipSharePercent: share,
            isInBoundary,
            boundaryExclusionReason: isInBoundary ? null : 'Out',
          }),
        );
    fc.assert(
      fc.property(
        fc.array(amountArbitrary, { maxLength: 30 }),
        fc.tuple(facilityArbitrary('a'), facilityArbitrary('b'), facilityArbitrary('c')),
        (rows, facilities) => {
          const amounts = rows.map((row) => ({
            ...row,
            scope2Method: row.scope === 2 ? row.scope2Method || 'location' : '',
            gas: '',
            gasKg: 0,
          }));
          const control = assembleInventory(input({ facilities, amounts, scope3Categories: [] }));
          const equity = assembleInventory(
            input({ facilities, amounts, scope3Categories: [], approach: 'equity-share' }),
          );
          for (const inventory of [control, equity]) {
            const facilitySum = inventory.byFacility.reduce((sum, row) => sum + row.co2e, 0);
            expect(inventory.totals.co2e).toBeCloseTo(facilitySum, 3);
            const unitSum = inventory.byBusinessUnit
              .filter((row) => row.depth === 0)
              .reduce((sum, row) => sum + row.co2e, 0);
            expect(inventory.totals.co2e).toBeCloseTo(unitSum, 3);
          }
          const wholly = assembleInventory(
            input({
              facilities: facilities.map((entry) => ({ ...entry, isInBoundary: true })),
              amounts,
              scope3Categories: [],
            }),
          );
          expect(equity.totals.co2e).toBeLessThanOrEqual(wholly.totals.co2e + 1e-6);
        },
      ),
    );
  });
});
