import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectedYearOf, yearSearch } from './selected-year.ts';

describe('the selected year', () => {
  it('reads the year of the URL as the router parses it, as a number or as text', () => {
    expect(selectedYearOf({ year: 2024 })).toBe(2024);
    expect(selectedYearOf({ year: '2023' })).toBe(2023);
    expect(selectedYearOf({})).toBeUndefined();
  });

  it('ignores what is not a year the product accepts', () => {
    for (const year of ['soon', 2024.5, 1800, '', null, [2024]])
      expect(selectedYearOf({ year })).toBeUndefined();
  });

  it('keeps the year in links, and nothing when none is selected', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), (year) => {
        expect(selectedYearOf(yearSearch(year))).toBe(year);
      }),
    );
    expect(yearSearch(null)).toEqual({});
    expect(yearSearch(undefined)).toEqual({});
  });
});
