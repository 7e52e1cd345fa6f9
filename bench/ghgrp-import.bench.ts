/**
 * Benchmark of the EPA GHGRP importer (issue 4, Performance: importing the 6,515-facility 2020 workbook in under
 * 30 s). Times, in the same run and alternating:
 *  - our import (`importGhgrpWorkbook`, as `POST /api/imports/ghgrp` and `npm run ecc -- import ghgrp` run it)
 *    into a fresh realm on PGlite in a temporary data directory (the server's store): read the workbook with
 *    exceljs, find the header, parse and re-base every row, upsert the facilities in one transaction;
 *  - a peer, the floor of the reading alone: the same exceljs read of the "Direct Emitters" sheet,
 *    counting rows, with no parsing and no database.
 * Run: `npx tsx bench/ghgrp-import.bench.ts [--runs 3] [--file PATH]`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readWorksheetRows } from '../apps/server/src/platform/read-workbook.ts';
import { importGhgrpWorkbook } from '../apps/server/src/modules/imports/imports.service.ts';
import { findSharedDataFile } from '../apps/server/src/test-support/shared-data-dir.ts';
import { createDatabase, createDefaultRealmConfig, createRealmRepository } from '../packages/db/src/index.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    file: { type: 'string' },
  },
});
const RUNS = Number(flags.runs);
const workbook = flags.file ?? findSharedDataFile('epa-ghgrp-2020', 'ghgp_data_2020.xlsx');
if (workbook === undefined) {
  console.error('The 2020 GHGRP workbook was not found: give --file PATH or set ECC_SHARED_DATA_DIR.');
  process.exit(1);
}
const content = readFileSync(workbook);

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function readOnly(): Promise<number> {
  let rows = 0;
  for await (const row of readWorksheetRows(content, { sheetName: 'Direct Emitters' })) {
    if (row.cells.length > 0) rows += 1;
  }
  return rows;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ecc-ghgrp-bench-'));
const database = await createDatabase({ dataDir });
await database.migrate();
const realms = createRealmRepository(database.db);

const readTimes: number[] = [];
const importTimes: number[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    let startedAt = performance.now();
    const rows = await readOnly();
    readTimes.push(performance.now() - startedAt);

    const realm = await realms.insert({
      key: `bench-${run}`,
      parentId: null,
      active: true,
      realm: `bench-${run}`,
      name: `Bench ${run}`,
      type: 'organization',
      domains: [],
      properties: { config: createDefaultRealmConfig({ plan: 'CORE' }) },
    });
    if (!realm) throw new Error('The bench realm was not created');
    startedAt = performance.now();
    const result = await importGhgrpWorkbook(
      database.db,
      { id: realm.id, properties: realm.properties as Record<string, unknown> },
      { id: null, email: null },
      { fileName: 'ghgp_data_2020.xlsx', content },
    );
    importTimes.push(performance.now() - startedAt);
    if (result.createdCount !== 6515)
      throw new Error(`Expected 6515 facilities, created ${result.createdCount}`);
    console.info(
      `run ${run + 1}: read ${rows} rows in ${(readTimes.at(-1)! / 1000).toFixed(2)} s; ` +
        `imported ${result.createdCount} facilities in ${(importTimes.at(-1)! / 1000).toFixed(2)} s`,
    );
  }
  const read = median(readTimes);
  const imported = median(importTimes);
  console.info(
    `median of ${RUNS}: exceljs read ${(read / 1000).toFixed(2)} s; ` +
      `import ${(imported / 1000).toFixed(2)} s (${(imported / read).toFixed(2)}× the read; target < 30 s)`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
