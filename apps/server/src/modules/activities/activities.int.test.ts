import {
  activityRecordListResponseSchema,
  activityRecordSchema,
  activityRecordTrailResponseSchema,
  auditLogResponseSchema,
  facilityTrailResponseSchema,
  staleActivityRecordSchema,
  type ActivityRecordDto,
  type Realm,
} from '@ecc/contracts';
import { createFacilityRepository, equipment, equipmentTypes, type FacilityRow } from '@ecc/db';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ACME_USER = { email: 'ada@acme.test', password: 'acme-password-1' };
const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };

/** 40 CFR 98 Tables C-1/C-2: distillate fuel oil No. 2, per mmBtu, with its default HHV of 0.138 mmBtu/gal. */
const DIESEL = {
  activityType: 'Boiler diesel',
  periodStart: '2024-01-01',
  periodEnd: '2024-01-31',
  quantity: 1000,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  isEstimated: false,
  notes: 'January delivery',
};

/** eGRID2022 NEWE, per MWh; 40 % of the electricity is covered by certificates. */
const ELECTRICITY = {
  activityType: 'Electricity',
  periodStart: '2024-02-01',
  periodEnd: '2024-02-29',
  quantity: 10,
  unit: 'MWh',
  factorKey: 'egrid-2022-newe',
  scope: 2,
  certificateCoverage: 0.4,
};

