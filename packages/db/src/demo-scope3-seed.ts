import { randomUUID } from 'node:crypto';
import {
  calculateActivityResults,
  convertSpend,
  createActivityCalculator,
  eeioFactorValue,
  FACTOR_LIBRARY_BY_ID,
  parseCsv,
  parseEeioFactorTable,
  PRICE_BASES,
  type EmissionFactor,
} from '@ecc/domain';
import { eq, asc } from 'drizzle-orm';
import { activityRecordAuditSnapshot, emissionResultValues } from './activity-record-values.ts';
import { createActivityRepository, type NewActivityRecord } from './activity-repository.ts';
import { createAuditLogRepository, type NewAuditEntry } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { createEmissionResultRepository, type NewEmissionResult } from './emission-result-repository.ts';
import { libraryVersionLabelOf } from './reference-data-sync.ts';
import { lockResultGwpSets } from './result-gwp-sets.ts';
import { facilities } from './schema.ts';
import { createScope3Repository, type NewEeioFactor, type NewScope3Line } from './scope3-repository.ts';

/**
 * An EEIO factor file in the shape of EPA's Supply Chain GHG Emission Factors CSV (its columns and unit text, real
 * 2017 NAICS codes, titles and USEEIO codes). THE NUMBERS ARE ILLUSTRATIVE, NOT EPA'S: the file itself is not
 * available offline, so the demo and the tests use this fixture; a realm imports EPA's own file for real figures.
 */
export const ILLUSTRATIVE_EEIO_CSV = `2017 NAICS Code,2017 NAICS Title,GHG,Unit,Supply Chain Emission Factors without Margins,Margins of Supply Chain Emission Factors,Supply Chain Emission Factors with Margins,Reference USEEIO Code
111110,Soybean Farming,All GHGs,"kg CO2e/2022 USD, purchaser price",0.800,0.100,0.900,1111A0
322211,Corrugated and Solid Fiber Box Manufacturing,All GHGs,"kg CO2e/2022 USD, purchaser price",0.400,0.050,0.450,322210
325211,Plastics Material and Resin Manufacturing,All GHGs,"kg CO2e/2022 USD, purchaser price",0.700,0.060,0.760,325211
331110,Iron and Steel Mills and Ferroalloy Manufacturing,All GHGs,"kg CO2e/2022 USD, purchaser price",1.100,0.080,1.180,331110
334111,Electronic Computer Manufacturing,All GHGs,"kg CO2e/2022 USD, purchaser price",0.100,0.030,0.130,334111
333120,Construction Machinery Manufacturing,All GHGs,"kg CO2e/2022 USD, purchaser price",0.300,0.040,0.340,333120
484121,"General Freight Trucking, Long-Distance",All GHGs,"kg CO2e/2022 USD, purchaser price",0.900,0.020,0.920,484000
541511,Custom Computer Programming Services,All GHGs,"kg CO2e/2022 USD, purchaser price",0.070,0.000,0.070,541511
561320,Temporary Help Services,All GHGs,"kg CO2e/2022 USD, purchaser price",0.050,0.000,0.050,561300
721110,Hotels (except Casino Hotels) and Motels,All GHGs,"kg CO2e/2022 USD, purchaser price",0.150,0.000,0.150,721000
`;

/** A US price index (illustrative values on a 2022 = 100 base) and a euro index with its dollar rate. */
const ILLUSTRATIVE_PRICE_INDEXES = [
  { currency: 'USD', year: 2022, indexValue: 100, exchangeRate: null },
  { currency: 'USD', year: 2023, indexValue: 104.1, exchangeRate: null },
  { currency: 'USD', year: 2024, indexValue: 107.2, exchangeRate: null },
  { currency: 'USD', year: 2025, indexValue: 110.0, exchangeRate: null },
  { currency: 'EUR', year: 2022, indexValue: 100, exchangeRate: 1.05 },
  { currency: 'EUR', year: 2025, indexValue: 109.0, exchangeRate: 1.08 },
] as const;

/**
 * Business travel takes the EPA Hub 2024 Table 10 factors its modes pick (packages/domain/src/scope3): the agency's
 * flights are medium haul (300 to 2,300 miles), its rail tickets the intercity national average.
 */
const TRAVEL_FACTORS = {
  air: { mode: 'air-medium-haul', factorKey: 'epa-hub-2024-travel-air-travel-medium-haul' },
  rail: { mode: 'rail', factorKey: 'epa-hub-2024-travel-intercity-rail-national-average' },
} as const;

