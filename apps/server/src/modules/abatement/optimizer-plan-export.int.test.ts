import { measureSchema, type MeasureInput, type PlanExportRequest } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, type TestApp } from '#test-support/test-app.ts';
import {
  ACME_HOST as HOST,
  MEMBER,
  OTHER_HOST,
  createTwoRealms,
  callAs,
  type CallRequest,
} from '#test-support/two-realms.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const MEASURE_HEADER = [
  'Start year',
  'Measure',
  'Capex (USD)',
  'Annual cost change (USD)',
  'Annual abatement (kg CO2e)',
  'Abates through',
  'Abatement to the target year (kg CO2e)',
  'Cumulative abatement (kg CO2e)',
  'Discounted cost (USD)',
  'Measure id',
];
const YEAR_HEADER = [
  'Year',
  'Baseline (kg CO2e)',
  'Abated (kg CO2e)',
  'Emissions (kg CO2e)',
  'Trajectory (kg CO2e)',
  'Shortfall (kg CO2e)',
  'Cumulative abated (kg CO2e)',
  'Capex started (USD)',
];

const SOURCE = { citation: 'Test measure', url: 'https://example.test/' };
const HEAT_PUMP: MeasureInput = {
  name: 'Boiler to heat pump',
  abatement: { kind: 'absolute', kgPerYear: 100_000 },
  capex: 50_000,
  annualCost: -2_000,
  lifetime: 10,
  exclusiveGroup: 'heating',
  source: SOURCE,
};
const BOILER: MeasureInput = { ...HEAT_PUMP, name: 'Condensing boiler', capex: 20_000 };

