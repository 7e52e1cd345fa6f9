import { createHash, randomUUID } from 'node:crypto';
import {
  activityImportMappingSchema,
  facilityImportMappingSchema,
  IMPORT_PREVIEW_ROW_LIMIT,
  NOT_CSV_OR_XLSX_MESSAGE,
  type ActivityImportMapping,
  type ActivityImportPreview,
  type ActivityImportResult,
  type FacilityImportMapping,
  type FacilityImportPreview,
  type FacilityImportResult,
  type GhgrpImportResult,
  type ImportBatch,
  type z,
} from '@ecc/contracts';
import {
  createEmissionFactorRepository,
  createFacilityRepository,
  createImportRepository,
  emissionResultValues,
  libraryVersionLabelOf,
  realmFactorLookupsOf,
  type Database,
  type GhgrpFacilityValues,
  type ImportActor,
  type ImportBatchRow,
  type ImportProgress,
  type ActivityRecordRow,
} from '@ecc/db';
import {
  calculateActivityResults,
  cellText,
  createActivityCalculator,
  createFactorReferenceResolver,
  detectImportFormat,
  FACTOR_LIBRARY,
  ghgrpFacilitySlug,
  ghgrpYearFromFileName,
  missingActivityFields,
  missingFacilityFields,
  parseCsv,
  realmGwpSetId,
  suggestActivityMapping,
  suggestFacilityMapping,
  toImportTable,
  validateActivityRows,
  validateFacilityRows,
  type ActivityCalculator,
  type ActivityResultRow,
  type GwpSetId,
  type ImportRow,
  type ImportRowError,
  type ImportTable,
  type Scope,
} from '@ecc/domain';
import { InvalidInputError, zodProblems, type InputProblem } from '#platform/errors.ts';
import { readGhgrpDirectEmitters } from '#platform/ghgrp-workbook.ts';
import { decodeUtf8Text } from '#platform/text-integrity.ts';
import { readWorksheetRows, WorkbookError } from '#platform/read-workbook.ts';

/** A file as uploaded or read from disk. */
export interface ImportFile {
  fileName: string;
  content: Buffer;
}

/** The realm an import writes into, as the session (or the CLI's --realm) gives it. */
export interface ImportRealm {
  id: string;
  properties: Readonly<Record<string, unknown>>;
}

/** Rows with problems: answered 422 with every error, and nothing was written. */
export class ImportRowsError extends Error {
  constructor(readonly errors: readonly ImportRowError[]) {
    const count = errors.length;
    super(`Nothing was imported: the file has ${count} row ${count === 1 ? 'error' : 'errors'}`);
    this.name = 'ImportRowsError';
  }
}

export function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The file's format by its bytes and name; anything else is refused on the file field. */
function formatOf(file: ImportFile) {
  if (file.content.length === 0)
    throw new InvalidInputError([{ path: 'file', message: 'The file is empty' }]);
  const format = detectImportFormat(file.fileName, file.content);
  if (!format) throw new InvalidInputError([{ path: 'file', message: NOT_CSV_OR_XLSX_MESSAGE }]);
  return format;
}

async function withWorkbookErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorkbookError)
      throw new InvalidInputError([{ path: 'file', message: `${error.message}` }]);
    throw error;
  }
}

/** A CSV or XLSX file's table (the first sheet of a workbook). */
export async function readImportTable(file: ImportFile): Promise<ImportTable> {
  if (formatOf(file) === 'csv') {
    const text = decodeUtf8Text(file.content, 'file');
    if (typeof text !== 'string') throw new InvalidInputError([text.problem]);
    return parseCsv(text);
  }
  return withWorkbookErrors(async () => {
    const rows: ImportRow[] = [];
    for await (const row of readWorksheetRows(file.content)) rows.push(row);
    return toImportTable(rows);
  });
}

function toBatch(row: ImportBatchRow): ImportBatch {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    fileHash: row.fileHash,
    rowCount: row.rowCount,
    createdOn: row.createdOn.toISOString(),
  };
}

function parseMappingOf<Mapping>(text: string | undefined, schema: z.ZodType<Mapping>): Mapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InvalidInputError([
      { path: 'mapping', message: 'Must be JSON: an object of field → column name' },
    ]);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new InvalidInputError(
      zodProblems(parsed.error.issues).map(({ path, message }) => ({
        path: path === '' ? 'mapping' : `mapping.${path}`,
        message,
      })),
    );
  return parsed.data;
}

/** The mapping field of an activity import: JSON text of field → column; absent means "suggest one". */
export function parseMapping(text: string | undefined): ActivityImportMapping | undefined {
  return parseMappingOf(text, activityImportMappingSchema);
}

