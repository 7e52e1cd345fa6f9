import {
  SCOPE3_CATEGORIES,
  SCOPE3_CATEGORY_NAMES,
  TRANSPORT_MODE_LABELS,
  WASTE_TREATMENT_LABELS,
  type EeioFactorDto,
  type EeioImportInput,
  type PriceIndexDto,
  type Scope3LineDto,
  type Scope3LineValues,
  type Scope3Summary,
  type Scope3ScreeningInput,
  type TransportMode,
  type WasteTreatment,
  eeioImportInputSchema,
  priceIndexInputSchema,
  scope3LineInputSchema,
  scope3ScreeningInputSchema,
  spendImportInputSchema,
} from '@ecc/contracts';
import {
  activityRecordAuditSnapshot,
  auditActorOf,
  createActivityRepository,
  createAuditLogRepository,
  createEmissionResultRepository,
  createScope3Repository,
  lockResultGwpSets,
  readRealmGwpSetId,
  type Database,
  type NewEeioFactor,
  type NewScope3Line,
  type PriceIndexRow,
  type Scope3LineWithRecord,
  type StoredEeioFactor,
  type UserRow,
} from '@ecc/db';
import {
  convertSpend,
  defaultDistanceFactorId,
  defaultWasteFactorId,
  eeioFactorValue,
  lineDataQualityScore,
  parseCsv,
  parseEeioFactorTable,
  PRICE_BASES,
  readSpendRows,
  SPEND_FIELD_COLUMNS,
  toImportTable,
  weightedDataQualityScore,
  type ImportRow,
  type ImportRowError,
  type ImportTable,
} from '@ecc/domain';
import type { z } from '@ecc/contracts';
import { fieldRefusal, HttpError, StaleWriteError } from '#platform/errors.ts';
import { readWorksheetRows, WorkbookError } from '#platform/read-workbook.ts';
import {
  ACTIVITY_RECORD_ENTITY,
  calculateRecordResults,
  resultValuesOf,
  type CalculatedResults,
} from '#platform/record-results.ts';

/*
 * Scope 3 lines (issue 11, item 5; decision 029). A line is an activity record of scope 3 with its category: the
 * engine calculates its result like any record's, so it is in `emission_results` and the monthly totals, the
 * inventory and the analysis. This service turns the line as its author gave it (spend in a currency and year,
 * units sold × lifetime energy, …) into the record's quantity, unit and factor, and keeps the rest beside it.
 */

export const SCOPE3_LINE_NOT_FOUND = 'Scope 3 line not found';
export const PRICE_INDEX_NOT_FOUND = 'Price index not found';
export const SCOPE3_FACILITY_NOT_FOUND = 'No facility of this realm has this id';
export const LINE_FACILITY_FIXED =
  'A line stays at the facility it was added to: delete it and add it again at the other facility';
export const STALE_SCOPE3_LINE =
  'Someone else changed this line since you opened it. Reload it to see their change, then make yours again.';
const SCREENING_ENTITY = 'scope3-screening';
const PRICE_INDEX_ENTITY = 'price-index';
const EEIO_IMPORT_ENTITY = 'eeio-factor-import';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the record is calculated from, and what the conversion of spend used. */
interface RecordActivity {
  readonly quantity: number;
  readonly unit: string;
  readonly factorKey: string;
  readonly indexRatio: number | null;
  readonly exchangeRate: number | null;
}

