import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseOverviewYear,
  emptyYearTotals,
  rankSources,
  yearTotalsOf,
  type YearScopeAmount,
} from './realm-overview.ts';

describe('the realm overview', () => {
  it('shows the year asked for, else the latest with data, else none', () => {
    expect(chooseOverviewYear(2024, [2023, 2025])).toBe(2024);
    expect(chooseOverviewYear(undefined, [2023, 2025, 2024])).toBe(2025);
    expect(chooseOverviewYear(undefined, [])).toBeNull();
  });

  it('totals each year with Scope 2 market-based beside the total, never in it', () => {
    const amounts: YearScopeAmount[] = [
      { year: 2025, scope: 1, scope2Method: '', co2eKg: 100 },
      { year: 2025, scope: 2, scope2Method: 'location', co2eKg: 40 },
      { year: 2025, scope: 2, scope2Method: 'market', co2eKg: 10 },
      { year: 2025, scope: 3, scope2Method: '', co2eKg: 5 },
      { year: 2024, scope: 1, scope2Method: '', co2eKg: 90 },
    ];
    expect(yearTotalsOf(amounts, new Map([[2025, 3]]))).toEqual([
      { year: 2024, facilityCount: 0, co2eKg: 90, scope1: 90, scope2Location: 0, scope2Market: 0, scope3: 0 },
      {
        year: 2025,
        facilityCount: 3,
        co2eKg: 145,
        scope1: 100,
        scope2Location: 40,
        scope2Market: 10,
        scope3: 5,
      },
    ]);
    expect(emptyYearTotals(2030)).toMatchObject({ year: 2030, co2eKg: 0, facilityCount: 0 });
  });

  it('never lets a market-based amount change a total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            scope: fc.constantFrom(1, 2, 3),
            scope2Method: fc.constantFrom('', 'location', 'market'),
            co2eKg: fc.double({ min: 0, max: 1e9, noNaN: true }),
          }),
        ),
        (rows) => {
          const amounts = rows
            .filter((row) => row.scope === 2 || row.scope2Method === '')
            .map((row) => ({ ...row, year: 2025 }));
          const withoutMarket = amounts.filter((row) => row.scope2Method !== 'market');
          const [all] = yearTotalsOf(amounts, new Map());
          const [located] = yearTotalsOf(withoutMarket, new Map());
          expect(all?.co2eKg ?? 0).toBe(located?.co2eKg ?? 0);
        },
      ),
    );
  });

  it('ranks sources by their CO2e, each with its facilities in the order the database ranked them', () => {
    const row = (activityType: string, sourceCo2eKg: number, slug: string, co2eKg: number) => ({
      activityType,
      sourceCo2eKg,
      sourceFacilityCount: 2,
      slug,
      name: slug,
      co2eKg,
    });
    expect(
      rankSources(
        [row('Electricity', 50, 'b', 30), row('Natural gas', 80, 'a', 60), row('Electricity', 50, 'a', 20)],
        1,
      ),
    ).toEqual([
      {
        activityType: 'Natural gas',
        co2eKg: 80,
        facilityCount: 2,
        topFacilities: [{ slug: 'a', name: 'a', co2eKg: 60 }],
      },
    ]);
  });
});