/** The mapping field of a facility import, as parseMapping. */
export function parseFacilityMapping(text: string | undefined): FacilityImportMapping | undefined {
  return parseMappingOf(text, facilityImportMappingSchema);
}

/** Every mapped column the file lacks; with `missing`, every required field left unmapped too. */
function checkMapping(
  table: ImportTable,
  mapping: Readonly<Record<string, string | undefined>>,
  missing: readonly string[] = [],
): void {
  if (table.columns.length === 0)
    throw new InvalidInputError([{ path: 'file', message: 'The file has no header row' }]);
  const problems: InputProblem[] = [];
  for (const [field, column] of Object.entries(mapping)) {
    if (column !== undefined && !table.columns.includes(column))
      problems.push({ path: `mapping.${field}`, message: `The file has no column "${column}"` });
  }
  for (const field of missing)
    problems.push({ path: `mapping.${field}`, message: 'Choose the column that holds it' });
  if (problems.length > 0) throw new InvalidInputError(problems);
}

function previewRows(table: ImportTable) {
  return table.rows.slice(0, IMPORT_PREVIEW_ROW_LIMIT).map((row) => ({
    row: row.rowNumber,
    cells: table.columns.map((_column, index) => cellText(row.cells[index])),
  }));
}

/** The facility an import from a facility's page writes into: its slug in the form's `facility` field. */
export async function findTargetFacility(
  db: Database,
  realm: ImportRealm,
  slug: string | undefined,
): Promise<string | undefined> {
  if (slug === undefined || slug === '') return undefined;
  const found = await createFacilityRepository(db).findBySlug(realm.id, slug);
  if (!found)
    throw new InvalidInputError([{ path: 'facility', message: `No facility has the slug "${slug}"` }]);
  return found.id;
}

/** The mapping to use: the one sent or a suggestion; an import into one facility reads no facility column. */
function activityMappingOf(
  table: ImportTable,
  requested: ActivityImportMapping | undefined,
  facilityId: string | undefined,
): ActivityImportMapping {
  const isFacilityFixed = facilityId !== undefined;
  const mapping = requested ?? suggestActivityMapping(table.columns, { isFacilityFixed });
  if (!isFacilityFixed) return mapping;
  const { facility: _ignored, ...rest } = mapping;
  return rest;
}

async function validateActivities(
  db: Database,
  realm: ImportRealm,
  table: ImportTable,
  mapping: ActivityImportMapping,
  fixedFacilityId: string | undefined,
) {
  const facilityIds = new Map<string, string>();
  const keys = await createImportRepository(db).listFacilityKeys(realm.id);
  // Slugs win over names; a name shared by two facilities is ambiguous and matches neither.
  const nameCounts = new Map<string, number>();
  for (const { name } of keys)
    nameCounts.set(name.toLowerCase(), (nameCounts.get(name.toLowerCase()) ?? 0) + 1);
  for (const { id, name } of keys) {
    if (nameCounts.get(name.toLowerCase()) === 1) facilityIds.set(name.toLowerCase(), id);
  }
  for (const { id, slug } of keys) facilityIds.set(slug.toLowerCase(), id);
  const factors = await realmFactorLookupsOf(db).lookupFor(realm.id);
  const calculatorOn = (gwp: GwpSetId) =>
    createActivityCalculator(gwp, {
      factors,
      factorVersionOf: (_key, factor) => libraryVersionLabelOf(factor),
    });
  const calculator = calculatorOn(realmGwpSetId(realm.properties));
  // A file may name a factor by key or by the exact name the factor list shows (library or the realm's own).
  const realmFactors = await createEmissionFactorRepository(db).listRealmFactors(realm.id);
  const findFactor = createFactorReferenceResolver([
    ...FACTOR_LIBRARY,
    ...realmFactors.map((entry) => entry.factor),
  ]);
  return {
    calculator,
    calculatorOn,
    ...validateActivityRows(table, mapping, {
      findFacilityId: (key) => facilityIds.get(key.toLowerCase()),
      fixedFacilityId,
      calculator,
      findFactor,
    }),
  };
}

/** A validated record's results on another GWP set: the same factor and quantity, so it cannot fail. */
function resultsOn(row: ActivityRecordRow, calculator: ActivityCalculator): readonly ActivityResultRow[] {
  const outcome = calculateActivityResults({ ...row, scope: row.scope as Scope }, calculator);
  if (!outcome.ok) throw new Error(`Record ${row.id} cannot be calculated on ${calculator.gwp}`);
  return outcome.rows;
}

/** Where an activity import writes: the realm's facilities by the file's facility column, or one facility. */
export interface ActivityImportTarget {
  /** A facility's slug: every row is that facility's, and the file needs no facility column. */
  facilitySlug?: string;
}