describe('activity records, their results and trails', () => {
  let testApp: TestApp;
  let acme: Realm;
  let facility: FacilityRow;
  let otherFacility: FacilityRow;
  let equipmentId: string;
  let acmeToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, acme, ACME_USER);
    await createTestUser(db, other, OTHER_USER);
    const site = {
      sector: 'Hospitals',
      naics: '622110',
      country: 'US',
      city: 'Boston',
      state: 'MA',
      reported: {},
    };
    [facility] = (await createFacilityRepository(db).insertMany(acme.id, [
      { ...site, slug: 'north-campus', name: 'North Campus' },
    ])) as [FacilityRow];
    [otherFacility] = (await createFacilityRepository(db).insertMany(other.id, [
      { ...site, slug: 'other-site', name: 'Other Site' },
    ])) as [FacilityRow];
    const [type] = await db
      .insert(equipmentTypes)
      .values({ realmId: acme.id, key: 'boiler', name: 'Boiler' })
      .returning();
    const [boiler] = await db
      .insert(equipment)
      .values({
        realmId: acme.id,
        facilityId: facility.id,
        equipmentTypeId: type?.id ?? '',
        typeVersion: 1,
        name: 'Boiler 1',
      })
      .returning();
    equipmentId = boiler?.id ?? '';
    acmeToken = await signIn(testApp.app, ACME_USER, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
  });
  afterAll(() => testApp.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as: 'acme' | 'other' = 'acme',
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: `${as}.test`, ...withSession(as === 'acme' ? acmeToken : otherToken) },
      ...(payload ? { payload } : {}),
    });

  const create = async (payload: object): Promise<ActivityRecordDto> => {
    const response = await call('POST', '/api/facilities/north-campus/activity-records', payload);
    expect(response.statusCode, response.body).toBe(201);
    return activityRecordSchema.parse(response.json());
  };

  const countRecords = async () =>
    (await call('GET', '/api/facilities/north-campus/activity-records')).json<{ total: number }>().total;
  const countAudit = async () => (await call('GET', '/api/audit-log')).json<{ total: number }>().total;

  it('creates a record with its emissions worked out by the engine', async () => {
    const record = await create({ ...DIESEL, equipmentId });
    // 1,000 gal × 0.138 mmBtu/gal = 138 mmBtu. CO2: 138 × 73.96 = 10,206.48 kg; CH4: 138 × 0.003 = 0.414 kg;
    // N2O: 138 × 0.0006 = 0.0828 kg. AR5: 10,206.48 + 0.414 × 28 + 0.0828 × 265 = 10,240.014 kg CO2e.
    expect(record.co2eKg).toBeCloseTo(10_240.014, 3);
    expect(record).toMatchObject({
      ...DIESEL,
      facilityId: facility.id,
      equipmentId,
      scope3Category: null,
      certificateCoverage: null,
      co2eKgMarket: null,
    });
  });

  it('gives Scope 2 both results: market-based applies the certificate coverage', async () => {
    const record = await create(ELECTRICITY);
    expect(record.co2eKg).toBeGreaterThan(0);
    // 40 % covered by certificates: market-based = (1 − 0.4) × the grid factor = 0.6 × location-based.
    expect(record.co2eKgMarket).toBeCloseTo(record.co2eKg * 0.6, 6);
  });

  it('lists, searches and sorts the facility’s records', async () => {
    const listed = await call('GET', '/api/facilities/north-campus/activity-records?sort=-co2eKg');
    const page = activityRecordListResponseSchema.parse(listed.json());
    expect(page).toMatchObject({ count: 2, total: 2, offset: 0 });
    expect(page.results.map((record) => record.activityType)).toEqual(['Boiler diesel', 'Electricity']);
    const searched = await call('GET', '/api/facilities/north-campus/activity-records?q=ELECTRIC&limit=1');
    expect(searched.json()).toMatchObject({ count: 1, total: 1, results: [{ activityType: 'Electricity' }] });
    const badSort = await call('GET', '/api/facilities/north-campus/activity-records?sort=name');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/^querystring\/sort: /);
    const tooMany = await call('GET', '/api/facilities/north-campus/activity-records?limit=20001');
    expect(tooMany.json().message).toMatch(/^querystring\/limit: /);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = [await countRecords(), await countAudit()];
    const cases: [object, string][] = [
      [{ ...DIESEL, periodEnd: '2023-12-31' }, 'body/periodEnd: Period end must not be before period start'],
      [
        { ...DIESEL, scope3Category: 6 },
        'body/scope3Category: A Scope 3 category is only given with scope 3',
      ],
      [
        { ...DIESEL, certificateCoverage: 0.5 },
        'body/certificateCoverage: Certificate coverage is only given with scope 2',
      ],
      [{ ...DIESEL, quantity: -1 }, 'body/quantity: Quantity must be zero or more'],
      [{ ...DIESEL, periodStart: '2024-13-01' }, 'body/periodStart: Must be a date as YYYY-MM-DD'],
      [{ ...DIESEL, scope: 4 }, 'body/scope: '],
      [
        { ...DIESEL, equipmentId: '00000000-0000-4000-8000-000000000000' },
        'body/equipmentId: No equipment with this id at this facility',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/facilities/north-campus/activity-records', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect([await countRecords(), await countAudit()]).toEqual(before);
  });

  it('refuses a unit the factor cannot take with 422 naming the field and saying what to provide', async () => {
    const before = [await countRecords(), await countAudit()];
    const response = await call('POST', '/api/facilities/north-campus/activity-records', {
      ...DIESEL,
      unit: 'km',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{
      message: string;
      items: { id: string | null; path: string; message: string }[];
    }>();
    expect(body.items).toEqual([
      { id: null, path: 'unit', message: expect.stringContaining('provide an hhv (energy per km)') },
    ]);
    expect(body.message).toContain('unit: ');
    const unknownFactor = await call('POST', '/api/facilities/north-campus/activity-records', {
      ...DIESEL,
      factorKey: 'no-such-factor',
    });
    expect(unknownFactor.statusCode).toBe(422);
    expect(unknownFactor.json().items[0].path).toBe('factorKey');
    expect([await countRecords(), await countAudit()]).toEqual(before);
  });

  it('updates a record partially: results follow, the audit log keeps before and after', async () => {
    const record = await create(DIESEL);
    expect(record.version).toBe(1);
    const response = await call('PATCH', `/api/activity-records/${record.id}`, {
      version: 1,
      quantity: 2000,
    });
    expect(response.statusCode).toBe(200);
    const updated = activityRecordSchema.parse(response.json());
    expect(updated.quantity).toBe(2000);
    expect(updated.version).toBe(2);
    expect(updated.co2eKg).toBeCloseTo(2 * record.co2eKg, 6);

    const audit = auditLogResponseSchema.parse(
      (await call('GET', `/api/audit-log?entityType=activity-record&entityId=${record.id}`)).json(),
    );
    expect(audit.results.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(audit.results[0]).toMatchObject({
      actorEmail: ACME_USER.email,
      before: { quantity: 1000 },
      after: { quantity: 2000 },
      previousHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const mixed = await call('PATCH', `/api/activity-records/${record.id}`, {
      version: 2,
      certificateCoverage: 0.2,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(
      'body/certificateCoverage: Certificate coverage is only given with scope 2',
    );
    const incompatible = await call('PATCH', `/api/activity-records/${record.id}`, {
      version: 2,
      unit: 'km',
    });
    expect(incompatible.statusCode).toBe(422);
    expect(incompatible.json().items[0]).toMatchObject({ id: record.id, path: 'unit' });
    const unversioned = await call('PATCH', `/api/activity-records/${record.id}`, { quantity: 3000 });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().fieldErrors).toHaveProperty('body/version');
  });

  it('refuses an edit made on an older version with 409 and the record as it is now, writing nothing', async () => {
    const record = await create({ ...DIESEL, activityType: 'Contended' });
    const first = await call('PATCH', `/api/activity-records/${record.id}`, { version: 1, quantity: 1500 });
    expect(first.statusCode).toBe(200);
    const trailBefore = (await call('GET', `/api/activity-records/${record.id}/trail`)).json();
    const auditBefore = await countAudit();

    const stale = await call('PATCH', `/api/activity-records/${record.id}`, { version: 1, quantity: 9999 });
    expect(stale.statusCode).toBe(409);
    const refusal = staleActivityRecordSchema.parse(stale.json());
    expect(refusal.message).toBe(
      'Someone else changed this record since you opened it. Reload it to see their change, then make yours again.',
    );
    expect(refusal.current).toMatchObject({ id: record.id, version: 2, quantity: 1500 });
    expect((await call('GET', `/api/activity-records/${record.id}/trail`)).json()).toEqual(trailBefore);
    expect(await countAudit()).toBe(auditBefore);

    const staleDelete = await call('DELETE', `/api/activity-records/${record.id}?version=1`);
    expect(staleDelete.statusCode).toBe(409);
    expect(staleActivityRecordSchema.parse(staleDelete.json()).current.version).toBe(2);
    const deleted = await call('DELETE', `/api/activity-records/${record.id}?version=2`);
    expect(deleted.statusCode).toBe(200);
  });

  it('lets exactly one of two edits made on the same version through', async () => {
    const record = await create({ ...DIESEL, activityType: 'Raced' });
    const answers = await Promise.all([
      call('PATCH', `/api/activity-records/${record.id}`, { version: 1, quantity: 1100 }),
      call('PATCH', `/api/activity-records/${record.id}`, { version: 1, quantity: 1200 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = activityRecordSchema.parse(answers.find((answer) => answer.statusCode === 200)?.json());
    const trail = activityRecordTrailResponseSchema.parse(
      (await call('GET', `/api/activity-records/${record.id}/trail`)).json(),
    );
    expect(trail.record).toMatchObject({ version: 2, quantity: winner.quantity });
    // The results are the winner's: one row, on the stored quantity.
    expect(trail.results).toHaveLength(1);
    expect(trail.results[0]?.co2eKg).toBeCloseTo(winner.co2eKg, 9);
    expect(trail.audit.map((entry) => entry.action)).toEqual(['update', 'create']);
  });

  it('deletes a record and answers it, so the caller can undo by creating it again', async () => {
    const record = await create({ ...DIESEL, activityType: 'To delete' });
    const deleted = await call('DELETE', `/api/activity-records/${record.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(record);
    expect((await call('GET', `/api/activity-records/${record.id}/trail`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/activity-records/${record.id}`)).statusCode).toBe(404);
    const {
      id: _id,
      facilityId: _facility,
      co2eKg: _co2e,
      co2eKgMarket: _market,
      gwpSetId: _gwpSetId,
      version: _version,
      createdOn: _c,
      modifiedOn: _m,
      ...input
    } = record;
    const restored = await create(input);
    expect(restored.co2eKg).toBe(record.co2eKg);
  });

  it('follows a record back to its factor, formula, arithmetic and audit entries', async () => {
    const record = await create(DIESEL);
    const trail = activityRecordTrailResponseSchema.parse(
      (await call('GET', `/api/activity-records/${record.id}/trail`)).json(),
    );
    expect(trail.record).toEqual(record);
    expect(trail.results).toHaveLength(1);
    const [result] = trail.results;
    expect(result).toMatchObject({
      scope2Method: null,
      gwpSetId: 'AR5',
      isFallback: false,
      factor: {
        key: DIESEL.factorKey,
        version: '2024',
        source: expect.stringContaining('40 CFR Part 98, subpart C'),
      },
      method: { id: 'heat-content', formula: expect.stringContaining('HHV') },
    });
    expect(trail.facilitySlug).toBe('north-campus');
    // 1,000 gal × 0.138 mmBtu/gal = 138 mmBtu; × 73.96 kg CO2/mmBtu = 10,206.48 kg CO2; × 0.003 kg CH4/mmBtu =
    // 0.414 kg CH4 (× 28 = 11.592); × 0.0006 kg N2O/mmBtu = 0.0828 kg N2O (× 265 = 21.942): 10,240.014 kg CO2e.
    const arithmetic = result?.arithmetic;
    expect(arithmetic).toMatchObject({
      quantity: 1000,
      unit: 'gal',
      certificateCoverage: null,
      conversion: [{ operation: 'multiply', value: 0.138, unit: 'mmBtu/gal', kind: 'heat-content' }],
      basisUnit: 'mmBtu',
      gwpSetId: 'AR5',
      publishedCo2e: null,
    });
    expect(arithmetic?.basisQuantity).toBeCloseTo(138, 9);
    expect(
      arithmetic?.gases.map(({ gas, factorValue, factorUnit, gwp }) => [gas, factorValue, factorUnit, gwp]),
    ).toEqual([
      ['CO2', 73.96, 'kg', 1],
      ['CH4', 0.003, 'kg', 28],
      ['N2O', 0.0006, 'kg', 265],
    ]);
    const [co2, ch4, n2o] = arithmetic?.gases ?? [];
    expect(co2?.massKg).toBeCloseTo(10_206.48, 6);
    expect(ch4?.co2eKg).toBeCloseTo(11.592, 6);
    expect(n2o?.co2eKg).toBeCloseTo(21.942, 6);
    // Every step multiplies out to the stored figures: the trail restates what the engine stored.
    for (const gas of arithmetic?.gases ?? []) {
      expect((arithmetic?.basisQuantity ?? 0) * gas.factorValue * gas.toKg).toBeCloseTo(gas.massKg, 9);
    }
    expect(arithmetic?.gases.reduce((sum, gas) => sum + gas.co2eKg, 0)).toBeCloseTo(record.co2eKg, 9);
    expect(arithmetic?.co2eKg).toBe(record.co2eKg);
    expect(trail.audit.map((entry) => entry.action)).toEqual(['create']);

    const electricity = (
      await call('GET', '/api/facilities/north-campus/activity-records?q=Electricity')
    ).json<{ results: ActivityRecordDto[] }>().results[0];
    const dual = activityRecordTrailResponseSchema.parse(
      (await call('GET', `/api/activity-records/${electricity?.id}/trail`)).json(),
    );
    expect(dual.results.map((each) => [each.scope2Method, each.isFallback])).toEqual([
      ['location', false],
      ['market', true],
    ]);
    expect(dual.results[0]?.arithmetic?.certificateCoverage).toBeNull();
    expect(dual.results[1]?.arithmetic).toMatchObject({ certificateCoverage: 0.4, conversion: [] });
    expect(dual.results[1]?.arithmetic?.basisQuantity).toBeCloseTo(6, 9);
  });

  it('exports a trail as CSV: one row per result with the factor, every gas step and the total', async () => {
    const record = await create({ ...DIESEL, activityType: '=HYPERLINK("http://evil.test")' });
    const response = await call('GET', `/api/activity-records/${record.id}/trail.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="trail-${record.id}.csv"`);
    const parsed = Papa.parse<Record<string, string>>(response.body, { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields?.slice(0, 4)).toEqual([
      'record_id',
      'record_link',
      'period_start',
      'period_end',
    ]);
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0]).toMatchObject({
      record_id: record.id,
      record_link: `/facility/next/north-campus?record=${record.id}`,
      quantity: '1000',
      conversion: '× 0.138 mmBtu/gal',
      quantity_in_factor_unit: '138',
      factor_key: DIESEL.factorKey,
      factor_version: '2024',
      CO2_factor: '73.96',
      CO2_factor_unit: 'kg CO2/mmBtu',
      CO2_kg: '10206.48',
      CH4_gwp: '28',
      N2O_co2e_kg: expect.stringMatching(/^21\.94/),
      co2e_kg: String(record.co2eKg),
      gwp_set: 'AR5',
      // A cell a spreadsheet would run as a formula is written as text.
      activity_type: `'=HYPERLINK("http://evil.test")`,
    });

    const total = await call('GET', '/api/facilities/north-campus/trail.csv?scope=2');
    expect(total.statusCode).toBe(200);
    // The Scope 2 total is the electricity record: its location-based and market-based rows.
    const rows = Papa.parse<Record<string, string>>(total.body, { header: true }).data;
    expect(rows.map((row) => [row.activity_type, row.scope2_method])).toEqual([
      ['Electricity', 'location'],
      ['Electricity', 'market'],
    ]);
    expect((await call('GET', '/api/facilities/north-campus/trail.csv', undefined, 'other')).statusCode).toBe(
      404,
    );
  });

  it('exports a trail as XLSX with the CSV’s columns, numbers as numbers and empty cells empty', async () => {
    const record = await create({ ...DIESEL, activityType: '=HYPERLINK("http://evil.test")' });
    const response = await call('GET', `/api/activity-records/${record.id}/trail.xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    const [header, row] = await xlsxRows(response.rawPayload);
    const csv = Papa.parse<string[]>((await call('GET', `/api/activity-records/${record.id}/trail.csv`)).body)
      .data[0];
    expect(header).toEqual(csv);
    const cell = (name: string) => row?.[(header ?? []).indexOf(name)];
    expect(cell('record_id')).toBe(record.id);
    expect(cell('quantity')).toBe(1000);
    expect(cell('CO2_kg')).toBe(10206.48);
    expect(cell('scope3_category')).toBeUndefined();
    expect(cell('activity_type')).toBe(`'=HYPERLINK("http://evil.test")`);

    const total = await call('GET', '/api/facilities/north-campus/trail.xlsx?scope=2');
    expect(total.statusCode).toBe(200);
    const totalRows = await xlsxRows(total.rawPayload);
    const methodColumn = (totalRows[0] ?? []).indexOf('scope2_method');
    expect(totalRows.slice(1).map((each) => each[methodColumn])).toEqual(['location', 'market']);
    for (const url of [
      '/api/facilities/north-campus/trail.xlsx',
      `/api/activity-records/${record.id}/trail.xlsx`,
    ]) {
      expect((await call('GET', url, undefined, 'other')).statusCode).toBe(404);
    }
  });

  it('explains a facility total: its records, factors, methods and audit entries', async () => {
    const all = facilityTrailResponseSchema.parse(
      (await call('GET', '/api/facilities/north-campus/trail?year=2024')).json(),
    );
    const records = (await call('GET', '/api/facilities/north-campus/activity-records')).json<{
      results: ActivityRecordDto[];
    }>().results;
    expect(all.recordCount).toBe(records.length);
    expect(all.gwpSetId).toBe('AR5');
    expect(all.co2eKg).toBeCloseTo(
      records.reduce((sum, record) => sum + record.co2eKg, 0),
      6,
    );
    expect(all.factors.map((factor) => factor.key).sort()).toEqual(
      [DIESEL.factorKey, ELECTRICITY.factorKey].sort(),
    );
    expect(all.methods.map((method) => method.id).sort()).toEqual([
      'heat-content',
      'scope2-location',
      'scope2-market',
    ]);
    expect(all.audit.length).toBeGreaterThan(0);

    const scope2 = facilityTrailResponseSchema.parse(
      (await call('GET', '/api/facilities/north-campus/trail?scope=2')).json(),
    );
    expect(scope2.records.map((record) => record.activityType)).toEqual(['Electricity']);
    const methane = facilityTrailResponseSchema.parse(
      (await call('GET', '/api/facilities/north-campus/trail?gas=CH4&activityType=Boiler%20diesel')).json(),
    );
    // Each 1,000 gal of diesel: 0.414 kg CH4 × 28 (AR5) = 11.592 kg CO2e.
    const diesel = records.filter((record) => record.activityType === 'Boiler diesel');
    const gallons = diesel.reduce((sum, record) => sum + record.quantity, 0);
    expect(methane.co2eKg).toBeCloseTo((gallons / 1000) * 11.592, 6);
    const none = facilityTrailResponseSchema.parse(
      (await call('GET', '/api/facilities/north-campus/trail?year=2019')).json(),
    );
    expect(none).toMatchObject({ co2eKg: 0, recordCount: 0, records: [], audit: [] });

    // A chart month and an equipment bar have their own totals, counted on the server over every record.
    const month = records[0]?.periodStart.slice(0, 7) ?? '';
    const ofMonth = facilityTrailResponseSchema.parse(
      (await call('GET', `/api/facilities/north-campus/trail?month=${month}`)).json(),
    );
    const monthRecords = records.filter((record) => record.periodStart.startsWith(month));
    expect(ofMonth.recordCount).toBe(monthRecords.length);
    expect(ofMonth.co2eKg).toBeCloseTo(
      monthRecords.reduce((sum, record) => sum + record.co2eKg, 0),
      6,
    );
    const unlinked = facilityTrailResponseSchema.parse(
      (await call('GET', '/api/facilities/north-campus/trail?equipmentId=none')).json(),
    );
    expect(unlinked.recordCount).toBe(records.filter((record) => record.equipmentId === null).length);
    const badMonth = await call('GET', '/api/facilities/north-campus/trail?month=2024-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toContain('month');
  });

  it('answers 404 for another realm’s facility or record exactly as for a missing one', async () => {
    const record = await create(DIESEL);
    const missing = await call('GET', '/api/facilities/no-such-site/activity-records');
    expect(missing.statusCode).toBe(404);
    const foreignFacility = await call(
      'GET',
      '/api/facilities/north-campus/activity-records',
      undefined,
      'other',
    );
    expect(foreignFacility.statusCode).toBe(404);
    expect(foreignFacility.json()).toEqual(missing.json());
    expect(
      (await call('POST', '/api/facilities/north-campus/activity-records', DIESEL, 'other')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/facilities/north-campus/trail', undefined, 'other')).statusCode).toBe(
      404,
    );
    for (const [method, url] of [
      ['GET', `/api/activity-records/${record.id}/trail`],
      ['GET', `/api/activity-records/${record.id}/trail.csv`],
      ['PATCH', `/api/activity-records/${record.id}`],
      ['DELETE', `/api/activity-records/${record.id}`],
    ] as const) {
      const response = await call(
        method,
        url,
        method === 'PATCH' ? { version: 1, quantity: 1 } : undefined,
        'other',
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Activity record not found');
    }
    expect((await call('GET', '/api/activity-records/not-a-uuid/trail')).statusCode).toBe(404);
    // The other realm's facility cannot take equipment of this realm either.
    expect(
      (
        await call(
          'POST',
          `/api/facilities/${otherFacility.slug}/activity-records`,
          { ...DIESEL, equipmentId },
          'other',
        )
      ).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/activity-records/${record.id}/trail`)).statusCode).toBe(200);
  });
});