describe('the optimizer plan export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };
  const ids = { heatPump: '', boiler: '', solar: '', foreign: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);
  const createMeasure = async (token: string, input: MeasureInput, host = HOST) => {
    const created = await call(token, 'POST', '/api/abatement/measures', host, input);
    expect(created.statusCode, created.body).toBe(201);
    return measureSchema.parse(created.json()).id;
  };
  const planRequest = (plan: PlanExportRequest['plan']): PlanExportRequest => ({
    baseYear: 2024,
    targetYear: 2030,
    baseline: { 2024: 1_000_000 },
    trajectory: { rate: 0.042 },
    discountRate: 0.05,
    plan,
  });
  const exportUrl = (request: object, format: 'csv' | 'xlsx', table = 'measures') =>
    `/api/exports/abatement/plan?request=${encodeURIComponent(JSON.stringify(request))}&table=${table}&format=${format}`;

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp, { acme: { plan: 'paid' }, other: { plan: 'paid' } });
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    ids.heatPump = await createMeasure(tokens.admin, HEAT_PUMP);
    ids.boiler = await createMeasure(tokens.admin, BOILER);
    ids.solar = await createMeasure(tokens.admin, {
      name: 'On-site solar',
      abatement: { kind: 'absolute', kgPerYear: 20_000 },
      capex: 80_000,
      annualCost: 500,
      lifetime: 25,
      prerequisites: [ids.heatPump],
      source: SOURCE,
    });
    ids.foreign = await createMeasure(tokens.other, { ...HEAT_PUMP, name: 'Foreign measure' }, OTHER_HOST);
    // Acme's members lose their facility grants: users of the realm who may not read its emissions.
    await withdrawRoleFacilityGrants(testApp.database.db, cast.acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports the plan’s measures with the library’s figures, as CSV and as XLSX', async () => {
    const request = planRequest([
      { id: ids.solar, startYear: 2026 },
      { id: ids.heatPump, startYear: 2025 },
    ]);
    const csv = await call(tokens.admin, 'GET', exportUrl(request, 'csv'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="optimizer-plan-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(MEASURE_HEADER);
    expect(rows).toHaveLength(3);
    // By start year; the heat pump abates 2025–2030 (6 years), the solar 2026–2030 (5 years).
    expect(rows[1]?.slice(0, 8)).toEqual([
      '2025',
      'Boiler to heat pump',
      '50000',
      '-2000',
      '100000',
      '2030',
      '600000',
      '600000',
    ]);
    expect(rows[2]?.slice(0, 8)).toEqual([
      '2026',
      'On-site solar',
      '80000',
      '500',
      '20000',
      '2030',
      '100000',
      '700000',
    ]);
    expect(Number(rows[1]?.[8])).toBeCloseTo(
      50_000 / 1.05 + [1, 2, 3, 4, 5, 6].reduce((sum, t) => sum - 2_000 / 1.05 ** t, 0),
      6,
    );

    const sheet = await xlsxRows((await call(tokens.admin, 'GET', exportUrl(request, 'xlsx'))).rawPayload);
    expect(sheet[0]).toEqual(MEASURE_HEADER);
    expect(sheet).toHaveLength(3);
    expect(sheet[1]?.slice(0, 5)).toEqual([2025, 'Boiler to heat pump', 50_000, -2_000, 100_000]);
  });

  it('names the realm’s currency in the money headers of both tables once an administrator sets it', async () => {
    const set = await call(tokens.admin, 'PUT', '/api/organisation/currency', HOST, { currency: 'JPY' });
    expect(set.statusCode, set.body).toBe(200);
    const request = planRequest([{ id: ids.heatPump, startYear: 2025 }]);
    const measures = csvRows((await call(tokens.admin, 'GET', exportUrl(request, 'csv'))).body);
    expect(measures[0]).toEqual(MEASURE_HEADER.map((header) => header.replace('(USD)', '(JPY)')));
    const years = csvRows((await call(tokens.admin, 'GET', exportUrl(request, 'csv', 'years'))).body);
    expect(years[0]?.at(-1)).toBe('Capex started (JPY)');
    const reset = await call(tokens.admin, 'PUT', '/api/organisation/currency', HOST, { currency: 'USD' });
    expect(reset.statusCode).toBe(200);
  });

  it('exports the plan’s years: baseline, abatement, emissions, trajectory and shortfall', async () => {
    const request = planRequest([{ id: ids.heatPump, startYear: 2025 }]);
    const csv = await call(tokens.admin, 'GET', exportUrl(request, 'csv', 'years'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/optimizer-plan-years-/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(YEAR_HEADER);
    expect(rows).toHaveLength(1 + 7);
    expect(rows[1]).toEqual(['2024', '1000000', '0', '1000000', '1000000', '0', '0', '0']);
    expect(rows[2]?.slice(0, 4)).toEqual(['2025', '1000000', '100000', '900000']);
    expect(Number(rows[2]?.[4])).toBeCloseTo(958_000, 6);
    expect(rows[2]?.slice(5)).toEqual(['0', '100000', '50000']);
    // 2030: 1,000,000 × (1 − 0.042 × 6) = 748,000 allowed, 900,000 emitted.
    expect(Number(rows[7]?.[5])).toBeCloseTo(152_000, 6);
  });

  it('refuses a measure that is not in the realm’s library, naming it', async () => {
    const foreign = await call(
      tokens.admin,
      'GET',
      exportUrl(planRequest([{ id: ids.foreign, startYear: 2025 }]), 'csv'),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fieldErrors).toEqual({
      'querystring/request/plan/0/id': `No measure of this realm's library has the id ${ids.foreign}`,
    });
    const acmeFromOther = await call(
      tokens.other,
      'GET',
      exportUrl(planRequest([{ id: ids.heatPump, startYear: 2025 }]), 'csv'),
      OTHER_HOST,
    );
    expect(acmeFromOther.statusCode).toBe(422);
    expect(acmeFromOther.body).not.toContain('Boiler to heat pump');
  });

  it('refuses a plan that breaks a rule, naming the start', async () => {
    const group = await call(
      tokens.admin,
      'GET',
      exportUrl(
        planRequest([
          { id: ids.heatPump, startYear: 2025 },
          { id: ids.boiler, startYear: 2026 },
        ]),
        'csv',
      ),
    );
    expect(group.statusCode).toBe(422);
    expect(group.json().fieldErrors).toEqual({
      'querystring/request/plan/1/id':
        'Condensing boiler and Boiler to heat pump start, but only one of group heating may',
    });
    const prerequisite = await call(
      tokens.admin,
      'GET',
      exportUrl(planRequest([{ id: ids.solar, startYear: 2026 }]), 'xlsx'),
    );
    expect(prerequisite.statusCode).toBe(422);
    expect(prerequisite.json().fieldErrors).toEqual({
      'querystring/request/plan/0/id':
        'On-site solar needs Boiler to heat pump, which the plan does not start',
    });
    const tooEarly = await call(
      tokens.admin,
      'GET',
      exportUrl(planRequest([{ id: ids.heatPump, startYear: 2024 }]), 'csv'),
    );
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().fieldErrors).toEqual({
      'querystring/request/plan/0/startYear': 'Boiler to heat pump can start from 2025 to 2030',
    });
    const badHorizon = await call(
      tokens.admin,
      'GET',
      exportUrl({ ...planRequest([]), targetYear: 2020 }, 'csv'),
    );
    expect(badHorizon.statusCode).toBe(400);
    expect(badHorizon.json().fieldErrors).toHaveProperty('querystring/request/targetYear');
  });

  it('refuses a user who may not read the realm’s facilities', async () => {
    const refused = await call(tokens.member, 'GET', exportUrl(planRequest([]), 'csv'));
    expect(refused.statusCode).toBe(403);
  });
});
