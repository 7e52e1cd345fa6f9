import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createRealmRepository, type DatabaseHandle } from '@ecc/db';
import { InvalidInputError } from '#platform/errors.ts';
import {
  commitActivityImport,
  commitFacilityImport,
  importGhgrpWorkbook,
  ImportRowsError,
  parseFacilityMapping,
  parseMapping,
  type ImportFile,
  type ImportRealm,
} from './imports.service.ts';

export interface ImportCommandOutput {
  write(text: string): unknown;
}

async function realmOf(database: DatabaseHandle, realmKey: string): Promise<ImportRealm> {
  const realm = await createRealmRepository(database.db).findByKey(realmKey);
  if (!realm) throw new InvalidInputError([{ path: 'realm', message: `No realm has the key ${realmKey}` }]);
  return { id: realm.id, properties: realm.properties as Record<string, unknown> };
}

async function readImportFile(path: string): Promise<ImportFile> {
  try {
    return { fileName: basename(path), content: await readFile(path) };
  } catch (error) {
    throw new InvalidInputError([
      { path: 'file', message: `${path} is not readable: ${(error as Error).message}` },
    ]);
  }
}

/** Row errors as the operator reads them: one `row N, column C: message` a line. */
async function withRowErrorLines<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ImportRowsError)) throw error;
    throw new InvalidInputError([
      ...error.errors.map(({ row, column, message }) => ({ path: `row ${row}, column ${column}`, message })),
      { path: '', message: error.message },
    ]);
  }
}

/** A progress line at most every tenth of the way, so a large file prints a handful of lines. */
function progressWriter(output: ImportCommandOutput, noun: string) {
  let lastTenth = -1;
  return (done: number, total: number) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    output.write(`${done} of ${total} ${noun} written\n`);
  };
}

const OPERATOR = { id: null, email: null };

/** `npm run ecc -- import ghgrp --realm KEY FILE [--year YYYY]`. */
export async function runImportGhgrpCommand(
  database: DatabaseHandle,
  input: { realmKey: string; path: string; year: string | undefined },
  output: ImportCommandOutput,
): Promise<void> {
  const year = input.year === undefined ? undefined : Number(input.year);
  if (year !== undefined && !Number.isInteger(year)) {
    throw new InvalidInputError([{ path: 'year', message: 'Must be a reporting year such as 2020' }]);
  }
  const realm = await realmOf(database, input.realmKey);
  const file = await readImportFile(input.path);
  const startedAt = performance.now();
  output.write(`Reading ${file.fileName}…\n`);
  const result = await withRowErrorLines(() =>
    importGhgrpWorkbook(database.db, realm, OPERATOR, file, {
      year,
      onProgress: progressWriter(output, 'facilities'),
    }),
  );
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (!result.isNew) {
    output.write(`${file.fileName} was imported before (batch ${result.batch.id}); nothing changed.\n`);
    return;
  }
  output.write(
    `Imported ${result.facilityCount} facilities of reporting year ${result.reportingYear} in ${seconds} s: ` +
      `${result.createdCount} created, ${result.updatedCount} updated (batch ${result.batch.id}).\n` +
      `Reported ${Math.round(result.reportedTotalCo2eT)} t CO2e (AR4, as published); ` +
      `${Math.round(result.rebasedTotalCo2eT)} t CO2e on ${result.gwpSetId}.\n`,
  );
}

/** `npm run ecc -- import activities --realm KEY FILE [--mapping JSON] [--facility SLUG]`. */
export async function runImportActivitiesCommand(
  database: DatabaseHandle,
  input: { realmKey: string; path: string; mapping: string | undefined; facilitySlug?: string },
  output: ImportCommandOutput,
): Promise<void> {
  const mapping = parseMapping(input.mapping);
  const realm = await realmOf(database, input.realmKey);
  const file = await readImportFile(input.path);
  const target = input.facilitySlug === undefined ? {} : { facilitySlug: input.facilitySlug };
  const result = await withRowErrorLines(() =>
    commitActivityImport(
      database.db,
      realm,
      OPERATOR,
      file,
      mapping,
      progressWriter(output, 'records'),
      target,
    ),
  );
  output.write(
    result.isNew
      ? `Imported ${result.recordCount} activity records from ${file.fileName} (batch ${result.batch.id}).\n`
      : `${file.fileName} was imported before (batch ${result.batch.id}); nothing changed.\n`,
  );
}

/** `npm run ecc -- import facilities --realm KEY FILE [--mapping JSON]`. */
export async function runImportFacilitiesCommand(
  database: DatabaseHandle,
  input: { realmKey: string; path: string; mapping: string | undefined },
  output: ImportCommandOutput,
): Promise<void> {
  const mapping = parseFacilityMapping(input.mapping);
  const realm = await realmOf(database, input.realmKey);
  const file = await readImportFile(input.path);
  const result = await withRowErrorLines(() =>
    commitFacilityImport(database.db, realm, OPERATOR, file, mapping, progressWriter(output, 'facilities')),
  );
  output.write(
    result.isNew
      ? `Imported ${result.facilityCount} facilities from ${file.fileName}: ${result.createdCount} created, ` +
          `${result.updatedCount} updated (batch ${result.batch.id}).\n`
      : `${file.fileName} was imported before (batch ${result.batch.id}); nothing changed.\n`,
  );
}
