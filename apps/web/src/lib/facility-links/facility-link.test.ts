import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  facilityLink,
  facilityListLink,
  trailLinkOf,
  trailSearchValue,
  type FacilityTrailLink,
} from './facility-link.ts';

const trailLinks: fc.Arbitrary<FacilityTrailLink> = fc.oneof(
  fc.constant({ kind: 'total' as const }),
  fc.constantFrom(1 as const, 2 as const, 3 as const).map((scope) => ({ kind: 'scope' as const, scope })),
  fc.string({ minLength: 1 }).map((activityType) => ({ kind: 'source' as const, activityType })),
);

describe('links to a facility', () => {
  it('reads back every trail it writes', () => {
    fc.assert(
      fc.property(trailLinks, (link) => {
        expect(trailLinkOf({ trail: trailSearchValue(link) })).toEqual(link);
      }),
    );
  });

  it('ignores a trail it does not know', () => {
    for (const trail of ['scope-4', 'source:', 'everything', 42, undefined])
      expect(trailLinkOf({ trail })).toBeUndefined();
  });

  it('keeps the year, the trail and the section in the link', () => {
    expect(
      facilityLink('north-plant', {
        year: 2024,
        trail: { kind: 'source', activityType: 'Natural gas' },
        hash: 'facility-data-quality',
      }),
    ).toEqual({
      to: '/facility/next/north-plant',
      search: { year: 2024, trail: 'source:Natural gas' },
      hash: 'facility-data-quality',
    });
    expect(facilityLink('north-plant')).toEqual({ to: '/facility/next/north-plant', search: {} });
    expect(facilityListLink(2025, { sort: '-co2e' })).toEqual({
      to: '/facility/next',
      search: { sort: '-co2e', year: 2025 },
    });
  });
});
