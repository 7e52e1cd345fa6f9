import { randomUUID } from 'node:crypto';
import {
  calculateActivityResults,
  createActivityCalculator,
  FACTOR_LIBRARY_BY_ID,
  GHGRP_REPORTED_GWP,
  ghgrpCo2eByGwpSet,
  rebaseGhgrpCo2e,
  type EmissionFactor,
  type GhgrpReportedYear,
  type GhgrpSingleGas,
  type GwpSetId,
  type Scope,
} from '@ecc/domain';
import { and, asc, eq } from 'drizzle-orm';
import { activityRecordAuditSnapshot, emissionResultValues } from './activity-record-values.ts';
import { lockResultGwpSets } from './result-gwp-sets.ts';
import { createActivityRepository, type NewActivityRecord } from './activity-repository.ts';
import { createAuditLogRepository, type NewAuditEntry } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { createEmissionFactorRepository, type NewRealmFactor } from './emission-factor-repository.ts';
import { createEmissionResultRepository, type NewEmissionResult } from './emission-result-repository.ts';
import { seedDemoEquipment } from './demo-equipment-seed.ts';
import { createFacilityRepository, type NewFacility } from './facility-repository.ts';
import { libraryVersionLabelOf } from './reference-data-sync.ts';
import { equipment, equipmentTypes, facilities as facilitiesTable } from './schema.ts';

/*
 * The demo organisation's emissions (issue 4, item 8): about twenty believable sites in the US, the UK and
 * Germany with three years of monthly activity data, so every screen has something real to show. Quantities
 * are generated from a seeded random sequence, so every fresh database gets the same figures. A few months are
 * left out, one month is wildly off and some records are estimated, so the data-quality flags show something.
 */

export const DEMO_YEARS = [2023, 2024, 2025] as const;

/**
 * The year of EPA's GHGRP workbook that `npm start` loads as public benchmark peers (decision 033). The demo's own
 * years start in 2023, so without a figure of this year no demo facility could be compared with public peers.
 */
export const DEMO_GHGRP_YEAR = 2020;

/**
 * Demo facilities given a GHGRP-style reported year of `DEMO_GHGRP_YEAR`: the power station, whose 6-digit NAICS
 * (221112) has over a thousand public peers. Its masses are its own first demo year's direct (scope 1) emissions,
 * so the figure is of the size its records give, on every GWP set like an imported GHGRP year.
 */
const GHGRP_STYLE_SITES: ReadonlySet<string> = new Set(['riverbend-power-station']);
const GHGRP_SINGLE_GASES: readonly GhgrpSingleGas[] = ['CO2', 'CH4', 'N2O', 'SF6', 'NF3'];

/** Realm factors of the demo organisation: what the shipped library does not cover. */
const GERMAN_GRID: NewRealmFactor = {
  name: 'Germany grid average electricity (demo realm factor)',
  source: 'Umweltbundesamt, CO2 emission factor of the German electricity mix 2023 (about 380 g CO2/kWh)',
  year: 2023,
  per: 'kWh',
  gases: { CO2: { value: 380, unit: 'g' } },
  scope: 2,
  electricityBasis: 'grid-average',
};
const R410A: NewRealmFactor = {
  name: 'Refrigerant R-410A released (per kg)',
  source: 'ASHRAE Standard 34: R-410A is 50 % HFC-32 and 50 % HFC-125 by mass',
  year: 2024,
  per: 'kg',
  gases: { 'HFC-32': { value: 0.5, unit: 'kg' }, 'HFC-125': { value: 0.5, unit: 'kg' } },
  scope: 1,
};

/** One monthly series of a site: what is consumed, with which factor, and how much in a typical month. */
interface Stream {
  activityType: string;
  factorKey: string;
  unit: string;
  scope: Scope;
  monthly: number;
  /** Share by which winter months exceed and summer months fall short of the typical month (heating). */
  seasonality?: number;
  scope3Category?: number;
  certificateCoverage?: number;
}

interface DemoSite extends NewFacility {
  streams: Stream[];
}

const GERMAN_GRID_KEY = 'german-grid';
const R410A_KEY = 'r410a';