function toLineDto(row: Scope3LineWithRecord): Scope3LineDto {
  const { line, record } = row;
  const scores =
    line.dataQualityTechnological === null ||
    line.dataQualityTemporal === null ||
    line.dataQualityGeographical === null ||
    line.dataQualityCompleteness === null ||
    line.dataQualityReliability === null
      ? null
      : {
          technological: line.dataQualityTechnological,
          temporal: line.dataQualityTemporal,
          geographical: line.dataQualityGeographical,
          completeness: line.dataQualityCompleteness,
          reliability: line.dataQualityReliability,
        };
  return {
    id: record.id,
    version: record.version,
    facilityId: record.facilityId,
    facilityName: row.facilityName,
    category: record.scope3Category ?? 0,
    method: line.method as Scope3LineDto['method'],
    description: line.description,
    supplier: line.supplier,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    spendAmount: line.spendAmount,
    spendCurrency: line.spendCurrency,
    spendYear: line.spendYear,
    priceBasis: line.priceBasis as Scope3LineDto['priceBasis'],
    naicsCode: line.naicsCode,
    indexRatio: line.indexRatio,
    exchangeRate: line.exchangeRate,
    mode: line.mode,
    wasteType: line.wasteType,
    wasteTreatment: line.wasteTreatment,
    unitsSold: line.unitsSold,
    lifetimeEnergyKwh: line.lifetimeEnergyKwh,
    quantity: record.quantity,
    unit: record.unit,
    factorKey: record.factorKey,
    co2eKg: row.co2eKg,
    dataQuality: scores,
    dataQualityScore: scores === null ? null : lineDataQualityScore(scores),
  };
}

function lineColumns(values: Scope3LineValues, activity: RecordActivity): NewScope3Line {
  const isSpend = values.method === 'spend';
  return {
    method: values.method,
    description: values.description,
    supplier: values.supplier ?? null,
    spendAmount: isSpend ? (values.spendAmount ?? null) : null,
    spendCurrency: isSpend ? (values.spendCurrency ?? null) : null,
    spendYear: isSpend ? (values.spendYear ?? null) : null,
    priceBasis: isSpend ? (values.priceBasis ?? null) : null,
    naicsCode: isSpend ? (values.naicsCode ?? null) : null,
    indexRatio: activity.indexRatio,
    exchangeRate: activity.exchangeRate,
    mode: values.mode ?? null,
    wasteType: values.wasteType ?? null,
    wasteTreatment: values.wasteTreatment ?? null,
    unitsSold: values.method === 'use-phase' ? (values.unitsSold ?? null) : null,
    lifetimeEnergyKwh: values.method === 'use-phase' ? (values.lifetimeEnergyKwh ?? null) : null,
    dataQualityTechnological: values.dataQuality?.technological ?? null,
    dataQualityTemporal: values.dataQuality?.temporal ?? null,
    dataQualityGeographical: values.dataQuality?.geographical ?? null,
    dataQualityCompleteness: values.dataQuality?.completeness ?? null,
    dataQualityReliability: values.dataQuality?.reliability ?? null,
  };
}

function toPriceIndexPoint(row: PriceIndexRow) {
  return {
    currency: row.currency,
    year: row.year,
    indexValue: row.indexValue,
    exchangeRate: row.exchangeRate,
  };
}

/** The record's quantity, unit and factor for a line; spend is converted with the realm's price index. */
async function recordActivityOf(
  transaction: Database,
  realmId: string,
  values: Scope3LineValues,
  bodyPath: string,
): Promise<RecordActivity> {
  if (values.method === 'spend') {
    const repository = createScope3Repository(transaction);
    const naicsCode = values.naicsCode as string;
    const priceBasis = values.priceBasis as (typeof PRICE_BASES)[number];
    const factor = await repository.findEeioFactor(realmId, naicsCode, priceBasis);
    if (!factor) {
      const other = await repository.findEeioFactor(
        realmId,
        naicsCode,
        priceBasis === 'purchaser' ? 'producer' : 'purchaser',
      );
      throw other
        ? fieldRefusal(422, {
            [`${bodyPath}/priceBasis`]: `The EEIO factor of NAICS ${naicsCode} is not available at ${priceBasis} price`,
          })
        : fieldRefusal(422, {
            [`${bodyPath}/naicsCode`]: `No EEIO factor for NAICS ${naicsCode}: import EPA's Supply Chain GHG Emission Factors first`,
          });
    }
    const conversion = convertSpend(
      {
        amount: values.spendAmount as number,
        currency: values.spendCurrency as string,
        year: values.spendYear as number,
      },
      { currency: factor.definition.eeio.currency, dollarYear: factor.definition.eeio.dollarYear },
      (await repository.listPriceIndexes(realmId)).map(toPriceIndexPoint),
    );
    if (!conversion.ok) throw fieldRefusal(422, { [`${bodyPath}/${conversion.path}`]: conversion.message });
    return {
      quantity: conversion.amount,
      unit: 'USD',
      factorKey: factor.key,
      indexRatio: conversion.indexRatio,
      exchangeRate: conversion.exchangeRate,
    };
  }
  if (values.method === 'use-phase') {
    return {
      quantity: (values.unitsSold as number) * (values.lifetimeEnergyKwh as number),
      unit: 'kWh',
      factorKey: values.factorKey as string,
      indexRatio: null,
      exchangeRate: null,
    };
  }
  return {
    quantity: values.quantity as number,
    unit: values.unit as string,
    factorKey: values.factorKey ?? libraryFactorOf(values, bodyPath),
    indexRatio: null,
    exchangeRate: null,
  };
}

