import { summarizeFacility } from '@ecc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityRepository } from './activity-repository.ts';
import { createAuditLogRepository } from './audit-log-repository.ts';
import type { DatabaseHandle } from './create-database.ts';
import { createEmissionResultRepository } from './emission-result-repository.ts';
import { createFacilityRepository } from './facility-repository.ts';
import { createRealmRepository } from './realm-repository.ts';
import { DEMO_REALM_KEY, seedDemoRealm } from './seed-demo-realm.ts';
import { createTestDatabase } from './testing/test-database.ts';

describe('the demo emissions seed', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    const realm = await createRealmRepository(database.db).findByKey(DEMO_REALM_KEY);
    realmId = realm?.id ?? '';
  });
  afterAll(() => database.close());

  // How long seeding takes is measured in bench/demo-seed.bench.ts, never asserted here.
  it('creates twenty facilities across sectors and three countries', async () => {
    const { rows, total } = await createFacilityRepository(database.db).list(realmId, 'AR5', {
      archived: 'false',
      sort: 'name',
      limit: 500,
      offset: 0,
    });
    expect(total).toBe(20);
    expect(new Set(rows.map((row) => row.facility.country))).toEqual(new Set(['US', 'GB', 'DE']));
    expect((await createFacilityRepository(database.db).sectors(realmId)).length).toBeGreaterThanOrEqual(9);
    expect(
      rows.every((row) => row.co2e?.year === 2025 && row.co2e.source === 'calculated' && row.co2e.co2eKg > 0),
    ).toBe(true);
  });

  it('gives every record its results, dual Scope 2 with certificates, and data-quality findings', async () => {
    const facility = await createFacilityRepository(database.db).findBySlug(realmId, 'hudson-yards-office');
    const facilityId = facility?.id ?? '';
    const { rows, total } = await createActivityRepository(database.db).listForFacility(realmId, facilityId, {
      sort: 'periodStart',
      limit: 20000,
      offset: 0,
    });
    expect(total).toBe(3 * 36);
    expect(rows.every((row) => row.co2eKg > 0)).toBe(true);
    const electricity = rows.find((row) => row.record.activityType === 'Electricity');
    // Half of the office's electricity is covered by certificates: market-based is half of location-based.
    expect(electricity?.co2eKgMarket).toBeCloseTo((electricity?.co2eKg ?? 0) * 0.5, 6);

    const chemicals = await createFacilityRepository(database.db).findBySlug(realmId, 'bayou-chemicals');
    const chemicalsId = chemicals?.id ?? '';
    const summary = summarizeFacility({
      gwpSetId: 'AR5',
      results: await createEmissionResultRepository(database.db).listForFacility(realmId, chemicalsId, 'AR5'),
      records: await createActivityRepository(database.db).listQualityInputs(realmId, chemicalsId),
      equipmentNames: new Map(),
      reported: {},
      year: 2024,
    });
    expect(summary.years.map((year) => year.year)).toEqual([2023, 2024, 2025]);
    expect(summary.dataQuality).toContainEqual(
      expect.objectContaining({ kind: 'outlier', activityType: 'Natural gas', month: '2024-08' }),
    );
    expect(summary.dataQuality.some((flag) => flag.kind === 'estimated')).toBe(true);
    expect(summary.byGas.map((gas) => gas.gas)).toContain('HFC-32');
  });

  it('writes an intact audit chain with an entry for every facility and record', async () => {
    const [report] = await createAuditLogRepository(database.db).verify(DEMO_REALM_KEY);
    expect(report?.firstBreak).toBeUndefined();
    expect(report?.entryCount).toBeGreaterThan(2000);
  });

  it('runs only once: seeding again adds nothing', async () => {
    await seedDemoRealm(database.db);
    const { total } = await createFacilityRepository(database.db).list(realmId, 'AR5', {
      archived: 'false',
      sort: 'name',
      limit: 1,
      offset: 0,
    });
    expect(total).toBe(20);
  });
});
