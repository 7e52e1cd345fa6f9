import type { Realm } from '@ecc/contracts';
import {
  activityRecords,
  createEmissionMonthTotalRepository,
  createFacilityRepository,
  readRealmGwpSetId,
  type Database,
} from '@ecc/db';
import { reportingYearOf } from '@ecc/domain';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { runCli, EXIT_FAILURE, EXIT_OK } from './cli.ts';
import { commitActivityImport } from './modules/imports/imports.service.ts';
import { createRecalculationService } from './modules/emissions/recalculation.service.ts';

/*
 * The monthly totals (`emission_month_totals`, decision 022) and the inventory's yearly totals
 * (`emission_year_totals`, decision 034) equal the sum of the results, grouped by the same keys, exactly, after
 * every kind of write: records created, edited and deleted through the API, an activity import, a bulk
 * recalculation onto another GWP set (COPY, then the switch that deletes the old set's results), and a change of
 * the month the realm's reporting year starts in (the yearly totals regroup into the new years). The expected
 * totals are summed here from the results with SQL of the test's own, not the migration's functions; the
 * reporting year of each result by the domain's `reportingYearOf`.
 */

const ADMIN = { email: 'admin@totals.test', password: 'admin-password-1', role: 'admin' as const };
const HOST = 'totals.test';
const FACILITY_SLUGS = ['north', 'south'] as const;
/** Results of three kinds: gas masses (diesel), two Scope 2 methods (electricity), CO2e only (T&D losses). */
const KINDS = {
  diesel: {
    activityType: 'Boiler diesel',
    unit: 'gal',
    factorKey: 'epa-c1-distillate-fuel-oil-no-2',
    scope: 1,
  },
  electricity: { activityType: 'Electricity', unit: 'kWh', factorKey: 'egrid-2022-newe', scope: 2 },
  losses: {
    activityType: 'Grid losses',
    unit: 'kWh',
    factorKey: 'desnz-2023-uk-electricity-t-and-d',
    scope: 3,
    scope3Category: 3,
  },
} as const;
type Kind = keyof typeof KINDS;
const GWP_SETS = ['AR4', 'AR5', 'AR6'] as const;

interface RecordValues {
  facility: number;
  month: number;
  kind: Kind;
  quantity: number;
}

type Action =
  | ({ type: 'create' } & RecordValues)
  | { type: 'edit'; pick: number; month: number; quantity: number; kind: Kind }
  | { type: 'delete'; pick: number }
  | { type: 'import'; rows: RecordValues[] }
  | { type: 'recalculate'; gwpOffset: number; batchSize: number }
  | { type: 'reporting-year'; startMonth: number };

const recordValues = {
  facility: fc.integer({ min: 0, max: FACILITY_SLUGS.length - 1 }),
  // Months across a year boundary, so that totals of several years and months are kept.
  month: fc.integer({ min: 0, max: 14 }),
  kind: fc.constantFrom<Kind>('diesel', 'electricity', 'losses'),
  // Fractional quantities, so results carry long decimals that float sums would not keep exactly.
  quantity: fc.integer({ min: 0, max: 100_000_000 }).map((thousandths) => thousandths / 1000),
};
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('create' as const), ...recordValues }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      pick: fc.nat(),
      month: recordValues.month,
      quantity: recordValues.quantity,
      kind: recordValues.kind,
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('import' as const),
      rows: fc.array(fc.record(recordValues), { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('recalculate' as const),
      gwpOffset: fc.integer({ min: 1, max: 2 }),
      batchSize: fc.integer({ min: 1, max: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('reporting-year' as const),
      startMonth: fc.integer({ min: 1, max: 12 }),
    }),
  },
);

function periodOf(month: number): { periodStart: string; periodEnd: string } {
  const year = 2024 + Math.floor(month / 12);
  const monthText = String((month % 12) + 1).padStart(2, '0');
  return { periodStart: `${year}-${monthText}-01`, periodEnd: `${year}-${monthText}-28` };
}

function recordBody(values: Omit<RecordValues, 'facility'>) {
  const { scope3Category, ...kind } = { scope3Category: null, ...KINDS[values.kind] };
  return { ...kind, ...periodOf(values.month), quantity: values.quantity, scope3Category };
}

type TotalsRow = Record<string, string>;