/**
 * The EPA Hub 2024 factor a distance line's mode and unit, or a waste line's type and treatment, pick when the
 * author chose none; none to pick is a 422 on the mode or the treatment.
 */
function libraryFactorOf(values: Scope3LineValues, bodyPath: string): string {
  const unit = values.unit as string;
  if (values.method === 'distance') {
    const mode = values.mode as TransportMode;
    const id = defaultDistanceFactorId({ category: values.category, mode, unit });
    if (id === undefined) {
      throw fieldRefusal(422, {
        [`${bodyPath}/mode`]: `The EPA Hub 2024 has no factor for ${TRANSPORT_MODE_LABELS[mode].toLowerCase()} in ${unit}: choose a factor`,
      });
    }
    return id;
  }
  if (values.method === 'waste') {
    const treatment = values.wasteTreatment as WasteTreatment;
    const id = defaultWasteFactorId({ wasteType: values.wasteType as string, wasteTreatment: treatment });
    if (id === undefined) {
      throw fieldRefusal(422, {
        [`${bodyPath}/wasteTreatment`]: `The EPA Hub 2024 (Table 9) has no factor for "${values.wasteType as string}" by ${WASTE_TREATMENT_LABELS[treatment].toLowerCase()}: choose a factor`,
      });
    }
    return id;
  }
  throw fieldRefusal(422, { [`${bodyPath}/factorKey`]: 'Factor is required' });
}

/** Where a problem the engine found with the record is on the line the author wrote. */
function linePath(method: Scope3LineValues['method'], recordPath: string): string {
  if (method === 'spend') return recordPath === 'quantity' ? 'spendAmount' : 'naicsCode';
  if (method === 'use-phase' && (recordPath === 'quantity' || recordPath === 'unit')) {
    return 'lifetimeEnergyKwh';
  }
  return recordPath;
}

/** The line's record calculated on every set the realm writes; the engine's problems named on the line's fields. */
async function calculateLine(
  transaction: Database,
  realmId: string,
  recordId: string | null,
  values: Scope3LineValues,
  activity: RecordActivity,
  bodyPath: string,
): Promise<CalculatedResults> {
  const gwpSets = await lockResultGwpSets(transaction, realmId);
  const calculation = await calculateRecordResults(
    transaction,
    realmId,
    {
      id: recordId ?? 'new',
      quantity: activity.quantity,
      unit: activity.unit,
      factorKey: activity.factorKey,
      scope: 3,
      scope3Category: values.category,
      certificateCoverage: null,
      activityType: `scope3-${values.method}`,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      equipmentId: null,
    },
    gwpSets,
  );
  if (!calculation.ok) {
    throw fieldRefusal(
      422,
      Object.fromEntries(
        calculation.errors.map((error) => [
          `${bodyPath}/${linePath(values.method, error.path)}`,
          error.message,
        ]),
      ),
    );
  }
  return calculation.results;
}

function recordColumns(values: Scope3LineValues, activity: RecordActivity) {
  return {
    activityType: `scope3-${values.method}`,
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    quantity: activity.quantity,
    unit: activity.unit,
    factorKey: activity.factorKey,
    scope: 3,
    scope3Category: values.category,
    certificateCoverage: null,
    // Spend-based and average-data figures are estimates by nature (GHG Protocol Scope 3, chapter 7).
    isEstimated: values.method === 'spend' || values.method === 'average-data',
    notes: values.description,
    equipmentId: null,
  };
}

