import { BUILT_IN_EQUIPMENT_TYPES, equipmentFieldsOf, validateEquipmentProperties } from '@ecc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from './create-database.ts';
import { createEquipmentRepository } from './equipment-repository.ts';
import { createRealmRepository } from './realm-repository.ts';
import { activityRecords, equipment } from './schema.ts';
import { DEMO_REALM_KEY, seedDemoRealm } from './seed-demo-realm.ts';
import { createTestDatabase } from './testing/test-database.ts';

describe('the demo equipment seed', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    realmId = (await createRealmRepository(database.db).findByKey(DEMO_REALM_KEY))?.id ?? '';
  });
  afterAll(() => database.close());

  it('puts equipment of every built-in type at the demo sites, valid against its type', async () => {
    const repository = createEquipmentRepository(database.db);
    const items = await repository.listEquipment(realmId, {});
    const types = await repository.listTypes(realmId);
    expect(new Set(items.map((item) => item.typeKey))).toEqual(
      new Set(BUILT_IN_EQUIPMENT_TYPES.map((type) => type.key)),
    );
    for (const item of items) {
      const type = types.find((candidate) => candidate.key === item.typeKey);
      const { fields } = equipmentFieldsOf(type?.current.schema ?? {});
      expect(validateEquipmentProperties(fields, item.properties), item.name).toEqual([]);
      expect(Object.keys(item.properties).every((name) => fields.some((field) => field.name === name))).toBe(
        true,
      );
    }
  });

  it('gives every demo site some equipment, counted by type', async () => {
    const sites = await createEquipmentRepository(database.db).listSites(realmId);
    expect(sites.length).toBeGreaterThanOrEqual(15);
    expect(sites.every((site) => site.equipmentTotal >= 3)).toBe(true);
    const riverbend = sites.find((site) => site.slug === 'riverbend-power-station');
    expect(riverbend?.equipmentCounts).toEqual({
      boiler: 2,
      switchgear: 1,
      generator: 1,
      'vehicle-fleet': 1,
    });
  });

  it('links the fuel and refrigerant records of a site to its equipment, so "by equipment" has data', async () => {
    const rows = await database.db
      .select({ activityType: activityRecords.activityType, equipmentName: equipment.name })
      .from(activityRecords)
      .innerJoin(equipment, eq(equipment.id, activityRecords.equipmentId))
      .where(eq(activityRecords.realmId, realmId));
    const linkedTypes = new Set(rows.map((row) => row.activityType));
    expect(linkedTypes.has('Natural gas')).toBe(true);
    expect(linkedTypes.has('Electricity')).toBe(false);
  });
});
