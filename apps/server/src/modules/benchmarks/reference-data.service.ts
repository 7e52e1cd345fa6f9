import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  createReferenceDataRepository,
  GHGRP_REFERENCE_SOURCE,
  type Database,
  type ReferenceGhgrpValues,
} from '@ecc/db';
import { GHGRP_REPORTED_GWP, ghgrpYearFromFileName, type GhgrpFacility } from '@ecc/domain';
import { InvalidInputError } from '#platform/errors.ts';
import { readGhgrpDirectEmitters } from '#platform/ghgrp-workbook.ts';

/** The data sets `reference load` knows. */
export const REFERENCE_DATASETS = ['ghgrp'] as const;

const KG_PER_T = 1000;

const toKg = (tonnes: Readonly<Record<string, number>>): Record<string, number> =>
  Object.fromEntries(Object.entries(tonnes).map(([key, value]) => [key, value * KG_PER_T]));

function referenceValuesOf(facility: GhgrpFacility): ReferenceGhgrpValues {
  const { reported } = facility;
  return {
    ghgrpId: facility.ghgrpId,
    name: facility.name,
    city: facility.city,
    state: facility.state,
    naics: facility.naics,
    sector: facility.sector,
    reportedCo2eKg: reported.reportedCo2eT * KG_PER_T,
    reportedGwpSetId: reported.reportedGwpSetId,
    gasKg: toKg(reported.gases),
    mixturesCo2eKg: toKg(reported.mixturesCo2eT),
    co2eKgByGwpSet: toKg(reported.co2eTByGwpSet),
    biogenicCo2Kg: reported.biogenicCo2T === null ? null : reported.biogenicCo2T * KG_PER_T,
  };
}

export interface ReferenceLoadResult {
  year: number;
  rowCount: number;
}

/**
 * Loads the Direct Emitters of a GHGRP workbook as public peers of its reporting year (from the file name unless
 * given), replacing what that year held: the same file again leaves the same rows. Any bad row: nothing written.
 */
export async function loadGhgrpReference(
  db: Database,
  file: { fileName: string; content: Buffer },
  year = ghgrpYearFromFileName(file.fileName),
): Promise<ReferenceLoadResult> {
  if (year === undefined) {
    throw new InvalidInputError([
      {
        path: 'year',
        message: 'The reporting year is not in the file name (ghgp_data_2020.xlsx); give it with --year',
      },
    ]);
  }
  // The set only decides the import's `co2eT`, which reference rows do not keep: they keep every set's.
  const { facilities, errors } = await readGhgrpDirectEmitters(file.content, {
    year,
    gwp: GHGRP_REPORTED_GWP,
  });
  if (errors.length > 0) {
    throw new InvalidInputError(
      errors.map(({ row, column, message }) => ({ path: `row ${row}, column ${column}`, message })),
    );
  }
  await createReferenceDataRepository(db).replaceGhgrpYear(
    {
      source: GHGRP_REFERENCE_SOURCE,
      year,
      fileName: file.fileName,
      fileSha256: createHash('sha256').update(file.content).digest('hex'),
    },
    facilities.map(referenceValuesOf),
  );
  return { year, rowCount: facilities.length };
}

async function readWorkbookFile(path: string): Promise<{ fileName: string; content: Buffer }> {
  try {
    return { fileName: basename(path), content: await readFile(path) };
  } catch (error) {
    throw new InvalidInputError([
      { path: 'file', message: `${path} is not readable: ${(error as Error).message}` },
    ]);
  }
}

/** `npm run ecc -- reference load ghgrp FILE [--year YYYY]`. */
export async function runReferenceLoadCommand(
  db: Database,
  input: { dataset: string; path: string; year: string | undefined },
  output: { write(text: string): unknown },
): Promise<void> {
  if (!(REFERENCE_DATASETS as readonly string[]).includes(input.dataset)) {
    throw new InvalidInputError([
      {
        path: 'dataset',
        message: `Unknown data set ${input.dataset}; known: ${REFERENCE_DATASETS.join(', ')}`,
      },
    ]);
  }
  const year = input.year === undefined ? undefined : Number(input.year);
  if (year !== undefined && !Number.isInteger(year)) {
    throw new InvalidInputError([{ path: 'year', message: 'Must be a reporting year such as 2020' }]);
  }
  const file = await readWorkbookFile(input.path);
  output.write(`Reading ${file.fileName}…\n`);
  const result = await loadGhgrpReference(db, file, year);
  output.write(
    `Loaded ${result.rowCount} ${GHGRP_REFERENCE_SOURCE} ${result.year} facilities as public peers ` +
      `(replacing what ${result.year} held).\n`,
  );
}

/**
 * At start-up: loads the shared GHGRP workbook as public peers when it exists and its year is not loaded yet, so
 * only the first start pays for it. Answers what it did, for the start-up log.
 */
export async function ensureGhgrpReference(db: Database, workbookPath: string | undefined): Promise<string> {
  if (workbookPath === undefined) {
    return 'No EPA GHGRP workbook found: benchmarks have no public peers until `npm run ecc -- reference load ghgrp FILE`.';
  }
  const year = ghgrpYearFromFileName(basename(workbookPath));
  const loads = await createReferenceDataRepository(db).loads();
  if (loads.some((load) => load.source === GHGRP_REFERENCE_SOURCE && load.year === year)) {
    return `Public peers: ${GHGRP_REFERENCE_SOURCE} ${year} already loaded.`;
  }
  const result = await loadGhgrpReference(db, await readWorkbookFile(workbookPath), year);
  return `Public peers: loaded ${result.rowCount} ${GHGRP_REFERENCE_SOURCE} ${result.year} facilities from ${workbookPath}.`;
}