/** The line's facility, which must be the realm's. */
async function requireFacility(
  transaction: Database,
  realmId: string,
  facilityId: string,
  bodyPath: string,
): Promise<void> {
  if (!(await createScope3Repository(transaction).lockFacility(realmId, facilityId))) {
    throw fieldRefusal(400, { [`${bodyPath}/facilityId`]: SCOPE3_FACILITY_NOT_FOUND });
  }
}

async function requireLineDto(db: Database, realmId: string, id: string): Promise<Scope3LineDto> {
  const found = await createScope3Repository(db).findLine(realmId, id);
  if (!found) throw new HttpError(404, SCOPE3_LINE_NOT_FOUND);
  return toLineDto(found);
}

function parseLine(input: unknown): Scope3LineValues {
  return scope3LineInputSchema.parse(input);
}

/** Writes one new line (record, results, details, audit) in the caller's transaction; answers its id. */
async function insertScope3Line(
  transaction: Database,
  realmId: string,
  user: UserRow,
  values: Scope3LineValues,
  bodyPath: string,
): Promise<string> {
  await requireFacility(transaction, realmId, values.facilityId, bodyPath);
  const activity = await recordActivityOf(transaction, realmId, values, bodyPath);
  const calculated = await calculateLine(transaction, realmId, null, values, activity, bodyPath);
  const record = await createActivityRepository(transaction).insert(realmId, {
    ...recordColumns(values, activity),
    facilityId: values.facilityId,
    createdBy: user.id,
  });
  await createEmissionResultRepository(transaction).insertMany(realmId, resultValuesOf(record, calculated));
  const columns = lineColumns(values, activity);
  await createScope3Repository(transaction).insertLine(realmId, record.id, columns);
  await createAuditLogRepository(transaction).append(realmId, {
    ...auditActorOf(user),
    action: 'create',
    entityType: ACTIVITY_RECORD_ENTITY,
    entityId: record.id,
    before: null,
    after: { ...activityRecordAuditSnapshot(record, calculated.current), scope3: columns },
  });
  return record.id;
}

export async function createScope3Line(
  db: Database,
  realmId: string,
  user: UserRow,
  input: z.input<typeof scope3LineInputSchema>,
): Promise<Scope3LineDto> {
  const values = parseLine(input);
  return db.transaction(async (transaction) => {
    const id = await insertScope3Line(transaction, realmId, user, values, 'body');
    return requireLineDto(transaction, realmId, id);
  });
}

/** The first sheet of a workbook as a table; a file that is not a readable workbook is refused naming `body/xlsx`. */
async function workbookTable(base64: string): Promise<ImportTable> {
  try {
    const rows: ImportRow[] = [];
    for await (const row of readWorksheetRows(Buffer.from(base64, 'base64'))) rows.push(row);
    return toImportTable(rows);
  } catch (error) {
    if (error instanceof WorkbookError) throw fieldRefusal(400, { 'body/xlsx': error.message });
    throw error;
  }
}

/**
 * Spend rows of a CSV or XLSX file as spend lines, all or none (the same reading and checks for both): every problem (a missing column, an unknown facility, a
 * field the contract refuses, spend the price index cannot convert, a NAICS code without a factor) is answered by
 * row and column, and then the transaction that wrote the rows before it is rolled back.
 */
