import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  analysisDimensionValuesResponseSchema,
  analysisRecordsResponseSchema,
  analysisResponseSchema,
  businessUnitSchema,
  inventoryResponseSchema,
  type AnalysisQueryInput,
  type AnalysisResponse,
} from '@ecc/contracts';
import { facilities } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * Business units are a tree (issue 11): on a three-level tree (Group > Division > Plant) with a facility in each
 * unit and one in none, the inventory's "by business unit" and the analysis's business-unit dimension roll each
 * unit's descendants into it, the units at the top add up to the realm's total, and a filter on a parent unit
 * takes in the facilities of every unit below it (in the pivot and in the drill-through to records).
 */

/** The CLI's exit code on success. */
const EXIT_OK = 0;
const GRAM_KG = 0.001;
const ADMIN = { email: 'admin@acme.test', password: 'acme-password-1', role: 'admin' as const };
const SITES =
  'Name,Sector,NAICS,Country,State\nGroup Office,Services,541611,US,NY\nDivision Works,Manufacturing,331110,US,OH\n' +
  'Plant Line,Manufacturing,331110,US,PA\nLoose Depot,Logistics,493110,US,TX\n';
/** One diesel record a month in 2024 per facility, each facility a different quantity. */
const QUANTITIES: Readonly<Record<string, number>> = {
  'group-office': 100,
  'division-works': 2000,
  'plant-line': 30_000,
  'loose-depot': 7,
};