/**
 * Columns, a mapping (the given one or a suggestion), the first rows, and every error of every row. A mapped
 * column the file lacks is a 400 naming each; unmapped required fields are listed, and rows are checked once
 * there are none.
 */
export async function previewActivityImport(
  db: Database,
  realm: ImportRealm,
  file: ImportFile,
  requestedMapping: ActivityImportMapping | undefined,
  target: ActivityImportTarget = {},
): Promise<ActivityImportPreview> {
  const facilityId = await findTargetFacility(db, realm, target.facilitySlug);
  const table = await readImportTable(file);
  const mapping = activityMappingOf(table, requestedMapping, facilityId);
  checkMapping(table, mapping);
  const missingFields = missingActivityFields(mapping, { isFacilityFixed: facilityId !== undefined });
  const fileHash = sha256Hex(file.content);
  const existing = await createImportRepository(db).findBatch(realm.id, 'activities', fileHash, facilityId);
  const errors =
    missingFields.length === 0
      ? (await validateActivities(db, realm, table, mapping, facilityId)).errors
      : [];
  return {
    fileName: file.fileName,
    fileHash,
    columns: [...table.columns],
    mapping,
    missingFields,
    rows: previewRows(table),
    rowCount: table.rows.length,
    errors,
    existingBatch: existing ? toBatch(existing) : null,
  };
}

/** All or nothing: any row error throws ImportRowsError; the same file again answers its earlier batch. */
export async function commitActivityImport(
  db: Database,
  realm: ImportRealm,
  actor: ImportActor,
  file: ImportFile,
  requestedMapping: ActivityImportMapping | undefined,
  onProgress?: ImportProgress,
  target: ActivityImportTarget = {},
): Promise<ActivityImportResult> {
  const facilityId = await findTargetFacility(db, realm, target.facilitySlug);
  const fileHash = sha256Hex(file.content);
  const repository = createImportRepository(db);
  const earlier = await repository.findBatch(realm.id, 'activities', fileHash, facilityId);
  if (earlier) return { batch: toBatch(earlier), isNew: false, recordCount: earlier.rowCount };
  const table = await readImportTable(file);
  const mapping = activityMappingOf(table, requestedMapping, facilityId);
  checkMapping(table, mapping, missingActivityFields(mapping, { isFacilityFixed: facilityId !== undefined }));
  const { activities, errors, calculator, calculatorOn } = await validateActivities(
    db,
    realm,
    table,
    mapping,
    facilityId,
  );
  if (errors.length > 0) throw new ImportRowsError(errors);
  if (activities.length === 0)
    throw new InvalidInputError([{ path: 'file', message: 'The file has no data rows' }]);

  // Ids are chosen here so each record's results (computed during validation) can be written beside it.
  const records = activities.map(({ rowNumber: _rowNumber, results, ...record }) => ({
    record: { ...record, id: randomUUID(), createdBy: actor.id },
    results,
  }));
  const resultsById = new Map<string, readonly ActivityResultRow[]>(
    records.map(({ record, results }) => [record.id, results]),
  );
  const commit = await repository.commitActivities(
    realm.id,
    {
      kind: 'activities',
      fileName: file.fileName,
      fileHash,
      facilityId: facilityId ?? null,
      rowCount: records.length,
      createdBy: actor.id,
    },
    records.map(({ record }) => record),
    {
      actor,
      onProgress,
      // The results were calculated on the realm's set while validating; a set a recalculation is moving the
      // realm to (or one it moved to meanwhile) is calculated here.
      resultsOf: (row, gwpSetIds) =>
        gwpSetIds.flatMap((gwp) =>
          emissionResultValues(
            row,
            gwp === calculator.gwp ? (resultsById.get(row.id) ?? []) : resultsOn(row, calculatorOn(gwp)),
            gwp,
          ),
        ),
    },
  );
  return { batch: toBatch(commit.batch), isNew: commit.isNew, recordCount: commit.batch.rowCount };
}

/** A facility file's columns, mapping, first rows and every error of every row, as previewActivityImport. */
export async function previewFacilityImport(
  db: Database,
  realm: ImportRealm,
  file: ImportFile,
  requestedMapping: FacilityImportMapping | undefined,
): Promise<FacilityImportPreview> {
  const table = await readImportTable(file);
  const mapping = requestedMapping ?? suggestFacilityMapping(table.columns);
  checkMapping(table, mapping);
  const missingFields = missingFacilityFields(mapping);
  const fileHash = sha256Hex(file.content);
  const existing = await createImportRepository(db).findBatch(realm.id, 'facilities', fileHash);
  return {
    fileName: file.fileName,
    fileHash,
    columns: [...table.columns],
    mapping,
    missingFields,
    rows: previewRows(table),
    rowCount: table.rows.length,
    errors: missingFields.length === 0 ? validateFacilityRows(table, mapping).errors : [],
    existingBatch: existing ? toBatch(existing) : null,
  };
}