const gas = (monthly: number, seasonality = 0.35): Stream => ({
  activityType: 'Natural gas',
  factorKey: 'epa-hub-2024-natural-gas-scf',
  unit: 'scf',
  scope: 1,
  monthly,
  seasonality,
});
const ukGas = (monthly: number): Stream => ({
  activityType: 'Natural gas',
  factorKey: 'desnz-2024-natural-gas-gross-cv',
  unit: 'kWh',
  scope: 1,
  monthly,
  seasonality: 0.4,
});
const deGas = (monthly: number): Stream => ({
  activityType: 'Natural gas',
  factorKey: 'epa-c1-natural-gas',
  unit: 'kWh',
  scope: 1,
  monthly,
  seasonality: 0.4,
});
const electricity = (
  factorKey: string,
  monthly: number,
  unit = 'MWh',
  certificateCoverage?: number,
): Stream => ({
  activityType: 'Electricity',
  factorKey,
  unit,
  scope: 2,
  monthly,
  seasonality: -0.1,
  ...(certificateCoverage === undefined ? {} : { certificateCoverage }),
});
const fleetDiesel = (monthly: number, unit = 'gal'): Stream => ({
  activityType: 'Fleet diesel',
  factorKey: 'epa-hub-2024-mobile-diesel-gal',
  unit,
  scope: 1,
  monthly,
});
const coal = (monthly: number, unit = 'short_ton'): Stream => ({
  activityType: 'Coal',
  factorKey: 'epa-hub-2024-bituminous-coal-short-ton',
  unit,
  scope: 1,
  monthly,
});
const fuelOil = (monthly: number, activityType = 'Fuel oil'): Stream => ({
  activityType,
  factorKey: 'epa-hub-2024-distillate-fuel-oil-no-2-gal',
  unit: 'gal',
  scope: 1,
  monthly,
});
const refrigerant = (monthly: number): Stream => ({
  activityType: 'Refrigerant losses',
  factorKey: R410A_KEY,
  unit: 'kg',
  scope: 1,
  monthly,
});
const businessTravel = (monthly: number): Stream => ({
  activityType: 'Business travel (air)',
  factorKey: 'epa-c1-kerosene-type-jet-fuel',
  unit: 'gal',
  scope: 3,
  scope3Category: 6,
  monthly,
});
const propane = (monthly: number): Stream => ({
  activityType: 'Forklift propane',
  factorKey: 'epa-hub-2024-propane-gal',
  unit: 'gal',
  scope: 1,
  monthly,
});

type SiteLocation = Pick<
  NewFacility,
  'address' | 'city' | 'state' | 'postalCode' | 'country' | 'latitude' | 'longitude'
>;

function site(
  slug: string,
  name: string,
  sector: string,
  naics: string,
  location: SiteLocation,
  streams: Stream[],
): DemoSite {
  return { slug, name, sector, naics, ...location, reported: {}, streams };
}