/** Monthly spend lines of the demo year: category, supplier, NAICS code, USD per month. */
const SPEND_STREAMS = [
  {
    category: 1,
    supplier: 'Midwest Resins Inc.',
    naicsCode: '325211',
    monthly: 42_000,
    description: 'Resin',
  },
  {
    category: 1,
    supplier: 'BoxCo Packaging',
    naicsCode: '322211',
    monthly: 18_500,
    description: 'Corrugated boxes',
  },
  {
    category: 1,
    supplier: 'Great Lakes Steel',
    naicsCode: '331110',
    monthly: 27_000,
    description: 'Steel coil',
  },
  {
    category: 1,
    supplier: 'CodeWorks LLC',
    naicsCode: '541511',
    monthly: 9_000,
    description: 'Software services',
  },
  {
    category: 4,
    supplier: 'Interstate Freight',
    naicsCode: '484121',
    monthly: 15_000,
    description: 'Inbound freight',
  },
] as const;

const DEMO_SCOPE3_YEAR = 2025;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A year of Scope 3 in a demo realm (issue 11, item 7): illustrative EEIO factors and price indexes, monthly spend
 * with five suppliers, a capital purchase, business travel by air and rail with EPA Hub 2024 library factors, and a
 * screening of all 15 categories. Lines are activity records of scope 3 (decision 029), so the overview, the
 * inventory and the analysis count them. Runs in the demo realm's creating transaction.
 */
