import { FACTOR_LIBRARY, GWP_SETS } from '@ecc/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityRepository } from './activity-repository.ts';
import { createAuditLogRepository } from './audit-log-repository.ts';
import type { DatabaseHandle } from './create-database.ts';
import { createEmissionResultRepository } from './emission-result-repository.ts';
import { createFacilityRepository } from './facility-repository.ts';
import { syncReferenceData } from './reference-data-sync.ts';
import { calculationMethods, emissionFactors, gwpSets, recalculationRuns } from './schema.ts';
import { createTestDatabase, insertTestRealm } from './testing/test-database.ts';

describe('emissions repositories', () => {
  let database: DatabaseHandle;
  let acmeId: string;
  let otherId: string;
  let recordId: string;
  let facilityId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    acmeId = await insertTestRealm(database.db, 'acme');
    otherId = await insertTestRealm(database.db, 'other');
    const [facility] = await createFacilityRepository(database.db).insertMany(acmeId, [
      {
        slug: 'plant',
        name: 'Plant',
        sector: 'Cement',
        naics: '327310',
        city: 'Midlothian',
        country: 'US',
        reported: {},
      },
    ]);
    facilityId = facility?.id ?? '';
    const record = await createActivityRepository(database.db).insert(acmeId, {
      facilityId,
      activityType: 'Coal',
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      quantity: 10,
      unit: 'short_ton',
      factorKey: 'epa-hub-2024-bituminous-coal-short-ton',
      scope: 1,
    });
    recordId = record.id;
    await createEmissionResultRepository(database.db).insertMany(acmeId, [
      {
        activityRecordId: recordId,
        facilityId,
        periodStart: '2024-01-01',
        scope: 1,
        gases: { CO2: 100 },
        co2eKg: 100,
        gwpSetId: 'AR5',
        factorKey: record.factorKey,
        factorVersion: '2024',
        calculationMethodId: 'heat-content',
      },
    ]);
  });
  afterAll(() => database.close());

  it('finds a realm’s facilities, records and results only within that realm', async () => {
    const facilities = createFacilityRepository(database.db);
    const page = { archived: 'false', sort: 'name', limit: 10, offset: 0 } as const;
    expect((await facilities.list(acmeId, 'AR5', { ...page, q: 'midlothian' })).total).toBe(1);
    expect((await facilities.list(otherId, 'AR5', page)).total).toBe(0);
    expect(await facilities.findBySlug(otherId, 'plant')).toBeUndefined();
    expect(await facilities.findById(otherId, facilityId)).toBeUndefined();
    expect(await facilities.sectors(otherId)).toEqual([]);

    const records = createActivityRepository(database.db);
    expect((await records.findById(acmeId, recordId))?.co2eKg).toBe(100);
    expect(await records.findById(otherId, recordId)).toBeUndefined();
    expect(await records.update(otherId, recordId, { quantity: 1 })).toBeUndefined();
    expect(await records.delete(otherId, recordId)).toBeUndefined();
    expect(
      (await records.listForFacility(otherId, facilityId, { sort: 'periodStart', limit: 10, offset: 0 }))
        .total,
    ).toBe(0);
    expect(await createEmissionResultRepository(database.db).listForRecords(otherId, [recordId])).toEqual([]);
    expect(
      await createEmissionResultRepository(database.db).listForFacility(otherId, facilityId, 'AR5'),
    ).toEqual([]);
    expect((await records.findById(acmeId, recordId))?.record.quantity).toBe(10);
  });

  it('lists a facility’s results on the one GWP set asked for, with their record’s activity type', async () => {
    const results = createEmissionResultRepository(database.db);
    // A recalculation to AR6 under way: the one time a realm holds results on two sets.
    await database.db
      .insert(recalculationRuns)
      .values({ realmId: acmeId, status: 'queued', gwpSetId: 'AR6' });
    await results.insertMany(acmeId, [
      {
        activityRecordId: recordId,
        facilityId,
        periodStart: '2024-01-01',
        scope: 1,
        gases: { CO2: 100 },
        co2eKg: 101,
        gwpSetId: 'AR6',
        factorKey: 'epa-hub-2024-bituminous-coal-short-ton',
        factorVersion: '2024',
        calculationMethodId: 'heat-content',
      },
    ]);

    const onAr5 = await results.listForFacility(acmeId, facilityId, 'AR5');
    const onAr6 = await results.listForFacility(acmeId, facilityId, 'AR6', 2024);

    expect(onAr5.map((row) => [row.gwpSetId, row.co2eKg, row.activityType])).toEqual([['AR5', 100, 'Coal']]);
    expect(onAr6.map((row) => [row.gwpSetId, row.co2eKg, row.activityType])).toEqual([['AR6', 101, 'Coal']]);
    expect(await results.listForFacility(acmeId, facilityId, 'AR6', 2023)).toEqual([]);
  });

  it('keeps one chain per realm, each starting from 64 zeros', async () => {
    const entry = {
      actorId: null,
      actorEmail: 'a@example.com',
      action: 'create' as const,
      entityType: 'activity-record',
      entityId: recordId,
      before: null,
      after: { quantity: 10 },
    };
    await database.db.transaction(async (transaction) => {
      await createAuditLogRepository(transaction).append(acmeId, entry);
      await createAuditLogRepository(transaction).append(acmeId, { ...entry, action: 'update' });
    });
    await database.db.transaction((transaction) =>
      createAuditLogRepository(transaction).append(otherId, entry),
    );
    const log = createAuditLogRepository(database.db);
    const acme = await log.list(acmeId, { limit: 10, offset: 0 });
    const other = await log.list(otherId, { limit: 10, offset: 0 });
    expect(acme.rows.map((row) => row.sequence)).toEqual([2, 1]);
    expect(acme.rows[0]?.previousHash).toBe(acme.rows[1]?.hash);
    expect(other.rows.map((row) => [row.sequence, row.previousHash])).toEqual([[1, '0'.repeat(64)]]);
    expect(await log.listForEntities(otherId, 'activity-record', [recordId], 10)).toHaveLength(1);
    expect(
      (await log.verify()).map((report) => [report.realmKey, report.entryCount, report.firstBreak]),
    ).toEqual([
      ['acme', 2, undefined],
      ['other', 1, undefined],
    ]);
  });

  it('syncs the reference data idempotently: running again inserts nothing and changes nothing', async () => {
    const countOf = async () => ({
      gwp: (await database.db.select().from(gwpSets)).length,
      methods: (await database.db.select().from(calculationMethods)).length,
      factors: (await database.db.select().from(emissionFactors)).length,
    });
    const before = await countOf();
    expect(before.gwp).toBe(3);
    expect(before.methods).toBeGreaterThanOrEqual(5);
    expect(before.factors).toBe(FACTOR_LIBRARY.length);
    await syncReferenceData(database.db);
    expect(await countOf()).toEqual(before);
  });

  it('brings GWP sets stored by an older version up to the gases the code knows', async () => {
    // As stored before the fluorinated gases and biogenic CO2 were added.
    await database.db
      .update(gwpSets)
      .set({ values: { CO2: 1, CH4: 28, N2O: 265 } })
      .where(eq(gwpSets.id, 'AR5'));
    await syncReferenceData(database.db);
    const [stored] = await database.db.select().from(gwpSets).where(eq(gwpSets.id, 'AR5'));
    expect(stored?.values).toEqual(GWP_SETS.AR5.values);
  });
});