export async function importSpendLines(
  db: Database,
  realmId: string,
  user: UserRow,
  input: z.input<typeof spendImportInputSchema>,
): Promise<{ lineCount: number }> {
  const file = spendImportInputSchema.parse(input);
  const table = file.xlsx === undefined ? parseCsv(file.csv ?? '') : await workbookTable(file.xlsx);
  const facilityKeys = await createScope3Repository(db).listFacilityKeys(realmId);
  const facilityIds = new Map<string, string>();
  for (const facility of facilityKeys) {
    facilityIds.set(facility.name.toLowerCase(), facility.id);
    facilityIds.set(facility.slug.toLowerCase(), facility.id);
  }
  const read = readSpendRows(table, (key) => facilityIds.get(key.toLowerCase()));
  if (!read.ok) throw new FileProblemsError(read.errors);
  const problems: ImportRowError[] = [];
  const lines: { rowNumber: number; values: Scope3LineValues }[] = [];
  for (const row of read.rows) {
    const parsed = scope3LineInputSchema.safeParse(row.line);
    if (parsed.success) lines.push({ rowNumber: row.rowNumber, values: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        problems.push({
          row: row.rowNumber,
          column: SPEND_FIELD_COLUMNS[field] ?? '',
          message: issue.message,
        });
      }
    }
  }
  if (problems.length > 0) throw new FileProblemsError(problems);
  return db.transaction(async (transaction) => {
    for (const line of lines) {
      try {
        await insertScope3Line(transaction, realmId, user, line.values, 'body');
      } catch (error) {
        if (!(error instanceof HttpError) || error.fieldErrors === undefined) throw error;
        for (const [path, message] of Object.entries(error.fieldErrors)) {
          const field = path.replace(/^body\//, '');
          problems.push({
            row: line.rowNumber,
            column: SPEND_FIELD_COLUMNS[field] ?? '',
            message: message ?? '',
          });
        }
      }
    }
    // Thrown inside the transaction, so the rows written before the first problem are rolled back.
    if (problems.length > 0) throw new FileProblemsError(problems);
    return { lineCount: lines.length };
  });
}

async function lockLineAtVersion(
  transaction: Database,
  realmId: string,
  id: string,
  version: number | undefined,
): Promise<Scope3LineWithRecord> {
  const locked = UUID_PATTERN.test(id)
    ? await createActivityRepository(transaction).findForUpdate(realmId, id)
    : undefined;
  const line = locked && (await createScope3Repository(transaction).findLine(realmId, id));
  if (!locked || !line) throw new HttpError(404, SCOPE3_LINE_NOT_FOUND);
  if (version !== undefined && locked.version !== version) {
    throw new StaleWriteError(STALE_SCOPE3_LINE, toLineDto(line));
  }
  return line;
}

export async function updateScope3Line(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
  patch: { version: number; line: z.input<typeof scope3LineInputSchema> },
): Promise<Scope3LineDto> {
  const values = parseLine(patch.line);
  return db.transaction(async (transaction) => {
    const existing = await lockLineAtVersion(transaction, realmId, id, patch.version);
    if (values.facilityId !== existing.record.facilityId) {
      // The facility's results, totals and trail keep the line: moving it is a deletion and a new line.
      throw fieldRefusal(400, { 'body/line/facilityId': LINE_FACILITY_FIXED });
    }
    const activity = await recordActivityOf(transaction, realmId, values, 'body/line');
    const calculated = await calculateLine(transaction, realmId, id, values, activity, 'body/line');
    const previousResults = await createEmissionResultRepository(transaction).listForRecords(realmId, [id]);
    const updated = await createActivityRepository(transaction).update(
      realmId,
      id,
      recordColumns(values, activity),
    );
    if (!updated) throw new HttpError(404, SCOPE3_LINE_NOT_FOUND);
    await createEmissionResultRepository(transaction).replaceForRecord(
      realmId,
      id,
      resultValuesOf(updated, calculated),
    );
    const columns = lineColumns(values, activity);
    await createScope3Repository(transaction).updateLine(realmId, id, columns);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'update',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: { ...activityRecordAuditSnapshot(existing.record, previousResults), scope3: existing.line },
      after: { ...activityRecordAuditSnapshot(updated, calculated.current), scope3: columns },
    });
    return requireLineDto(transaction, realmId, id);
  });
}

/** Deletes the line's record (its results and details go with it); answers the line as it was, for undo. */
export async function deleteScope3Line(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
  version?: number,
): Promise<Scope3LineDto> {
  return db.transaction(async (transaction) => {
    const existing = await lockLineAtVersion(transaction, realmId, id, version);
    const previousResults = await createEmissionResultRepository(transaction).listForRecords(realmId, [id]);
    const deleted = await createActivityRepository(transaction).delete(realmId, id);
    if (!deleted) throw new HttpError(404, SCOPE3_LINE_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'delete',
      entityType: ACTIVITY_RECORD_ENTITY,
      entityId: id,
      before: { ...activityRecordAuditSnapshot(deleted, previousResults), scope3: existing.line },
      after: null,
    });
    return toLineDto(existing);
  });
}