const DEMO_SITES: readonly DemoSite[] = [
  site(
    'riverbend-power-station',
    'Riverbend Power Station',
    'Power plants',
    '221112',
    {
      address: '9000 River Road',
      city: 'Owensboro',
      state: 'KY',
      postalCode: '42301',
      country: 'US',
      latitude: 37.7719,
      longitude: -87.0553,
    },
    [coal(48_000), gas(350_000_000, 0.1), fleetDiesel(2_500)],
  ),
  site(
    'lone-star-cement',
    'Lone Star Cement Works',
    'Cement',
    '327310',
    {
      address: '2000 Cement Plant Road',
      city: 'Midlothian',
      state: 'TX',
      postalCode: '76065',
      country: 'US',
      latitude: 32.4824,
      longitude: -96.9945,
    },
    [coal(11_000), gas(60_000_000, 0.05), electricity('egrid-2022-erct', 9_000), fleetDiesel(7_500)],
  ),
  site(
    'gulf-coast-refinery',
    'Gulf Coast Refinery',
    'Petroleum refineries',
    '324110',
    {
      address: '4500 Bayway Drive',
      city: 'Baytown',
      state: 'TX',
      postalCode: '77520',
      country: 'US',
      latitude: 29.7355,
      longitude: -94.9774,
    },
    [gas(1_400_000_000, 0.05), electricity('egrid-2022-erct', 38_000), fuelOil(45_000)],
  ),
  site(
    'bayou-chemicals',
    'Bayou Chemicals Plant',
    'Chemicals',
    '325199',
    {
      address: '36000 Highway 30',
      city: 'Geismar',
      state: 'LA',
      postalCode: '70734',
      country: 'US',
      latitude: 30.2213,
      longitude: -91.0107,
    },
    [gas(280_000_000, 0.05), electricity('egrid-2022-us-average', 14_000), refrigerant(18)],
  ),
  site(
    'prairie-foods',
    'Prairie Foods Processing',
    'Food processing',
    '311612',
    {
      address: '1200 Industrial Parkway',
      city: 'Dakota City',
      state: 'NE',
      postalCode: '68731',
      country: 'US',
      latitude: 42.415,
      longitude: -96.4181,
    },
    [gas(22_000_000, 0.2), electricity('egrid-2022-us-average', 3_400), fleetDiesel(11_000), refrigerant(6)],
  ),
  site(
    'cascade-data-center',
    'Cascade Data Center',
    'Data centres',
    '518210',
    {
      address: '3900 Columbia Way',
      city: 'The Dalles',
      state: 'OR',
      postalCode: '97058',
      country: 'US',
      latitude: 45.6321,
      longitude: -121.201,
    },
    [
      electricity('egrid-2022-nwpp', 24_000, 'MWh', 0.8),
      fuelOil(1_400, 'Backup generator diesel'),
      refrigerant(9),
    ],
  ),
  site(
    'hudson-yards-office',
    'Hudson Yards Office Tower',
    'Offices',
    '531120',
    {
      address: '30 Hudson Yards',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
      latitude: 40.7536,
      longitude: -74.0012,
    },
    [electricity('egrid-2022-nycw', 1_150, 'MWh', 0.5), gas(3_200_000, 0.8), businessTravel(4_800)],
  ),
  site(
    'inland-empire-distribution',
    'Inland Empire Distribution Center',
    'Warehouses',
    '493110',
    {
      address: '4200 E Airport Drive',
      city: 'Ontario',
      state: 'CA',
      postalCode: '91761',
      country: 'US',
      latitude: 34.0559,
      longitude: -117.592,
    },
    [electricity('egrid-2022-camx', 820, 'MWh', 0.35), propane(5_800), fleetDiesel(19_000)],
  ),
  site(
    'great-lakes-steel',
    'Great Lakes Steel Mill',
    'Iron and steel',
    '331110',
    {
      address: '1 North Broadway',
      city: 'Gary',
      state: 'IN',
      postalCode: '46402',
      country: 'US',
      latitude: 41.61,
      longitude: -87.3364,
    },
    [coal(29_000), gas(760_000_000, 0.05), electricity('egrid-2022-us-average', 58_000)],
  ),
  site(
    'harborview-general-hospital',
    'Harborview General Hospital',
    'Hospitals',
    '622110',
    {
      address: '55 Fruit Street',
      city: 'Boston',
      state: 'MA',
      postalCode: '02114',
      country: 'US',
      latitude: 42.3626,
      longitude: -71.0685,
    },
    [
      gas(14_500_000, 0.6),
      electricity('egrid-2022-newe', 2_450),
      fuelOil(480, 'Backup generator diesel'),
      refrigerant(3),
    ],
  ),
  site(
    'delaware-valley-pharma',
    'Delaware Valley Pharmaceuticals',
    'Chemicals',
    '325412',
    {
      address: '3400 Civic Center Boulevard',
      city: 'Philadelphia',
      state: 'PA',
      postalCode: '19104',
      country: 'US',
      latitude: 39.9496,
      longitude: -75.193,
    },
    [gas(40_000_000, 0.3), electricity('egrid-2022-rfce', 5_200, 'MWh', 0.25), businessTravel(1_900)],
  ),
  site(
    'san-joaquin-creamery',
    'San Joaquin Creamery',
    'Food processing',
    '311511',
    {
      address: '1800 S K Street',
      city: 'Tulare',
      state: 'CA',
      postalCode: '93274',
      country: 'US',
      latitude: 36.1897,
      longitude: -119.3473,
    },
    [gas(18_000_000, 0.15), electricity('egrid-2022-camx', 2_100), fleetDiesel(9_500), refrigerant(7)],
  ),
  site(
    'thames-gateway-distribution',
    'Thames Gateway Distribution Centre',
    'Warehouses',
    '493110',
    {
      address: 'London Road',
      city: 'Tilbury',
      state: 'Essex',
      postalCode: 'RM18 7EH',
      country: 'GB',
      latitude: 51.463,
      longitude: 0.36,
    },
    [electricity('desnz-2024-uk-electricity', 650_000, 'kWh', 0.4), ukGas(420_000), fleetDiesel(60_000, 'L')],
  ),
  site(
    'canary-wharf-offices',
    'Canary Wharf Offices',
    'Offices',
    '531120',
    {
      address: '25 Canada Square',
      city: 'London',
      state: 'England',
      postalCode: 'E14 5LQ',
      country: 'GB',
      latitude: 51.5049,
      longitude: -0.0195,
    },
    [electricity('desnz-2024-uk-electricity', 1_100_000, 'kWh', 0.9), ukGas(380_000), businessTravel(3_600)],
  ),
  site(
    'teesside-chemicals',
    'Teesside Chemicals Works',
    'Chemicals',
    '325199',
    {
      address: 'Wilton International',
      city: 'Middlesbrough',
      state: 'England',
      postalCode: 'TS90 8WS',
      country: 'GB',
      latitude: 54.587,
      longitude: -1.103,
    },
    [ukGas(52_000_000), electricity('desnz-2024-uk-electricity', 9_500_000, 'kWh'), refrigerant(12)],
  ),
  site(
    'slough-data-centre',
    'Slough Data Centre',
    'Data centres',
    '518210',
    {
      address: '234 Bath Road',
      city: 'Slough',
      state: 'England',
      postalCode: 'SL1 4EE',
      country: 'GB',
      latitude: 51.522,
      longitude: -0.63,
    },
    [
      electricity('desnz-2024-uk-electricity', 14_000_000, 'kWh', 0.7),
      fuelOil(900, 'Backup generator diesel'),
      refrigerant(10),
    ],
  ),
  site(
    'rhein-ruhr-stahlwerk',
    'Rhein-Ruhr Stahlwerk',
    'Iron and steel',
    '331110',
    {
      address: 'Kaiser-Wilhelm-Straße 100',
      city: 'Duisburg',
      state: 'Nordrhein-Westfalen',
      postalCode: '47166',
      country: 'DE',
      latitude: 51.492,
      longitude: 6.74,
    },
    [coal(26_000, 't'), deGas(210_000_000), electricity(GERMAN_GRID_KEY, 52_000_000, 'kWh')],
  ),
  site(
    'zementwerk-schwaben',
    'Zementwerk Schwaben',
    'Cement',
    '327310',
    {
      address: 'Ulmer Straße 50',
      city: 'Schelklingen',
      state: 'Baden-Württemberg',
      postalCode: '89601',
      country: 'DE',
      latitude: 48.3756,
      longitude: 9.7331,
    },
    [
      coal(9_000, 't'),
      deGas(18_000_000),
      electricity(GERMAN_GRID_KEY, 8_500_000, 'kWh', 0.3),
      fleetDiesel(25_000, 'L'),
    ],
  ),
  site(
    'klinikum-isar',
    'Klinikum Isar',
    'Hospitals',
    '622110',
    {
      address: 'Ismaninger Straße 22',
      city: 'München',
      state: 'Bayern',
      postalCode: '81675',
      country: 'DE',
      latitude: 48.137,
      longitude: 11.599,
    },
    [deGas(2_600_000), electricity(GERMAN_GRID_KEY, 1_900_000, 'kWh', 0.5), refrigerant(2)],
  ),
  site(
    'logistikzentrum-leipzig',
    'Logistikzentrum Leipzig',
    'Warehouses',
    '493110',
    {
      address: 'Am Exer 10',
      city: 'Leipzig',
      state: 'Sachsen',
      postalCode: '04435',
      country: 'DE',
      latitude: 51.419,
      longitude: 12.224,
    },
    [electricity(GERMAN_GRID_KEY, 540_000, 'kWh'), propane(4_200), fleetDiesel(70_000, 'L')],
  ),
];

