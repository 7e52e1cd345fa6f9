import { equipmentListResponseSchema } from '@ecc/contracts';
import { createEquipmentRepository, facilities, permissions, type Database } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';

const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
/** More than one export page (1,000 rows), so the file must hold every page. */
const BULK_COUNT = 1_205;

async function insertFacility(db: Database, realmId: string, slug: string): Promise<string> {
  const [row] = await db
    .insert(facilities)
    .values({ realmId, slug, name: `Plant ${slug}`, sector: 'Power plants', country: 'US' })
    .returning({ id: facilities.id });
  if (!row) throw new Error('facility not inserted');
  return row.id;
}

/** A CSV answer's rows (the byte-order mark dropped), header first. */
describe('the equipment export', () => {
  let testApp: TestApp;
  let admin: string;
  let member: string;
  let northId: string;

  const get = (token: string, url: string, host = 'acme.test') =>
    testApp.app.inject({ method: 'GET', url, headers: { ...withSession(token), host } });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'CORE' });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'CORE' });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    northId = await insertFacility(db, acme.id, 'north');
    const southId = await insertFacility(db, acme.id, 'south');
    const otherPlantId = await insertFacility(db, other.id, 'elsewhere');
    admin = await signIn(testApp.app, ADMIN, 'acme.test');
    const otherAdmin = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
    const create = (token: string, host: string, facilityId: string, name: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/equipment',
        headers: { ...withSession(token), host },
        payload: { facilityId, typeKey: 'switchgear', name, properties: { sf6ChargeKg: 12 } },
      });
    expect((await create(admin, 'acme.test', northId, 'GIS bay 1')).statusCode).toBe(201);
    expect((await create(otherAdmin, 'other.test', otherPlantId, 'Foreign bay')).statusCode).toBe(201);
    const repository = createEquipmentRepository(db);
    const switchgear = await repository.findType(acme.id, 'switchgear');
    if (!switchgear) throw new Error('the built-in switchgear type is missing');
    await repository.createManyEquipment(
      acme.id,
      Array.from({ length: BULK_COUNT }, (_, index) => ({
        facilityId: southId,
        equipmentTypeId: switchgear.id,
        typeVersion: switchgear.currentVersion,
        name: `Bay ${String(index).padStart(4, '0')}`,
        properties: { sf6ChargeKg: 1 },
      })),
    );
    // The member role of acme loses its equipment grants: a user of the realm who may not read equipment.
    await db
      .update(permissions)
      .set({ active: false })
      .where(
        and(
          eq(permissions.realmId, acme.id),
          eq(permissions.principalType, 'role'),
          eq(permissions.rightId, 'equipment'),
        ),
      );
    member = await signIn(testApp.app, MEMBER, 'acme.test');
  });
  afterAll(() => testApp.close());

  it("exports every item of the list, in the list's order, as CSV and as XLSX", async () => {
    const list = equipmentListResponseSchema.parse((await get(admin, '/api/equipment')).json()).results;
    expect(list).toHaveLength(BULK_COUNT + 1);

    const csv = await get(admin, '/api/exports/equipment?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="equipment-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Name', 'Type', 'Site', 'Type version', 'Modified on']);
    expect(rows).toHaveLength(list.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(list.map((item) => item.name));
    expect(rows[1]).toEqual(['GIS bay 1', 'Switchgear (SF6)', 'Plant north', '1', list[0]!.modifiedOn]);
    expect(rows.some((row) => row[0] === 'Foreign bay')).toBe(false);

    const sheet = await xlsxRows((await get(admin, '/api/exports/equipment?format=xlsx')).rawPayload);
    expect(sheet[0]).toEqual(['Name', 'Type', 'Site', 'Type version', 'Modified on']);
    expect(sheet).toHaveLength(list.length + 1);
    expect(sheet[1]?.slice(0, 4)).toEqual(['GIS bay 1', 'Switchgear (SF6)', 'Plant north', 1]);
  });

  it("applies the list's site and type filters", async () => {
    const bySite = csvRows(
      (await get(admin, `/api/exports/equipment?format=csv&facilityId=${northId}`)).body,
    );
    expect(bySite.slice(1).map((row) => row[0])).toEqual(['GIS bay 1']);
    const byType = csvRows((await get(admin, '/api/exports/equipment?format=csv&type=boiler')).body);
    expect(byType).toHaveLength(1);
  });

  it('refuses a user of the realm who may not read equipment, and needs a session', async () => {
    const refused = await get(member, '/api/exports/equipment?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Equipment');
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: '/api/exports/equipment?format=csv',
      headers: { host: 'acme.test' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