function recordsCsv(): string {
  const lines = ['facility,activityType,periodStart,periodEnd,quantity,unit,factorKey,scope'];
  for (const [facility, quantity] of Object.entries(QUANTITIES)) {
    for (let month = 1; month <= 12; month += 1) {
      const period = `2024-${String(month).padStart(2, '0')}`;
      lines.push(
        `${facility},Boiler diesel,${period}-01,${period}-28,${quantity + month},gal,epa-c1-distillate-fuel-oil-no-2,1`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

describe('business units rolled up a three-level tree', () => {
  let testApp: TestApp;
  let token: string;
  let workDir: string;
  const unitIds: Record<'group' | 'division' | 'plant', string> = { group: '', division: '', plant: '' };

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: { host: 'acme.test', ...withSession(token) }, payload });
  const analyse = async (query: AnalysisQueryInput): Promise<AnalysisResponse> => {
    const response = await call('POST', '/api/analysis/query', query);
    expect(response.statusCode, response.body).toBe(200);
    return analysisResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'paid' });
    await createTestUser(db, acme, ADMIN);
    workDir = mkdtempSync(join(tmpdir(), 'ecc-unit-roll-up-'));
    writeFileSync(join(workDir, 'sites.csv'), SITES);
    writeFileSync(join(workDir, 'records.csv'), recordsCsv());
    for (const [kind, file] of [
      ['facilities', 'sites.csv'],
      ['activities', 'records.csv'],
    ] as const) {
      const imported = await runCliCapturing(testApp.database, [
        'import',
        kind,
        '--realm',
        'acme',
        join(workDir, file),
      ]);
      expect(imported.stderr).toBe('');
      expect(imported.exitCode).toBe(EXIT_OK);
    }
    token = await signIn(testApp.app, ADMIN, 'acme.test');
    let parentId: string | null = null;
    for (const [key, name, slug] of [
      ['group', 'Group', 'group-office'],
      ['division', 'Division', 'division-works'],
      ['plant', 'Plant', 'plant-line'],
    ] as const) {
      const created = await call('POST', '/api/organisation/business-units', { name, parentId });
      expect(created.statusCode, created.body).toBe(201);
      const unit = businessUnitSchema.parse(created.json());
      unitIds[key] = unit.id;
      parentId = unit.id;
      await db
        .update(facilities)
        .set({ businessUnitId: unit.id })
        .where(and(eq(facilities.realmId, acme.id), eq(facilities.slug, slug)));
    }
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  /** Each facility's CO2e of 2024 as the analysis answers it by facility (no business unit involved). */
  async function facilityCo2e(): Promise<Map<string, number>> {
    const byFacility = await analyse({ measures: ['co2e'], rows: ['facility'], filters: { year: [2024] } });
    return new Map(byFacility.rows.map((row) => [String(row.keys.facility), row.values.co2e!]));
  }

  it('shows the inventory by business unit as a tree: a parent is its own facilities and all below it', async () => {
    const co2e = await facilityCo2e();
    const response = await call('GET', '/api/reports/inventory?year=2024');
    expect(response.statusCode, response.body).toBe(200);
    const inventory = inventoryResponseSchema.parse(response.json());
    const rows = inventory.byBusinessUnit.map((row) => ({
      name: row.name,
      depth: row.depth,
      facilityCount: row.facilityCount,
      co2e: row.co2e,
      ownCo2e: row.ownCo2e,
    }));
    const plant = co2e.get('plant-line')!;
    const division = co2e.get('division-works')! + plant;
    const group = co2e.get('group-office')! + division;
    expect(rows.map(({ name, depth, facilityCount }) => [name, depth, facilityCount])).toEqual([
      ['Group', 0, 3],
      ['Division', 1, 2],
      ['Plant', 2, 1],
      ['No business unit', 0, 1],
    ]);
    for (const [index, expected, own] of [
      [0, group, co2e.get('group-office')!],
      [1, division, co2e.get('division-works')!],
      [2, plant, plant],
      [3, co2e.get('loose-depot')!, co2e.get('loose-depot')!],
    ] as const) {
      expect(Math.abs(rows[index]!.co2e - expected)).toBeLessThan(GRAM_KG);
      expect(Math.abs(rows[index]!.ownCo2e - own)).toBeLessThan(GRAM_KG);
    }
    const roots = rows.filter((row) => row.depth === 0).reduce((sum, row) => sum + row.co2e, 0);
    expect(Math.abs(roots - inventory.totals.co2e)).toBeLessThan(GRAM_KG);

    const exported = await call('GET', '/api/exports/inventory?year=2024&table=business-units&format=csv');
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^"?Business unit"?,"?Level"?,"?Parent"?,"?Facilities"?/);
    expect(lines[3]).toMatch(/^"?Plant"?,3,"?Division"?,1,/);
  });

  it('rolls the analysis’s business-unit rows up the tree; the grand total counts each facility once', async () => {
    const co2e = await facilityCo2e();
    const realmTotal = [...co2e.values()].reduce((sum, value) => sum + value, 0);
    const answer = await analyse({
      measures: ['co2e'],
      rows: ['businessUnit'],
      columns: ['scope'],
      filters: { year: [2024] },
      subtotals: true,
    });
    const byUnit = new Map(
      answer.subtotals
        .filter((row) => row.keys.businessUnit !== undefined && row.keys.scope === undefined)
        .map((row) => [row.keys.businessUnit, row.values.co2e!]),
    );
    const plant = co2e.get('plant-line')!;
    const division = co2e.get('division-works')! + plant;
    expect(Math.abs(byUnit.get(unitIds.plant)! - plant)).toBeLessThan(GRAM_KG);
    expect(Math.abs(byUnit.get(unitIds.division)! - division)).toBeLessThan(GRAM_KG);
    expect(Math.abs(byUnit.get(unitIds.group)! - (co2e.get('group-office')! + division))).toBeLessThan(
      GRAM_KG,
    );
    expect(Math.abs(byUnit.get('')! - co2e.get('loose-depot')!)).toBeLessThan(GRAM_KG);
    expect(Math.abs(answer.totals.co2e! - realmTotal)).toBeLessThan(GRAM_KG);
    // The column total (scope 1 over every unit) counts each facility once too.
    const scope1 = answer.subtotals.find(
      (row) => row.keys.businessUnit === undefined && row.keys.scope === 1,
    );
    expect(Math.abs(scope1!.values.co2e! - realmTotal)).toBeLessThan(GRAM_KG);
    expect(answer.labels.businessUnit?.[unitIds.division]).toBe('Division');
  });

  it('takes in every unit below a parent in a filter, in the pivot and in the records behind a cell', async () => {
    const co2e = await facilityCo2e();
    const division = co2e.get('division-works')! + co2e.get('plant-line')!;
    const filtered = await analyse({
      measures: ['co2e'],
      rows: ['facility'],
      filters: { year: [2024], businessUnit: [unitIds.division] },
    });
    expect(filtered.rows.map((row) => row.keys.facility).sort()).toEqual(['division-works', 'plant-line']);
    expect(Math.abs(filtered.totals.co2e! - division)).toBeLessThan(GRAM_KG);

    // Grouped by unit and filtered on the division: the division and the plant below it, nothing above.
    const grouped = await analyse({
      measures: ['co2e'],
      rows: ['businessUnit'],
      filters: { year: [2024], businessUnit: [unitIds.division] },
    });
    expect(grouped.rows.map((row) => row.keys.businessUnit).sort()).toEqual(
      [unitIds.division, unitIds.plant].sort(),
    );
    expect(Math.abs(grouped.totals.co2e! - division)).toBeLessThan(GRAM_KG);

    const noUnit = await analyse({ measures: ['co2e'], rows: ['facility'], filters: { businessUnit: [''] } });
    expect(noUnit.rows.map((row) => row.keys.facility)).toEqual(['loose-depot']);

    const records = await call('POST', '/api/analysis/records', {
      filters: { year: [2024] },
      keys: { businessUnit: unitIds.division },
    });
    expect(records.statusCode, records.body).toBe(200);
    const answer = analysisRecordsResponseSchema.parse(records.json());
    expect(answer.total).toBe(24);
    expect(new Set(answer.records.map((record) => record.facilitySlug))).toEqual(
      new Set(['division-works', 'plant-line']),
    );

    // The filter picker offers every unit of the realm, read from the units, not from the results.
    const values = await call('GET', '/api/analysis/dimension-values');
    expect(values.statusCode, values.body).toBe(200);
    const unitValues = analysisDimensionValuesResponseSchema.parse(values.json()).values.businessUnit;
    // '' is the facilities in no unit (the page names it with the contract's label).
    expect(unitValues?.map((value) => value.label).sort()).toEqual(['', 'Division', 'Group', 'Plant']);
  });
});
