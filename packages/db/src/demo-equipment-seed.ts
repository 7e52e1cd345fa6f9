import { asc, eq } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { createEquipmentRepository, type NewEquipmentValues } from './equipment-repository.ts';
import { facilities } from './schema.ts';

interface DemoEquipment {
  typeKey: string;
  name: string;
  properties: Record<string, unknown>;
}

const boiler = (name: string, fuel: string, ratedCapacity: number, efficiency: number, year: number) => ({
  typeKey: 'boiler',
  name,
  properties: { fuel, ratedCapacity, efficiency, commissioningYear: year },
});
const generator = (name: string, ratedPower: number, annualHours: number) => ({
  typeKey: 'generator',
  name,
  properties: { fuel: 'Diesel', ratedPower, isEmergency: true, annualHours },
});
const fleet = (
  name: string,
  vehicleCount: number,
  fuel: string,
  vehicleClass: string,
  annualDistance: number,
) => ({
  typeKey: 'vehicle-fleet',
  name,
  properties: { vehicleCount, fuel, vehicleClass, annualDistance },
});
const refrigeration = (name: string, refrigerant: string, chargeKg: number, annualLeakRate: number) => ({
  typeKey: 'refrigeration',
  name,
  properties: { refrigerant, chargeKg, annualLeakRate },
});
const switchgear = (name: string, sf6ChargeKg: number, voltageKv: number) => ({
  typeKey: 'switchgear',
  name,
  properties: { sf6ChargeKg, voltageKv, annualLeakRate: 0.5, isHermeticallySealed: false },
});
const flare = (name: string, flareType: string) => ({
  typeKey: 'flare',
  name,
  properties: { flareType, combustionEfficiency: 98, isContinuouslyMonitored: true },
});
const processUnit = (name: string, process: string, capacity: number, product: string) => ({
  typeKey: 'process-unit',
  name,
  properties: { process, capacity, product },
});

/** What a site of each demo sector runs; every built-in type appears at several sites. */
const EQUIPMENT_BY_SECTOR: Record<string, readonly DemoEquipment[]> = {
  'Power plants': [
    boiler('Unit 1 boiler', 'Bituminous coal', 4_500, 88, 1984),
    boiler('Auxiliary boiler', 'Natural gas', 180, 82, 2009),
    switchgear('345 kV GIS substation', 1_200, 345),
    generator('Black-start generator', 2_000, 40),
    fleet('Site vehicles', 12, 'Diesel', 'Light-duty truck', 180_000),
  ],
  Cement: [
    processUnit('Kiln 1', 'Cement kiln', 1_200_000, 'Clinker'),
    boiler('Raw mill dryer', 'Natural gas', 90, 80, 2001),
    fleet('Quarry haul trucks', 18, 'Diesel', 'Medium- and heavy-duty truck', 420_000),
    switchgear('Main substation', 85, 138),
  ],
  'Petroleum refineries': [
    flare('Main flare', 'Elevated'),
    processUnit('Steam methane reformer', 'Hydrogen production', 90_000, 'Hydrogen'),
    boiler('Utility boiler 2', 'Natural gas', 650, 84, 1997),
    switchgear('Refinery substation', 240, 138),
  ],
  Chemicals: [
    boiler('Process steam boiler', 'Natural gas', 320, 85, 2006),
    flare('Enclosed ground flare', 'Enclosed ground'),
    processUnit('Nitric acid plant', 'Nitric acid', 300_000, 'Nitric acid'),
    refrigeration('Process chiller', 'HFC-134a', 850, 8),
  ],
  'Food processing': [
    boiler('Steam boiler', 'Natural gas', 45, 83, 2012),
    refrigeration('Cold store', 'R-404A', 420, 15),
    fleet('Delivery vans', 24, 'Diesel', 'Light-duty truck', 960_000),
  ],
  'Data centres': [
    generator('Standby generator A', 2_500, 24),
    generator('Standby generator B', 2_500, 24),
    refrigeration('Chilled-water plant', 'HFC-134a', 1_600, 3),
    switchgear('Medium-voltage switchboard', 40, 33),
  ],
  Offices: [
    refrigeration('Rooftop chiller', 'R-410A', 240, 4),
    boiler('Heating boiler', 'Natural gas', 12, 90, 2015),
    generator('Life-safety generator', 500, 30),
  ],
  Warehouses: [
    fleet('Forklifts', 36, 'LPG', 'Forklift', 0),
    fleet('Yard tractors', 6, 'Diesel', 'Medium- and heavy-duty truck', 60_000),
    refrigeration('Chilled dock', 'R-410A', 180, 6),
  ],
  'Iron and steel': [
    processUnit('Electric arc furnace', 'Other', 1_500_000, 'Steel'),
    boiler('Reheat furnace', 'Natural gas', 520, 78, 1993),
    switchgear('Furnace transformer bay', 300, 220),
    fleet('Slag haulers', 8, 'Diesel', 'Medium- and heavy-duty truck', 90_000),
  ],
  Hospitals: [
    boiler('Central plant boiler', 'Natural gas', 30, 86, 2011),
    generator('Emergency generator', 1_500, 36),
    refrigeration('Central plant chiller', 'HFC-134a', 520, 5),
  ],
};

/**
 * Equipment of every built-in type at the demo realm's facilities, by what each sector runs. Call it right
 * after seedDemoEmissions, in the transaction that creates the demo realm.
 */
export async function seedDemoEquipment(db: Database, realmId: string): Promise<{ equipmentCount: number }> {
  const repository = createEquipmentRepository(db);
  await repository.ensureBuiltInTypes(realmId);
  const types = await repository.typeIdsByKey(
    realmId,
    Object.values(EQUIPMENT_BY_SECTOR).flatMap((items) => items.map((item) => item.typeKey)),
  );
  const sites = await db
    .select({ id: facilities.id, sector: facilities.sector })
    .from(facilities)
    .where(eq(facilities.realmId, realmId))
    .orderBy(asc(facilities.name));
  const values: NewEquipmentValues[] = [];
  for (const site of sites) {
    for (const item of EQUIPMENT_BY_SECTOR[site.sector] ?? []) {
      const type = types.get(item.typeKey);
      if (!type) continue;
      values.push({
        facilityId: site.id,
        equipmentTypeId: type.id,
        typeVersion: type.version,
        name: item.name,
        properties: item.properties,
      });
    }
  }
  return { equipmentCount: await repository.createManyEquipment(realmId, values) };
}