/** Mulberry32: a small, well-spread 32-bit generator; the same seed always gives the same demo. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A realistic figure: three significant digits, as meter readings and invoices show them. */
function roundToMeterReading(value: number): number {
  if (value === 0) return 0;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 3))) || Number(value.toPrecision(3));
}

/** The equipment type whose items consume each demo activity, so "by equipment" breakdowns have data. */
const EQUIPMENT_TYPE_OF_ACTIVITY: Readonly<Record<string, string>> = {
  'Natural gas': 'boiler',
  Coal: 'boiler',
  'Fuel oil': 'boiler',
  'Backup generator diesel': 'generator',
  'Fleet diesel': 'vehicle-fleet',
  'Forklift propane': 'vehicle-fleet',
  'Refrigerant losses': 'refrigeration',
};

/** Per facility, the first item of each equipment type (by name). */
async function demoEquipmentByFacility(
  db: Database,
  realmId: string,
): Promise<Map<string, Map<string, string>>> {
  const rows = await db
    .select({ id: equipment.id, facilityId: equipment.facilityId, typeKey: equipmentTypes.key })
    .from(equipment)
    .innerJoin(
      equipmentTypes,
      and(eq(equipmentTypes.realmId, equipment.realmId), eq(equipmentTypes.id, equipment.equipmentTypeId)),
    )
    .where(eq(equipment.realmId, realmId))
    .orderBy(asc(equipment.name));
  const byFacility = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const byType = byFacility.get(row.facilityId) ?? new Map<string, string>();
    if (!byType.has(row.typeKey)) byType.set(row.typeKey, row.id);
    byFacility.set(row.facilityId, byType);
  }
  return byFacility;
}

