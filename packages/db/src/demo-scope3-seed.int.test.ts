import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './create-database.ts';
import { createRealmRepository } from './realm-repository.ts';
import { emissionMonthTotals, emissionResults } from './schema.ts';
import { createScope3Repository } from './scope3-repository.ts';
import { DEMO_REALM_KEY, seedDemoRealm } from './seed-demo-realm.ts';
import { createTestDatabase } from './testing/test-database.ts';

describe('the demo Scope 3 seed', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    realmId = (await createRealmRepository(database.db).findByKey(DEMO_REALM_KEY))?.id ?? '';
  });
  afterAll(() => database.close());

  it('gives 2025 monthly spend with five suppliers, a capital purchase and business travel, screened in 15 categories', async () => {
    const repository = createScope3Repository(database.db);
    const lines = await repository.listLines(realmId, { year: 2025 });
    expect(lines).toHaveLength(12 * 7 + 1);
    expect(new Set(lines.map((line) => line.line.supplier))).toEqual(
      new Set([
        'Midwest Resins Inc.',
        'BoxCo Packaging',
        'Great Lakes Steel',
        'CodeWorks LLC',
        'Interstate Freight',
        'Globetrotter Travel',
        'Heavy Iron Equipment',
      ]),
    );
    expect(lines.every((line) => line.co2eKg !== null && line.co2eKg > 0)).toBe(true);
    // Travel takes the EPA Hub 2024 Table 10 factors its modes pick; only the EEIO factors are illustrative.
    const travel = lines.filter((line) => line.line.method === 'distance');
    expect(new Set(travel.map((line) => `${line.line.mode} ${line.record.factorKey}`))).toEqual(
      new Set([
        'air-medium-haul epa-hub-2024-travel-air-travel-medium-haul',
        'rail epa-hub-2024-travel-intercity-rail-national-average',
      ]),
    );
    const screenings = await repository.listScreenings(realmId);
    expect(screenings).toHaveLength(15);
    expect(
      screenings.filter((screening) => !screening.isIncluded).map((screening) => screening.category),
    ).toEqual([8, 13, 14]);
    expect((await repository.listEeioFactors(realmId)).length).toBe(20);
  });

  it('counts its lines in the results and the monthly totals alike', async () => {
    const [results] = await database.db
      .select({ co2eKg: sql<number>`sum(${emissionResults.co2eKg})`.mapWith(Number) })
      .from(emissionResults)
      .where(
        and(
          eq(emissionResults.realmId, realmId),
          eq(emissionResults.scope, 3),
          sql`${emissionResults.activityRecordId} in (select activity_record_id from scope3_lines)`,
        ),
      );
    const categories = await createScope3Repository(database.db).categoryTotals(realmId, 2025);
    const [totals] = await database.db
      .select({ co2eKg: sql<number>`sum(${emissionMonthTotals.co2eKg})`.mapWith(Number) })
      .from(emissionMonthTotals)
      .where(
        and(
          eq(emissionMonthTotals.realmId, realmId),
          eq(emissionMonthTotals.gas, ''),
          eq(emissionMonthTotals.scope, 3),
          sql`${emissionMonthTotals.month} >= '2025-01-01'`,
        ),
      );
    const all2025 = categories.reduce((sum, category) => sum + category.co2eKg, 0);
    expect(results?.co2eKg).toBeGreaterThan(0);
    expect(Math.abs((totals?.co2eKg ?? 0) - all2025)).toBeLessThan(0.001);
  });
});