/**
 * Creates a facility for each row, or updates the realm's facility of the row's slug; all or nothing (any row
 * error throws ImportRowsError), and the same file again answers its earlier batch.
 */
export async function commitFacilityImport(
  db: Database,
  realm: ImportRealm,
  actor: ImportActor,
  file: ImportFile,
  requestedMapping: FacilityImportMapping | undefined,
  onProgress?: ImportProgress,
): Promise<FacilityImportResult> {
  const fileHash = sha256Hex(file.content);
  const repository = createImportRepository(db);
  const earlier = await repository.findBatch(realm.id, 'facilities', fileHash);
  if (earlier) {
    const count = earlier.rowCount;
    return { batch: toBatch(earlier), isNew: false, facilityCount: count, createdCount: 0, updatedCount: 0 };
  }
  const table = await readImportTable(file);
  const mapping = requestedMapping ?? suggestFacilityMapping(table.columns);
  checkMapping(table, mapping, missingFacilityFields(mapping));
  const { facilities, errors } = validateFacilityRows(table, mapping);
  if (errors.length > 0) throw new ImportRowsError(errors);
  if (facilities.length === 0)
    throw new InvalidInputError([{ path: 'file', message: 'The file has no data rows' }]);
  const commit = await repository.upsertFacilities(
    realm.id,
    {
      kind: 'facilities',
      fileName: file.fileName,
      fileHash,
      rowCount: facilities.length,
      createdBy: actor.id,
    },
    facilities.map(({ rowNumber: _rowNumber, ...values }) => values),
    { actor, onProgress },
  );
  return {
    batch: toBatch(commit.batch),
    isNew: commit.isNew,
    facilityCount: commit.batch.rowCount,
    createdCount: commit.createdCount,
    updatedCount: commit.updatedCount,
  };
}

interface GhgrpImportOptions {
  /** The reporting year; by default read from the file name (EPA names them `ghgp_data_2020.xlsx`). */
  year?: number;
  onProgress?: ImportProgress;
}

/**
 * Creates or updates a facility for each row of the workbook's Direct Emitters sheet, with its reported
 * emissions for the year re-based to the realm's GWP set. Any bad row: ImportRowsError, nothing written.
 */
export async function importGhgrpWorkbook(
  db: Database,
  realm: ImportRealm,
  actor: ImportActor,
  file: ImportFile,
  options: GhgrpImportOptions = {},
): Promise<GhgrpImportResult> {
  const year = options.year ?? ghgrpYearFromFileName(file.fileName);
  if (year === undefined) {
    throw new InvalidInputError([
      {
        path: 'year',
        message: 'The reporting year is not in the file name (ghgp_data_2020.xlsx); give it with the upload',
      },
    ]);
  }
  if (formatOf(file) !== 'xlsx') {
    throw new InvalidInputError([
      { path: 'file', message: 'This is a CSV file: upload the XLSX workbook as EPA publishes it' },
    ]);
  }
  const gwp = realmGwpSetId(realm.properties);
  const fileHash = sha256Hex(file.content);
  const repository = createImportRepository(db);

  const { facilities: parsed, errors } = await readGhgrpDirectEmitters(file.content, { year, gwp });
  if (errors.length > 0) throw new ImportRowsError(errors);
  let reportedTotalCo2eT = 0;
  let rebasedTotalCo2eT = 0;
  const facilities: GhgrpFacilityValues[] = parsed.map((facility) => {
    reportedTotalCo2eT += facility.reported.reportedCo2eT;
    rebasedTotalCo2eT += facility.reported.co2eT;
    return {
      ghgrpId: facility.ghgrpId,
      slug: ghgrpFacilitySlug(facility.name, facility.ghgrpId),
      name: facility.name,
      sector: facility.sector,
      naics: facility.naics,
      address: facility.address,
      city: facility.city,
      state: facility.state,
      postalCode: facility.postalCode,
      country: 'US',
      latitude: facility.latitude,
      longitude: facility.longitude,
      reported: { [String(year)]: facility.reported },
    };
  });

  const commit = await repository.upsertGhgrpFacilities(
    realm.id,
    { kind: 'ghgrp', fileName: file.fileName, fileHash, rowCount: facilities.length, createdBy: actor.id },
    facilities,
    { actor, onProgress: options.onProgress },
  );
  return {
    batch: toBatch(commit.batch),
    isNew: commit.isNew,
    reportingYear: year,
    gwpSetId: gwp,
    facilityCount: facilities.length,
    createdCount: commit.createdCount,
    updatedCount: commit.updatedCount,
    reportedTotalCo2eT,
    rebasedTotalCo2eT,
  };
}