describe('monthly and yearly totals kept by triggers', () => {
  let testApp: TestApp;
  let db: Database;
  let realm: Realm;
  let token: string;
  let importCount = 0;
  let reportingYearChanges = 0;

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: HOST, ...withSession(token) },
      ...(payload ? { payload } : {}),
    });

  /** The kept totals and the sums of the results, every number as exact text, in one order. */
  async function keptAndExpected(): Promise<{ kept: TotalsRow[]; expected: TotalsRow[] }> {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: TotalsRow[] }).rows;
    const kept = await rowsOf(sql`
      select gwp_set_id, gas, facility_id::text, month::text, scope::text, scope2_method, gas_kg::text,
        co2e_kg::text, result_count::text
      from emission_month_totals where realm_id = ${realm.id}
      order by 1, 2, 3, 4, 5, 6`);
    const expected = await rowsOf(sql`
      with per_gas as (
        select gwp_set_id, '' as gas, facility_id, period_start, scope, scope2_method,
          case when gases = '{}'::jsonb then co2e_kg::numeric else 0 end as gas_kg, co2e_kg::numeric as co2e_kg
        from emission_results_all_sets where realm_id = ${realm.id}
        union all
        select gwp_set_id, gas.key, facility_id, period_start, scope, scope2_method, gas.value::numeric, 0
        from emission_results_all_sets, jsonb_each(gases) as gas where realm_id = ${realm.id}
      )
      select gwp_set_id, gas, facility_id::text, date_trunc('month', period_start)::date::text as month,
        scope::text, scope2_method, sum(gas_kg)::text as gas_kg, sum(co2e_kg)::text as co2e_kg,
        count(*)::text as result_count
      from per_gas
      group by gwp_set_id, gas, facility_id, date_trunc('month', period_start), scope, scope2_method
      order by 1, 2, 3, 4, 5, 6`);
    return { kept, expected };
  }

  /**
   * The kept yearly totals and the sums of the results by the realm's reporting year (each period start's year
   * named by the domain), factor and gas, every number as exact text.
   */
  async function keptAndExpectedYearly(): Promise<{ kept: TotalsRow[]; expected: TotalsRow[] }> {
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: TotalsRow[] }).rows;
    const kept = await rowsOf(sql`
      select gwp_set_id, year::text, gas, facility_id::text, scope::text, scope2_method, scope3_category::text,
        factor_key, factor_version, calculation_method_id, is_fallback::text, gas_kg::text, co2e_kg::text,
        result_count::text
      from emission_year_totals where realm_id = ${realm.id}`);
    const [boundary] = await rowsOf(
      sql`select reporting_year_start_month::text as month from realm_boundaries where realm_id = ${realm.id}`,
    );
    const startMonth = Number(boundary?.month ?? 1);
    const periodStarts = await rowsOf(
      sql`select distinct period_start::text from emission_results_all_sets where realm_id = ${realm.id}`,
    );
    const yearOfPeriodStart = Object.fromEntries(
      periodStarts.map(({ period_start: start = '' }) => [start, reportingYearOf(start, startMonth)]),
    );
    const expected = await rowsOf(sql`
      with years as (
        select key::date as period_start, value::integer as year
        from jsonb_each_text(${JSON.stringify(yearOfPeriodStart)}::jsonb)
      ), per_gas as (
        select gwp_set_id, '' as gas, facility_id, period_start, scope, scope2_method, scope3_category, factor_key,
          factor_version, calculation_method_id, is_fallback,
          case when gases = '{}'::jsonb then co2e_kg::numeric else 0 end as gas_kg, co2e_kg::numeric as co2e_kg
        from emission_results_all_sets where realm_id = ${realm.id}
        union all
        -- A gas's mass rows name no factor: a facility's fuels share them.
        select gwp_set_id, gas.key, facility_id, period_start, scope, scope2_method, scope3_category, '', '', '',
          false, gas.value::numeric, 0
        from emission_results_all_sets, jsonb_each(gases) as gas where realm_id = ${realm.id}
      )
      select gwp_set_id, years.year::text, gas, facility_id::text, scope::text, scope2_method,
        coalesce(scope3_category, 0)::text as scope3_category, factor_key, factor_version, calculation_method_id,
        is_fallback::text, sum(gas_kg)::text as gas_kg, sum(co2e_kg)::text as co2e_kg,
        count(*)::text as result_count
      from per_gas join years using (period_start)
      group by gwp_set_id, years.year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
        factor_version, calculation_method_id, is_fallback`);
    return { kept, expected };
  }

  /** Exactly equal, compared as numbers: `numeric` prints trailing zeros as the arithmetic left them. */
  async function expectTotalsToEqualResults(after: string) {
    const normalised = (rows: TotalsRow[]) =>
      rows
        .map((row) => ({
          ...row,
          gas_kg: normaliseDecimal(row.gas_kg),
          co2e_kg: normaliseDecimal(row.co2e_kg),
        }))
        .sort((left, right) => JSON.stringify(left).localeCompare(JSON.stringify(right)));
    const { kept, expected } = await keptAndExpected();
    expect(normalised(kept), `monthly totals after ${after}`).toEqual(normalised(expected));
    const yearly = await keptAndExpectedYearly();
    expect(normalised(yearly.kept), `yearly totals after ${after}`).toEqual(normalised(yearly.expected));
  }

  async function recordIds(): Promise<{ id: string; version: number }[]> {
    return db
      .select({ id: activityRecords.id, version: activityRecords.version })
      .from(activityRecords)
      .where(eq(activityRecords.realmId, realm.id))
      .orderBy(asc(activityRecords.id));
  }

  async function apply(step: Action): Promise<void> {
    if (step.type === 'create') {
      const response = await call(
        'POST',
        `/api/facilities/${FACILITY_SLUGS[step.facility]}/activity-records`,
        recordBody(step),
      );
      expect(response.statusCode, response.body).toBe(201);
    } else if (step.type === 'edit' || step.type === 'delete') {
      const records = await recordIds();
      const record = records[step.pick % Math.max(records.length, 1)];
      if (!record) return;
      const response =
        step.type === 'edit'
          ? await call('PATCH', `/api/activity-records/${record.id}`, {
              ...recordBody(step),
              version: record.version,
            })
          : await call('DELETE', `/api/activity-records/${record.id}`);
      expect(response.statusCode, response.body).toBeLessThan(300);
    } else if (step.type === 'import') {
      importCount += 1;
      const header = 'Site,Fuel,Start Date,End Date,Amount,UoM,Emission Factor,Scope,Scope 3 category';
      // The import number in the file, so that no two files are the same (a file imported again changes nothing).
      const lines = step.rows.map((row) => {
        const body = recordBody(row);
        return [
          FACILITY_SLUGS[row.facility],
          `${body.activityType} ${importCount}`,
          body.periodStart,
          body.periodEnd,
          body.quantity,
          body.unit,
          body.factorKey,
          body.scope,
          body.scope3Category ?? '',
        ].join(',');
      });
      const content = Buffer.from(`${[header, ...lines].join('\n')}\n`);
      await commitActivityImport(
        db,
        realm,
        { id: null, email: ADMIN.email },
        { fileName: 'a.csv', content },
        {
          facility: 'Site',
          activityType: 'Fuel',
          periodStart: 'Start Date',
          periodEnd: 'End Date',
          quantity: 'Amount',
          unit: 'UoM',
          factorKey: 'Emission Factor',
          scope: 'Scope',
          scope3Category: 'Scope 3 category',
        },
      );
    } else if (step.type === 'reporting-year') {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: '/api/organisation/boundary',
        headers: { host: HOST, ...withSession(token) },
        payload: {
          consolidationApproach: 'operational-control',
          reportingYearStartMonth: step.startMonth,
          baseYear: null,
          recalculationThresholdPercent: 5,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      if (step.startMonth !== 1) reportingYearChanges += 1;
    } else {
      const current = await readRealmGwpSetId(db, realm.id);
      const index = GWP_SETS.indexOf(current as (typeof GWP_SETS)[number]);
      const target = GWP_SETS[(index + step.gwpOffset) % GWP_SETS.length] ?? 'AR5';
      const service = createRecalculationService(testApp.database, { batchSize: step.batchSize });
      await service.start(realm.id, { gwp: target });
      await service.whenIdle();
      expect(await readRealmGwpSetId(db, realm.id)).toBe(target);
    }
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    realm = await createTestRealm(db, { key: 'totals', domains: [HOST] });
    await createTestUser(db, realm, ADMIN);
    token = await signIn(testApp.app, ADMIN, HOST);
    await createFacilityRepository(db).insertMany(
      realm.id,
      FACILITY_SLUGS.map((slug) => ({ slug, name: slug, sector: 'Power', country: 'US', reported: {} })),
    );
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('equal the sum of the results after each random write, import and recalculation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        for (const [index, step] of actions.entries()) {
          await apply(step);
          await expectTotalsToEqualResults(`step ${index + 1}, ${step.type}`);
        }
      }),
      { numRuns: 12, seed: Number(process.env.ECC_FUZZ_SEED ?? 20_261_125), endOnFailure: true },
    );
    const { kept } = await keptAndExpected();
    // The property reached rows of every kind: masses, the two Scope 2 methods, CO2e-only results.
    expect(new Set(kept.map((row) => row.scope2_method))).toEqual(new Set(['', 'location', 'market']));
    expect(kept.some((row) => row.gas === '' && row.gas_kg !== '0')).toBe(true);
    expect(kept.some((row) => row.gas === 'CH4')).toBe(true);
    // And yearly rows of a Scope 3 category, and reporting years other than calendar ones.
    expect((await keptAndExpectedYearly()).kept.some((row) => row.scope3_category === '3')).toBe(true);
    expect(reportingYearChanges).toBeGreaterThan(0);
  });

  it('are checked and rebuilt by the command line, which fails the check on a row that differs', async () => {
    const output = { stdout: '', stderr: '' };
    const io = {
      stdout: { write: (text: string) => (output.stdout += text) },
      stderr: { write: (text: string) => (output.stderr += text) },
      env: {},
      database: testApp.database,
    };
    expect(await runCli(['summaries', 'check', '--realm', 'totals'], io)).toBe(EXIT_OK);
    expect(output.stdout).toMatch(
      /^totals, monthly totals: \d+ rows, equal to the sum of the results\ntotals, yearly totals: \d+ rows, equal to the sum of the results\n$/,
    );

    // A total changed behind the triggers' back, and one removed: the check names both and fails.
    await db.execute(sql`
      update emission_month_totals set co2e_kg = co2e_kg + 0.000001
      where (realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method) in (
        select realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method
        from emission_month_totals where realm_id = ${realm.id} and gas = '' limit 1)`);
    await db.execute(sql`
      delete from emission_month_totals
      where (realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method) in (
        select realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method
        from emission_month_totals where realm_id = ${realm.id} and gas <> '' limit 1)`);
    await db.execute(sql`
      update emission_year_totals set result_count = result_count + 1
      where (realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
          factor_version, calculation_method_id, is_fallback) in (
        select realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method, scope3_category, factor_key,
          factor_version, calculation_method_id, is_fallback
        from emission_year_totals where realm_id = ${realm.id} limit 1)`);
    output.stdout = '';
    expect(await runCli(['summaries', 'check', '--realm', 'totals'], io)).toBe(EXIT_FAILURE);
    expect(output.stderr).toMatch(
      /^totals, monthly totals: 2 of \d+ rows differ from the sum of the results\ntotals, yearly totals: 1 of \d+ rows differ from the sum of the results\n$/,
    );

    output.stdout = '';
    expect(await runCli(['summaries', 'rebuild', '--realm', 'totals'], io)).toBe(EXIT_OK);
    expect(output.stdout).toMatch(
      /^totals, monthly totals: 2 of \d+ rows differed from the sum of the results; rebuilt\ntotals, yearly totals: 1 of \d+ rows differed from the sum of the results; rebuilt\n$/,
    );
    await expectTotalsToEqualResults('the rebuild');
    const comparisons = await createEmissionMonthTotalRepository(db).check('totals');
    expect(comparisons.map((comparison) => comparison.differingRowCount)).toEqual([0, 0]);

    output.stderr = '';
    expect(await runCli(['summaries', 'check', '--realm', 'nowhere'], io)).toBe(EXIT_FAILURE);
    expect(output.stderr).toBe('No realm has the key nowhere\n');
  });
});

/** A decimal's text without trailing zeros after the point (`1.500` → `1.5`, `2.000` → `2`). */
function normaliseDecimal(value: string | undefined): string {
  if (value === undefined || !value.includes('.')) return value ?? '';
  return value.replace(/0+$/, '').replace(/\.$/, '');
}