function equipmentOf(
  equipmentByFacility: Map<string, Map<string, string>>,
  facilityId: string,
  activityType: string,
): string | null {
  const typeKey = EQUIPMENT_TYPE_OF_ACTIVITY[activityType];
  return (typeKey && equipmentByFacility.get(facilityId)?.get(typeKey)) ?? null;
}

/**
 * Creates the demo facilities, their equipment, records, emission results and audit entries in the realm. Call it once,
 * in the transaction that creates the demo realm. Batched: a few thousand records in a handful of statements.
 */
export async function seedDemoEmissions(db: Database, realmId: string): Promise<{ recordCount: number }> {
  const factorRepository = createEmissionFactorRepository(db);
  const realmFactorKeys = new Map<string, string>();
  const realmFactors = new Map<string, EmissionFactor>();
  for (const [alias, input] of [
    [GERMAN_GRID_KEY, GERMAN_GRID],
    [R410A_KEY, R410A],
  ] as const) {
    const draft = await factorRepository.createDraft(realmId, input);
    const published = await factorRepository.publish(realmId, draft.factor.id);
    realmFactorKeys.set(alias, draft.factor.id);
    realmFactors.set(draft.factor.id, (published?.factor ?? draft.factor) as EmissionFactor);
  }
  // A new realm has no recalculation under way: its own set is the only one to write.
  const { current: gwpSetId } = await lockResultGwpSets(db, realmId);
  const calculator = createActivityCalculator(gwpSetId, {
    factors: { get: (id) => realmFactors.get(id) ?? FACTOR_LIBRARY_BY_ID.get(id) },
    factorVersionOf: (_key, factor) => libraryVersionLabelOf(factor),
  });

  const facilities = await createFacilityRepository(db).insertMany(
    realmId,
    DEMO_SITES.map(({ streams: _streams, ...facility }) => facility),
  );
  await seedDemoEquipment(db, realmId);
  const equipmentByFacility = await demoEquipmentByFacility(db, realmId);
  const random = seededRandom(20_231_101);
  const records: (NewActivityRecord & { id: string })[] = [];
  const results: NewEmissionResult[] = [];
  const audit: NewAuditEntry[] = facilities.map((facility) => ({
    actorId: null,
    actorEmail: null,
    action: 'create',
    entityType: 'facility',
    entityId: facility.id,
    before: null,
    after: { slug: facility.slug, name: facility.name, sector: facility.sector, naics: facility.naics },
  }));

  /** kg of each gas of the first demo year's scope 1 results, of the GHGRP-style sites. */
  const directKgBySite = new Map<string, Partial<Record<GhgrpSingleGas, number>>>();
  DEMO_SITES.forEach((demoSite, siteIndex) => {
    const facility = facilities.find((row) => row.slug === demoSite.slug);
    if (!facility) return;
    demoSite.streams.forEach((stream, streamIndex) => {
      const factorKey = realmFactorKeys.get(stream.factorKey) ?? stream.factorKey;
      for (const [yearIndex, year] of DEMO_YEARS.entries()) {
        for (let month = 1; month <= 12; month += 1) {
          // Data quality: every fifth site misses two months of its second series, one month is wildly off,
          // and the last two months of 2025 are estimated at every third site (bills not yet received).
          if (siteIndex % 5 === 2 && streamIndex === 1 && year === 2024 && (month === 3 || month === 4))
            continue;
          const isOutlier = siteIndex === 3 && streamIndex === 0 && year === 2024 && month === 8;
          const isEstimated = (siteIndex % 3 === 0 && year === 2025 && month >= 11) || random() < 0.015;
          const season = Math.cos((2 * Math.PI * (month - 1)) / 12) * (stream.seasonality ?? 0);
          const trend = 1 - 0.03 * yearIndex;
          const noise = 0.94 + random() * 0.12;
          const quantity = roundToMeterReading(
            stream.monthly * (1 + season) * trend * noise * (isOutlier ? 6 : 1),
          );
          const id = randomUUID();
          const record = {
            id,
            facilityId: facility.id,
            equipmentId: equipmentOf(equipmentByFacility, facility.id, stream.activityType),
            activityType: stream.activityType,
            periodStart: `${year}-${pad(month)}-01`,
            periodEnd: `${year}-${pad(month)}-${pad(lastDayOf(year, month))}`,
            quantity,
            unit: stream.unit,
            factorKey,
            scope: stream.scope,
            scope3Category: stream.scope3Category ?? null,
            certificateCoverage: stream.certificateCoverage ?? null,
            isEstimated,
            notes: isEstimated ? 'Estimated from the same month of the previous year' : null,
          };
          const outcome = calculateActivityResults(record, calculator);
          if (!outcome.ok) {
            throw new Error(
              `Demo record ${demoSite.slug} ${stream.activityType} ${year}-${pad(month)} cannot be calculated: ${outcome.errors.map((error) => `${error.path}: ${error.message}`).join('; ')}`,
            );
          }
          records.push(record);
          results.push(...emissionResultValues(record, outcome.rows, gwpSetId));
          if (GHGRP_STYLE_SITES.has(demoSite.slug) && year === DEMO_YEARS[0]) {
            const direct = directKgBySite.get(demoSite.slug) ?? {};
            for (const row of outcome.rows.filter((each) => each.scope === 1)) {
              for (const gas of GHGRP_SINGLE_GASES) direct[gas] = (direct[gas] ?? 0) + (row.gases[gas] ?? 0);
            }
            directKgBySite.set(demoSite.slug, direct);
          }
          audit.push({
            actorId: null,
            actorEmail: null,
            action: 'create',
            entityType: 'activity-record',
            entityId: id,
            before: null,
            after: activityRecordAuditSnapshot(record, outcome.rows),
          });
        }
      }
    });
  });

  await createActivityRepository(db).insertMany(realmId, records);
  await createEmissionResultRepository(db).insertMany(realmId, results);
  await createAuditLogRepository(db).appendMany(realmId, audit);
  for (const [slug, directKg] of directKgBySite) {
    const facility = facilities.find((row) => row.slug === slug)!;
    await db
      .update(facilitiesTable)
      .set({ reported: { [DEMO_GHGRP_YEAR]: ghgrpStyleYear(directKg, gwpSetId) } })
      .where(and(eq(facilitiesTable.realmId, realmId), eq(facilitiesTable.id, facility.id)));
  }
  return { recordCount: records.length };
}

/** A reported year shaped as the GHGRP import stores one (`GhgrpReportedYear`, masses in t), from kg of gases. */
function ghgrpStyleYear(
  directKg: Partial<Record<GhgrpSingleGas, number>>,
  gwpSetId: GwpSetId,
): GhgrpReportedYear {
  const gases = Object.fromEntries(
    Object.entries(directKg)
      .filter(([, kg]) => kg > 0)
      .map(([gas, kg]) => [gas, kg / 1000]),
  ) as Partial<Record<GhgrpSingleGas, number>>;
  const co2eTByGwpSet = ghgrpCo2eByGwpSet(gases, {});
  return {
    source: `Demo data: the site's ${DEMO_YEARS[0]} direct emissions as a GHGRP-style ${DEMO_GHGRP_YEAR} report`,
    gwpSetId,
    co2eTByGwpSet,
    reportedGwpSetId: GHGRP_REPORTED_GWP,
    gases,
    mixturesCo2eT: {},
    co2eT: rebaseGhgrpCo2e(gases, {}, gwpSetId),
    reportedCo2eT: co2eTByGwpSet[GHGRP_REPORTED_GWP],
    biogenicCo2T: null,
    subparts: 'C,D',
    sectors: ['Power Plants'],
  };
}
