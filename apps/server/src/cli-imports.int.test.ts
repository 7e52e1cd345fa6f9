import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { facilities, type DatabaseHandle } from '@ecc/db';
import { createTestDatabase } from '@ecc/db/testing';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSharedDataFile } from '#test-support/shared-data-dir.ts';
import { createTestRealm } from '#test-support/test-realms.ts';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { EXIT_FAILURE, EXIT_OK } from './cli.ts';

describe('import commands', () => {
  let database: DatabaseHandle;
  let workDir: string;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    realmId = (await createTestRealm(database.db, { key: 'acme' })).id;
    workDir = mkdtempSync(join(tmpdir(), 'ecc-import-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const ecc = (...args: string[]) => runCliCapturing(database, args);

  it('imports the 2020 GHGRP workbook: 6,515 facilities whose reported totals match the sheet, once', async () => {
    // EPA's published files live beside the repository, never in it (see shared/data/epa-ghgrp-2020/README.md);
    // without them this test fails naming the missing file, it never skips.
    const workbook = requireSharedDataFile(['epa-ghgrp-2020', 'ghgp_data_2020.xlsx']);
    const sheetCsv = requireSharedDataFile(['epa-ghgrp-2020', 'direct-emitters-2020.csv']);
    const run = await ecc('import', 'ghgrp', '--realm', 'acme', workbook);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(EXIT_OK);
    expect(run.stdout).toContain('Imported 6515 facilities of reporting year 2020');
    expect(run.stdout).toContain('6515 created, 0 updated');

    const stored = await database.db
      .select({ ghgrpId: facilities.ghgrpId, reported: facilities.reported })
      .from(facilities)
      .where(eq(facilities.realmId, realmId));
    expect(stored).toHaveLength(6515);
    // The CSV export of the same sheet is the independent witness of what the workbook says.
    const sheet = Papa.parse<Record<string, string>>(readFileSync(sheetCsv, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const published = new Map(
      sheet.map((row) => [row['Facility Id'], Number(row['Total reported direct emissions'])]),
    );
    let total = 0;
    for (const facility of stored) {
      const year = (facility.reported as Record<string, { reportedCo2eT: number }>)['2020'];
      expect(year?.reportedCo2eT, facility.ghgrpId ?? '').toBe(published.get(facility.ghgrpId ?? ''));
      total += year?.reportedCo2eT ?? 0;
    }
    // The README's sanity figure: about 2.40 billion t CO2e over the 6,515 rows.
    expect(total / 1e9).toBeCloseTo(2.4, 2);

    const again = await ecc('import', 'ghgrp', '--realm', 'acme', workbook);
    expect(again.exitCode).toBe(EXIT_OK);
    expect(again.stdout).toContain('was imported before');
    expect(await database.db.$count(facilities, eq(facilities.realmId, realmId))).toBe(6515);
  }, 240_000);

  it('lists every row error of an activity file as "row N, column C: message" and exits 1', async () => {
    const file = join(workDir, 'bad.csv');
    writeFileSync(
      file,
      'facility,activityType,periodStart,periodEnd,quantity,unit,factorKey\n' +
        'nowhere,Gas,2024-01-01,2024-01-31,5,scf,epa-hub-2024-natural-gas-scf\n' +
        'nowhere,Gas,2024-02-01,2024-01-31,-1,scf,epa-hub-2024-natural-gas-scf\n',
    );
    const run = await ecc('import', 'activities', '--realm', 'acme', file);
    expect(run.exitCode).toBe(EXIT_FAILURE);
    expect(run.stderr.trim().split('\n')).toEqual([
      'row 2, column facility: No facility has the slug or name "nowhere"',
      'row 3, column facility: No facility has the slug or name "nowhere"',
      'row 3, column periodEnd: Period end 2024-01-31 is before period start 2024-02-01',
      'row 3, column quantity: Quantity must not be negative (got -1)',
      'Nothing was imported: the file has 4 row errors',
    ]);
  });

  it('imports facilities from a file, then activity data into one of them without a facility column', async () => {
    const sites = join(workDir, 'sites.csv');
    writeFileSync(
      sites,
      'Name,Sector,Country,State\nDepot East,Logistics,US,NJ\nDepot West,Logistics,us,CA\n',
    );
    const run = await ecc('import', 'facilities', '--realm', 'acme', sites);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Imported 2 facilities from sites.csv: 2 created, 0 updated');
    expect((await ecc('import', 'facilities', '--realm', 'acme', sites)).stdout).toContain(
      'was imported before',
    );

    const records = join(workDir, 'depot.csv');
    writeFileSync(
      records,
      'Activity type,Period start,Period end,Quantity,Unit,Emission factor\n' +
        'Forklift gas,2024-01-01,2024-01-31,50,scf,epa-hub-2024-natural-gas-scf\n',
    );
    const imported = await ecc(
      'import',
      'activities',
      '--realm',
      'acme',
      '--facility',
      'depot-west',
      records,
    );
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('Imported 1 activity records from depot.csv');
  });
});