export async function seedDemoScope3(db: Database, realmId: string): Promise<{ lineCount: number }> {
  const repository = createScope3Repository(db);
  const parsed = parseEeioFactorTable(parseCsv(ILLUSTRATIVE_EEIO_CSV));
  if (!parsed.ok) throw new Error('The illustrative EEIO table does not parse');
  const eeioFactors: NewEeioFactor[] = parsed.factors.flatMap((row) =>
    PRICE_BASES.map((priceBasis) => ({
      name: `${row.title} (NAICS ${row.naicsCode}, ${priceBasis} price)`,
      definition: {
        source: `Illustrative demo EEIO factors (not EPA's values), row ${row.rowNumber}`,
        year: row.dollarYear,
        per: 'USD',
        gases: {},
        co2e: { value: eeioFactorValue(row, priceBasis), unit: 'kg', gwp: 'AR5' },
        scope: 3,
        eeio: {
          naicsCode: row.naicsCode,
          title: row.title,
          priceBasis,
          currency: row.currency,
          dollarYear: row.dollarYear,
          useeioCode: row.useeioCode,
        },
      },
    })),
  );
  const keys = await repository.importEeioFactors(
    realmId,
    { label: 'Illustrative demo EEIO factors', year: 2022 },
    eeioFactors,
  );
  const factorsByKey = new Map<string, EmissionFactor>(
    keys.map((key, index) => {
      const factor = eeioFactors[index] as NewEeioFactor;
      return [key, { ...(factor.definition as unknown as EmissionFactor), id: key, name: factor.name }];
    }),
  );
  const purchaserKeyOf = (naicsCode: string) =>
    keys.find((_key, index) => {
      const eeio = eeioFactors[index]?.definition.eeio;
      return eeio?.naicsCode === naicsCode && eeio.priceBasis === 'purchaser';
    }) as string;
  for (const index of ILLUSTRATIVE_PRICE_INDEXES) await repository.upsertPriceIndex(realmId, index);

  const [headquarters] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.realmId, realmId))
    .orderBy(asc(facilities.name))
    .limit(1);
  if (!headquarters) return { lineCount: 0 };
  const { current: gwpSetId } = await lockResultGwpSets(db, realmId);
  const calculator = createActivityCalculator(gwpSetId, {
    factors: { get: (id) => factorsByKey.get(id) ?? FACTOR_LIBRARY_BY_ID.get(id) },
    factorVersionOf: (_key, factor) => libraryVersionLabelOf(factor),
  });
  const indexes = ILLUSTRATIVE_PRICE_INDEXES.map((index) => ({ ...index }));
  const records: (NewActivityRecord & { id: string })[] = [];
  const results: NewEmissionResult[] = [];
  const lines: { id: string; values: NewScope3Line }[] = [];
  const audit: NewAuditEntry[] = [];
  const noDetails = {
    spendAmount: null,
    spendCurrency: null,
    spendYear: null,
    priceBasis: null,
    naicsCode: null,
    indexRatio: null,
    exchangeRate: null,
    mode: null,
    wasteType: null,
    wasteTreatment: null,
    unitsSold: null,
    lifetimeEnergyKwh: null,
  };
  const add = (
    month: number,
    record: { quantity: number; unit: string; factorKey: string; category: number; isEstimated: boolean },
    line: NewScope3Line,
  ) => {
    const id = randomUUID();
    const stored = {
      id,
      facilityId: headquarters.id,
      equipmentId: null,
      activityType: `scope3-${line.method}`,
      periodStart: `${DEMO_SCOPE3_YEAR}-${pad(month)}-01`,
      periodEnd: `${DEMO_SCOPE3_YEAR}-${pad(month)}-${pad(lastDayOf(DEMO_SCOPE3_YEAR, month))}`,
      quantity: record.quantity,
      unit: record.unit,
      factorKey: record.factorKey,
      scope: 3 as const,
      scope3Category: record.category,
      certificateCoverage: null,
      isEstimated: record.isEstimated,
      notes: line.description,
    };
    const outcome = calculateActivityResults(stored, calculator);
    if (!outcome.ok) throw new Error(`Demo Scope 3 line ${line.description} cannot be calculated`);
    records.push(stored);
    results.push(...emissionResultValues(stored, outcome.rows, gwpSetId));
    lines.push({ id, values: line });
    audit.push({
      actorId: null,
      actorEmail: null,
      action: 'create',
      entityType: 'activity-record',
      entityId: id,
      before: null,
      after: { ...activityRecordAuditSnapshot(stored, outcome.rows), scope3: line },
    });
  };
  const spend = (
    month: number,
    category: number,
    supplier: string,
    naicsCode: string,
    amount: number,
    description: string,
  ) => {
    const conversion = convertSpend(
      { amount, currency: 'USD', year: DEMO_SCOPE3_YEAR },
      { currency: 'USD', dollarYear: 2022 },
      indexes,
    );
    if (!conversion.ok) throw new Error(conversion.message);
    add(
      month,
      {
        quantity: conversion.amount,
        unit: 'USD',
        factorKey: purchaserKeyOf(naicsCode),
        category,
        isEstimated: true,
      },
      {
        ...noDetails,
        method: 'spend',
        description,
        supplier,
        spendAmount: amount,
        spendCurrency: 'USD',
        spendYear: DEMO_SCOPE3_YEAR,
        priceBasis: 'purchaser',
        naicsCode,
        indexRatio: conversion.indexRatio,
        exchangeRate: conversion.exchangeRate,
        dataQualityTechnological: 4,
        dataQualityTemporal: 2,
        dataQualityGeographical: 3,
        dataQualityCompleteness: 2,
        dataQualityReliability: 3,
      },
    );
  };
  for (let month = 1; month <= 12; month += 1) {
    const season = 1 + 0.08 * Math.cos((2 * Math.PI * (month - 1)) / 12);
    for (const stream of SPEND_STREAMS) {
      spend(
        month,
        stream.category,
        stream.supplier,
        stream.naicsCode,
        Math.round(stream.monthly * season),
        stream.description,
      );
    }
    add(
      month,
      {
        quantity: 38_000 + month * 900,
        unit: 'passenger_km',
        factorKey: TRAVEL_FACTORS.air.factorKey,
        category: 6,
        isEstimated: false,
      },
      {
        ...noDetails,
        method: 'distance',
        description: 'Flights booked through the travel agency',
        supplier: 'Globetrotter Travel',
        mode: TRAVEL_FACTORS.air.mode,
        dataQualityTechnological: 2,
        dataQualityTemporal: 1,
        dataQualityGeographical: 2,
        dataQualityCompleteness: 2,
        dataQualityReliability: 2,
      },
    );
    add(
      month,
      {
        quantity: 12_000,
        unit: 'passenger_km',
        factorKey: TRAVEL_FACTORS.rail.factorKey,
        category: 6,
        isEstimated: false,
      },
      {
        ...noDetails,
        method: 'distance',
        description: 'Rail tickets',
        supplier: 'Globetrotter Travel',
        mode: TRAVEL_FACTORS.rail.mode,
        dataQualityTechnological: 2,
        dataQualityTemporal: 1,
        dataQualityGeographical: 2,
        dataQualityCompleteness: 3,
        dataQualityReliability: 2,
      },
    );
  }
  spend(6, 2, 'Heavy Iron Equipment', '333120', 640_000, 'Two wheel loaders');

  await createActivityRepository(db).insertMany(realmId, records);
  await createEmissionResultRepository(db).insertMany(realmId, results);
  for (const line of lines) await repository.insertLine(realmId, line.id, line.values);
  await createAuditLogRepository(db).appendMany(realmId, audit);

  const included = new Set([1, 2, 4, 6]);
  const reasons: Record<number, string> = {
    8: 'No leased assets: every site is owned',
    13: 'No assets are leased to others',
    14: 'The company has no franchises',
  };
  for (let category = 1; category <= 15; category += 1) {
    const isIncluded = included.has(category) || reasons[category] === undefined;
    await repository.upsertScreening(realmId, category, {
      isIncluded,
      relevance: {
        size: category === 1 || category === 2,
        influence: category === 1 || category === 6,
        risk: category === 1,
        stakeholders: category === 6,
        outsourcing: category === 4,
      },
      exclusionReason: isIncluded ? null : (reasons[category] as string),
    });
  }
  return { lineCount: lines.length };
}