export async function listScope3Lines(
  db: Database,
  realmId: string,
  filter: { year?: number | undefined; category?: number | undefined },
): Promise<{ results: Scope3LineDto[] }> {
  const rows = await createScope3Repository(db).listLines(realmId, {
    ...(filter.year === undefined ? {} : { year: filter.year }),
    ...(filter.category === undefined ? {} : { category: filter.category }),
  });
  return { results: rows.map(toLineDto) };
}

/** The year's 15 categories with their screening, CO2e, line count and data quality, and the hotspots. */
export async function readScope3Summary(
  db: Database,
  realmId: string,
  requestedYear: number | undefined,
): Promise<Scope3Summary> {
  return db.transaction(async (transaction) => {
    const repository = createScope3Repository(transaction);
    const gwpSetId = await readRealmGwpSetId(transaction, realmId);
    const years = await repository.years(realmId);
    const year = requestedYear ?? years[0] ?? new Date().getUTCFullYear();
    const [totals, screenings, lines, hotspots] = [
      await repository.categoryTotals(realmId, year),
      await repository.listScreenings(realmId),
      await repository.listLines(realmId, { year }),
      await repository.hotspots(realmId, year),
    ];
    const dtos = lines.map(toLineDto);
    const categories = SCOPE3_CATEGORIES.map((category) => {
      const total = totals.find((entry) => entry.category === category);
      const screening = screenings.find((entry) => entry.category === category);
      const score = weightedDataQualityScore(
        dtos
          .filter((line) => line.category === category)
          .map((line) => ({ co2eKg: line.co2eKg ?? 0, score: line.dataQualityScore })),
      );
      return {
        category,
        name: SCOPE3_CATEGORY_NAMES[category] ?? `Category ${category}`,
        isIncluded: screening?.isIncluded ?? null,
        relevance: screening
          ? (screening.relevance as Scope3Summary['categories'][number]['relevance'])
          : null,
        exclusionReason: screening?.exclusionReason ?? null,
        co2eKg: total?.co2eKg ?? 0,
        lineCount: total?.lineCount ?? 0,
        dataQualityScore: score ?? null,
      };
    });
    return {
      year,
      years,
      gwpSetId,
      co2eKg: categories.reduce((sum, category) => sum + category.co2eKg, 0),
      categories,
      hotspots,
    };
  });
}

export async function updateScope3Screening(
  db: Database,
  realmId: string,
  user: UserRow,
  category: number,
  input: Scope3ScreeningInput,
) {
  const values = scope3ScreeningInputSchema.parse(input);
  return db.transaction(async (transaction) => {
    const row = await createScope3Repository(transaction).upsertScreening(realmId, category, {
      isIncluded: values.isIncluded,
      relevance: values.relevance,
      exclusionReason: values.isIncluded
        ? (values.exclusionReason ?? null)
        : (values.exclusionReason as string),
    });
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'update',
      entityType: SCREENING_ENTITY,
      entityId: String(category),
      before: null,
      after: { isIncluded: row.isIncluded, relevance: row.relevance, exclusionReason: row.exclusionReason },
    });
    return {
      category,
      isIncluded: row.isIncluded,
      relevance: row.relevance as {
        size: boolean;
        influence: boolean;
        risk: boolean;
        stakeholders: boolean;
        outsourcing: boolean;
      },
      exclusionReason: row.exclusionReason,
    };
  });
}

function toPriceIndexDto(row: PriceIndexRow): PriceIndexDto {
  return {
    id: row.id,
    currency: row.currency,
    year: row.year,
    indexValue: row.indexValue,
    exchangeRate: row.exchangeRate,
  };
}

export async function listPriceIndexes(db: Database, realmId: string): Promise<{ results: PriceIndexDto[] }> {
  return { results: (await createScope3Repository(db).listPriceIndexes(realmId)).map(toPriceIndexDto) };
}

export async function upsertPriceIndex(
  db: Database,
  realmId: string,
  user: UserRow,
  input: z.input<typeof priceIndexInputSchema>,
): Promise<PriceIndexDto> {
  const values = priceIndexInputSchema.parse(input);
  return db.transaction(async (transaction) => {
    const row = await createScope3Repository(transaction).upsertPriceIndex(realmId, {
      currency: values.currency,
      year: values.year,
      indexValue: values.indexValue,
      exchangeRate: values.exchangeRate ?? null,
    });
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'update',
      entityType: PRICE_INDEX_ENTITY,
      entityId: row.id,
      before: null,
      after: toPriceIndexDto(row),
    });
    return toPriceIndexDto(row);
  });
}

