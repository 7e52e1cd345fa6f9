import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  inventoryResponseSchema,
  inventoryYearsResponseSchema,
  type InventoryResponse,
} from '@ecc/contracts';
import { DEMO_ADMIN, facilities, seedPaidDemoRealm } from '@ecc/db';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_OK, runCliCapturing } from '#test-support/run-cli.ts';
import { requireSharedDataFile } from '#test-support/shared-data-dir.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';

/*
 * Emissions facilities reported to EPA's GHGRP in the inventory (decision 039): the paid demo realm with the 2020
 * GHGRP workbook imported (`ecc import ghgrp`) has an inventory of 2020 from reported figures alone; one real
 * facility's figures are checked against the workbook's own cells, read here with exceljs; a facility with
 * calculated results in the year is counted from those, never twice.
 */

const HOST = 'paid.localhost';
const KG_PER_T = 1000;

interface WorkbookFacility {
  ghgrpId: string;
  totalT: number;
  co2T: number;
  biogenicT: number | null;
}

/** The Direct Emitters sheet's rows, by GHGRP id, read straight from the workbook's cells. */
async function readDirectEmitters(file: string): Promise<Map<string, WorkbookFacility>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Direct Emitters');
  if (sheet === undefined) throw new Error('The workbook has no Direct Emitters sheet');
  let header: string[] = [];
  const rows = new Map<string, WorkbookFacility>();
  sheet.eachRow((row) => {
    const cells = (row.values as unknown[]).map((value) =>
      value === null || value === undefined ? '' : value,
    );
    if (header.length === 0) {
      if (cells.includes('Facility Id')) header = cells.map((cell) => String(cell).trim());
      return;
    }
    const cell = (name: string) => {
      const position = header.indexOf(name);
      if (position < 0) throw new Error(`The sheet has no column "${name}"`);
      return cells[position];
    };
    // A blank cell (or EPA's blank text) is "not reported".
    const number = (name: string) => {
      const value = Number(cell(name));
      return String(cell(name)).trim() === '' || !Number.isFinite(value) ? null : value;
    };
    rows.set(String(cell('Facility Id')), {
      ghgrpId: String(cell('Facility Id')),
      totalT: number('Total reported direct emissions') ?? 0,
      co2T: number('CO2 emissions (non-biogenic)') ?? 0,
      biogenicT: number('Biogenic CO2 emissions (metric tons)'),
    });
  });
  return rows;
}

