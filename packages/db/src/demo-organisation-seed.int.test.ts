import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './create-database.ts';
import { DEMO_YEARS } from './demo-emissions-seed.ts';
import { createFacilityRepository } from './facility-repository.ts';
import { createOrganisationRepository } from './organisation-repository.ts';
import { createRealmRepository } from './realm-repository.ts';
import { DEMO_REALM_KEY, seedDemoRealm } from './seed-demo-realm.ts';
import { createTestDatabase } from './testing/test-database.ts';

describe('the demo organisation seed', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    realmId = (await createRealmRepository(database.db).findByKey(DEMO_REALM_KEY))?.id ?? '';
  });
  afterAll(() => database.close());

  it('puts every facility in a business unit of a three-unit tree, by country', async () => {
    const units = await createOrganisationRepository(database.db).listBusinessUnits(realmId);
    const byName = new Map(units.map((entry) => [entry.unit.name, entry]));
    expect([...byName.keys()].sort()).toEqual(['Americas', 'Europe', 'United Kingdom']);
    expect(byName.get('United Kingdom')?.unit.parentId).toBe(byName.get('Europe')?.unit.id);
    expect(units.map((entry) => [entry.unit.name, entry.facilityCount]).sort()).toEqual([
      ['Americas', 12],
      ['Europe', 4],
      ['United Kingdom', 4],
    ]);
  });

  it('has joint ventures at their shares, one stake outside the boundary with its reason, and a base year', async () => {
    const facilities = createFacilityRepository(database.db);
    expect((await facilities.findBySlug(realmId, 'gulf-coast-refinery'))?.ownershipSharePercent).toBe(60);
    expect(await facilities.findBySlug(realmId, 'san-joaquin-creamery')).toMatchObject({
      ownershipSharePercent: 40,
      isInBoundary: false,
      boundaryExclusionReason: 'Minority stake: the partner operates the creamery',
    });
    expect(await createOrganisationRepository(database.db).findBoundary(realmId)).toMatchObject({
      consolidationApproach: 'operational-control',
      baseYear: 2023,
      recalculationThresholdPercent: 5,
    });
  });

  it('gives the realm revenue and headcount, and some facilities production or floor area, for every demo year', async () => {
    const denominators = await createOrganisationRepository(database.db).listDenominators(realmId);
    for (const year of DEMO_YEARS) {
      const ofYear = denominators.filter((entry) => entry.denominator.year === year);
      expect(
        ofYear
          .filter((entry) => entry.denominator.facilityId === null)
          .map((entry) => entry.denominator.kind),
      ).toEqual(['headcount', 'revenue']);
      expect(ofYear.filter((entry) => entry.facilitySlug !== null)).toHaveLength(6);
    }
  });
});