export async function deletePriceIndex(
  db: Database,
  realmId: string,
  user: UserRow,
  id: string,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const deleted = await createScope3Repository(transaction).deletePriceIndex(realmId, id);
    if (!deleted) throw new HttpError(404, PRICE_INDEX_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'delete',
      entityType: PRICE_INDEX_ENTITY,
      entityId: id,
      before: toPriceIndexDto(deleted),
      after: null,
    });
  });
}

function toEeioFactorDto(factor: StoredEeioFactor): EeioFactorDto {
  const { eeio } = factor.definition;
  const co2e = factor.definition['co2e'] as { value: number } | undefined;
  return {
    key: factor.key,
    naicsCode: eeio.naicsCode,
    title: eeio.title,
    priceBasis: eeio.priceBasis,
    currency: eeio.currency,
    dollarYear: eeio.dollarYear,
    kgCo2ePerUnit: co2e?.value ?? 0,
    useeioCode: eeio.useeioCode,
    source: String(factor.definition['source'] ?? ''),
  };
}

export async function listEeioFactors(db: Database, realmId: string): Promise<{ results: EeioFactorDto[] }> {
  return { results: (await createScope3Repository(db).listEeioFactors(realmId)).map(toEeioFactorDto) };
}

/** A file that cannot be imported: 422 with every problem by row and column; nothing was written. */
export class FileProblemsError extends Error {
  constructor(readonly errors: readonly ImportRowError[]) {
    super(
      `The file cannot be imported: ${errors
        .slice(0, 5)
        .map((error) => `row ${error.row}, ${error.column}: ${error.message}`)
        .join('; ')}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`,
    );
    this.name = 'FileProblemsError';
  }
}

/**
 * Imports EPA's file as the realm's published factors, two per NAICS code (purchaser price = with margins,
 * producer price = without), in one transaction: any bad row and nothing is written.
 */
export async function importEeioFactors(
  db: Database,
  realmId: string,
  user: UserRow,
  input: EeioImportInput,
): Promise<{ naicsCodes: number; factors: number }> {
  const values = eeioImportInputSchema.parse(input);
  const parsed = parseEeioFactorTable(parseCsv(values.csv));
  if (!parsed.ok) throw new FileProblemsError(parsed.errors);
  const notDollars = parsed.factors.filter((row) => row.currency !== 'USD');
  if (notDollars.length > 0) {
    throw new FileProblemsError(
      notDollars.map((row) => ({
        row: row.rowNumber,
        column: 'Unit',
        message: `Factors per ${row.currency} cannot be used: EEIO factors are per US dollar`,
      })),
    );
  }
  const factors: NewEeioFactor[] = parsed.factors.flatMap((row) =>
    PRICE_BASES.map((priceBasis) => ({
      name: `${row.title} (NAICS ${row.naicsCode}, ${priceBasis} price)`,
      definition: {
        source: `${values.fileName}, row ${row.rowNumber}: EPA Supply Chain GHG Emission Factors, NAICS ${row.naicsCode} ${priceBasis === 'purchaser' ? 'with' : 'without'} margins`,
        year: row.dollarYear,
        per: 'USD',
        gases: {},
        co2e: { value: eeioFactorValue(row, priceBasis), unit: 'kg', gwp: values.gwpSetId },
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
  const dollarYear = parsed.factors[0]?.dollarYear ?? new Date().getUTCFullYear();
  return db.transaction(async (transaction) => {
    const label = `${values.fileName} (${new Date().toISOString()})`;
    const keys = await createScope3Repository(transaction).importEeioFactors(
      realmId,
      { label, year: dollarYear },
      factors,
    );
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(user),
      action: 'create',
      entityType: EEIO_IMPORT_ENTITY,
      entityId: label,
      before: null,
      after: { fileName: values.fileName, naicsCodes: parsed.factors.length, factors: keys.length },
    });
    return { naicsCodes: parsed.factors.length, factors: keys.length };
  });
}