describe('GET /api/reports/inventory of a year facilities reported to EPA GHGRP', () => {
  let testApp: TestApp;
  let token: string;
  let realmId: string;
  let workDir: string;
  let sheet: Map<string, WorkbookFacility>;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    await seedPaidDemoRealm(db);
    const rows = await db.execute(sql`select id from realms where key = 'demopaid'`);
    realmId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id);
    // EPA's published file lives beside the repository, never in it; without it this test fails naming it.
    const workbook = requireSharedDataFile(['epa-ghgrp-2020', 'ghgp_data_2020.xlsx']);
    const run = await runCliCapturing(testApp.database, ['import', 'ghgrp', '--realm', 'demopaid', workbook]);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(EXIT_OK);
    sheet = await readDirectEmitters(workbook);
    token = await signIn(testApp.app, DEMO_ADMIN, HOST);
    workDir = mkdtempSync(join(tmpdir(), 'ecc-reported-'));
  }, 300_000);
  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const inventoryOf = async (year: number): Promise<InventoryResponse> => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/reports/inventory?year=${year}`,
      headers: { host: HOST, ...withSession(token) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return inventoryResponseSchema.parse(response.json());
  };

  /** The largest emitter of the sheet: a real facility whose figures are far from rounding noise. */
  const largest = () => [...sheet.values()].sort((left, right) => right.totalT - left.totalT)[0]!;
  const slugOf = async (ghgrpId: string) => {
    const [row] = await testApp.database.db
      .select({ slug: facilities.slug, id: facilities.id })
      .from(facilities)
      .where(and(eq(facilities.realmId, realmId), eq(facilities.ghgrpId, ghgrpId)));
    return row!;
  };

  it('answers 2020 from the reported figures: every facility, each as the workbook says, apart from calculated', async () => {
    const years = await testApp.app.inject({
      method: 'GET',
      url: '/api/reports/inventory/years',
      headers: { host: HOST, ...withSession(token) },
    });
    expect(inventoryYearsResponseSchema.parse(years.json()).years).toContain(2020);

    const inventory = await inventoryOf(2020);
    expect(inventory.reported.source).toBe('EPA GHGRP, reported');
    // Every facility of the sheet, and the demo's Riverbend Power Station, which the seed gives a GHGRP-style 2020.
    const sheetReporters = inventory.reported.facilities.filter(
      (facility) => facility.slug !== 'riverbend-power-station',
    );
    expect(sheetReporters).toHaveLength(sheet.size);
    expect(inventory.reported.facilities).toHaveLength(sheet.size + 1);
    expect(inventory.reported.facilities.every((facility) => facility.isCounted)).toBe(true);
    expect(inventory.byFacility.every((facility) => facility.source === 'reported')).toBe(true);

    const witness = largest();
    const { slug } = await slugOf(witness.ghgrpId);
    const reported = inventory.reported.facilities.find((facility) => facility.slug === slug)!;
    // EPA's total as published (AR4) and the CO2 mass are the workbook's cells, in kg.
    expect(reported.publishedGwp).toBe('AR4');
    expect(reported.publishedCo2e).toBeCloseTo(witness.totalT * KG_PER_T, 3);
    expect(reported.gases.CO2).toBeCloseTo(witness.co2T * KG_PER_T, 3);
    expect(reported.biogenicCo2).toBe(witness.biogenicT === null ? null : witness.biogenicT * KG_PER_T);
    const row = inventory.byFacility.find((facility) => facility.slug === slug)!;
    expect(row).toMatchObject({ source: 'reported', scope2Location: 0, scope3: 0 });
    expect(row.scope1).toBeCloseTo(reported.co2e, 6);

    // Scope 1 only; the published total on AR4 is the sheet's sum, and the counted total equals the facilities'.
    const publishedSum = sheetReporters.reduce((sum, facility) => sum + facility.publishedCo2e, 0);
    const sheetSum = [...sheet.values()].reduce((sum, facility) => sum + facility.totalT, 0);
    expect(publishedSum / (sheetSum * KG_PER_T)).toBeCloseTo(1, 9);
    expect(inventory.scope2.location.co2e).toBe(0);
    expect(inventory.scope3.co2e).toBe(0);
    expect(inventory.scope1.co2e / inventory.reported.co2e).toBeCloseTo(1, 9);
    expect(inventory.totals.co2e / inventory.reported.co2e).toBeCloseTo(1, 9);
    expect(inventory.scope1.gases.CO2).toBeGreaterThan(0);
  }, 120_000);

  it('exports the reported table as the page shows it, a row per facility, numbers as numbers', async () => {
    const inventory = await inventoryOf(2020);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/exports/inventory?year=2020&table=reported&format=xlsx',
      headers: { host: HOST, ...withSession(token) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Facility', 'Slug', 'Counted as']);
    expect(sheet.rowCount).toBe(inventory.reported.facilities.length + 1);
    const { slug } = await slugOf(largest().ghgrpId);
    const position = inventory.reported.facilities.findIndex((facility) => facility.slug === slug);
    const cells = (sheet.getRow(position + 2).values as unknown[]).slice(1);
    expect(cells[1]).toBe(slug);
    expect(cells[4]).toBeCloseTo(inventory.reported.facilities[position]?.publishedCo2e ?? Number.NaN, 3);
  }, 120_000);

  it('counts a facility with calculated results in the year from those, and its reported figure not at all', async () => {
    const witness = largest();
    const { slug } = await slugOf(witness.ghgrpId);
    const before = await inventoryOf(2020);
    const reportedBefore = before.reported.facilities.find((facility) => facility.slug === slug)!;

    const records = join(workDir, 'records.csv');
    writeFileSync(
      records,
      'facility,activityType,periodStart,periodEnd,quantity,unit,factorKey,scope\n' +
        `${slug},Boiler diesel,2020-03-01,2020-03-31,1000,gal,epa-c1-distillate-fuel-oil-no-2,1\n`,
    );
    const imported = await runCliCapturing(testApp.database, [
      'import',
      'activities',
      '--realm',
      'demopaid',
      records,
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.exitCode).toBe(EXIT_OK);

    const after = await inventoryOf(2020);
    const row = after.byFacility.find((facility) => facility.slug === slug)!;
    expect(row.source).toBe('calculated');
    // 1000 gal of diesel: about 10 t CO2e, nothing like the facility's reported millions of tonnes.
    expect(row.scope1).toBeGreaterThan(9_000);
    expect(row.scope1).toBeLessThan(11_000);
    const reportedAfter = after.reported.facilities.find((facility) => facility.slug === slug)!;
    expect(reportedAfter).toMatchObject({ isCounted: false, co2e: reportedBefore.co2e });
    expect(after.reported.co2e).toBeCloseTo(before.reported.co2e - reportedBefore.co2e, 0);
    expect(after.totals.co2e).toBeCloseTo(before.totals.co2e - reportedBefore.co2e + row.scope1, 0);
  }, 120_000);
});
