import { describe, expect, it } from 'vitest';
import {
  facilityQueryOf,
  nextFacilitySort,
  readFacilityListSearch,
  writeFacilityListSearch,
} from './facility-list-search.ts';

describe('the facility list in the URL', () => {
  it('reads what the URL says and falls back to the first page by name', () => {
    expect(readFacilityListSearch({ q: 'kiln', sort: '-co2e', page: '3', archived: 'only' })).toEqual({
      q: 'kiln',
      sector: '',
      state: '',
      isArchived: true,
      sort: '-co2e',
      page: 3,
    });
    expect(readFacilityListSearch({ sort: 'size', page: '-2' })).toMatchObject({ sort: 'name', page: 1 });
  });

  it('writes only what differs from the defaults, and asks the server for that page', () => {
    const list = readFacilityListSearch({ state: 'TX', sort: 'co2e', page: 2 });
    expect(writeFacilityListSearch(list)).toEqual({
      q: undefined,
      sector: undefined,
      state: 'TX',
      archived: undefined,
      sort: 'co2e',
      page: 2,
    });
    expect(facilityQueryOf(list)).toEqual({ state: 'TX', sort: 'co2e', limit: 50, offset: 50 });
  });

  it('flips a column’s order, and starts CO2e with the largest', () => {
    expect(nextFacilitySort('name', 'co2e')).toBe('-co2e');
    expect(nextFacilitySort('-co2e', 'co2e')).toBe('co2e');
    expect(nextFacilitySort('name', 'name')).toBe('-name');
    expect(nextFacilitySort('-co2e', 'state')).toBe('state');
  });
});
