import { summarizeFacility } from '@ecc/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityRepository } from './activity-repository.ts';
import { createAuditLogRepository } from './audit-log-repository.ts';
import type { DatabaseHandle } from './create-database.ts';
import { createEmissionResultRepository } from './emission-result-repository.ts';
import { createFacilityRepository } from './facility-repository.ts';
import { createRealmRepository } from './realm-repository.ts';
import { DEMO_GHGRP_YEAR } from './demo-emissions-seed.ts';
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

  it('gives the power station a GHGRP-style year of the public peers, from its first year’s direct emissions', async () => {
    const station = await createFacilityRepository(database.db).findBySlug(
      realmId,
      'riverbend-power-station',
    );
    const yearly = (
      (await database.db.execute(sql`
        select year, source, co2e_kg::float8 as co2e_kg from facility_emission_years
        where realm_id = ${realmId} and facility_id = ${station?.id ?? null} and gwp_set_id = 'AR5' order by year`)) as unknown as {
        rows: { year: number; source: string; co2e_kg: number }[];
      }
    ).rows;
    expect(yearly.map((row) => [row.year, row.source])).toEqual([
      [DEMO_GHGRP_YEAR, 'reported'],
      [2023, 'calculated'],
      [2024, 'calculated'],
      [2025, 'calculated'],
    ]);
    const results = await createEmissionResultRepository(database.db).listForFacility(
      realmId,
      station?.id ?? '',
      'AR5',
    );
    const direct2023 = results
      .filter((result) => result.scope === 1 && result.periodStart.startsWith('2023'))
      .reduce((sum, result) => sum + result.co2eKg, 0);
    expect(yearly[0]!.co2e_kg).toBeCloseTo(direct2023, -3);
    // Only the power station: the other sites keep their calculated years alone.
    const reportedSites = (
      (await database.db.execute(sql`
        select count(distinct facility_id)::int as count from facility_emission_years
        where realm_id = ${realmId} and source = 'reported'`)) as unknown as { rows: { count: number }[] }
    ).rows;
    expect(reportedSites[0]!.count).toBe(1);
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
