import type { EquipmentSite } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { matchesSiteSearch } from './site-search.ts';

const site: EquipmentSite = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'cascade-data-center',
  name: 'Cascade Data Center',
  sector: 'Data centres',
  city: 'Quincy',
  state: 'WA',
  country: 'US',
  equipmentCounts: {},
  equipmentTotal: 0,
};

describe('matchesSiteSearch', () => {
  it('matches every word anywhere in name, place or sector, ignoring case', () => {
    expect(matchesSiteSearch(site, '')).toBe(true);
    expect(matchesSiteSearch(site, 'cascade quincy')).toBe(true);
    expect(matchesSiteSearch(site, 'DATA wa')).toBe(true);
    expect(matchesSiteSearch(site, 'cascade london')).toBe(false);
  });
});
