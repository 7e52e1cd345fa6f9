import {
  calculationFolderSchema,
  calculationListResponseSchema,
  calculationSaveResponseSchema,
  calculationVersionListResponseSchema,
} from '@ecc/contracts';
import { CALCULATION_TEMPLATES } from '@ecc/domain';
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

const FLAT_FORMULA = 'set :rate = 2.5\n:quantity * :rate';
const VERSION_HEADER = [
  'Version',
  'State',
  'Author',
  'Saved at',
  'Published at',
  'Tests passed',
  'Tests failed',
  'Tests not run',
  'Parameters',
  'Formula',
];
const FILE_TREE_HEADER = [
  'Folder',
  'Calculation',
  'State',
  'Latest version',
  'Published version',
  'Test status',
  'Inherited from',
  'Bindings',
  'Description',
  'Modified at',
];
const BINDING_HEADER = ['Target', 'Kind', 'Target key', 'Calculation', 'Binding of'];

describe('the calculation tools’ exports', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };
  const ids = { flat: '', draft: '', foreign: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);
  const created = async (token: string, url: string, payload: object, host = HOST) => {
    const answer = await call(token, 'POST', url, host, payload);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  const createCalculation = async (token: string, payload: object, host = HOST) =>
    calculationSaveResponseSchema.parse(await created(token, '/api/calculations', payload, host)).version
      .calculationId;

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    const scope1 = calculationFolderSchema.parse(
      await created(tokens.admin, '/api/calculation-folders', { name: 'Scope 1' }),
    );
    const combustion = calculationFolderSchema.parse(
      await created(tokens.admin, '/api/calculation-folders', { name: 'Combustion', parentId: scope1.id }),
    );
    ids.flat = await createCalculation(tokens.admin, {
      name: 'boiler-flat',
      folderId: combustion.id,
      description: 'Flat rate per scf',
      formula: ':quantity * 2',
      parameters: [{ name: 'quantity', unit: 'scf', description: 'Gas burned' }],
      tests: [{ name: 'a thousand scf', inputs: { quantity: 1000 }, expectedValue: 2500 }],
    });
    await created(tokens.admin, `/api/calculations/${ids.flat}/versions`, {
      formula: FLAT_FORMULA,
      parameters: [{ name: 'quantity', unit: 'scf', description: 'Gas burned' }],
    });
    const published = await call(tokens.admin, 'POST', `/api/calculations/${ids.flat}/versions/2/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const bound = await call(tokens.admin, 'PUT', '/api/calculation-bindings', HOST, {
      targetKind: 'activity-type',
      targetKey: 'boiler-gas',
      calculationId: ids.flat,
    });
    expect(bound.statusCode, bound.body).toBe(200);
    ids.draft = await createCalculation(tokens.admin, { name: 'draft-only', formula: '1' });
    ids.foreign = await createCalculation(tokens.other, { name: 'foreign-calc', formula: '2' }, OTHER_HOST);
    const foreignPublished = await call(
      tokens.other,
      'POST',
      `/api/calculations/${ids.foreign}/versions/1/publish`,
      OTHER_HOST,
    );
    expect(foreignPublished.statusCode, foreignPublished.body).toBe(200);
    const foreignBound = await call(tokens.other, 'PUT', '/api/calculation-bindings', OTHER_HOST, {
      targetKind: 'activity-type',
      targetKey: 'foreign-gas',
      calculationId: ids.foreign,
    });
    expect(foreignBound.statusCode, foreignBound.body).toBe(200);
    // Acme's members lose their facility grants: users of the realm who may not read its calculations.
    await withdrawRoleFacilityGrants(testApp.database.db, cast.acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports a calculation’s versions, newest first, with their tests’ results', async () => {
    const { versions } = calculationVersionListResponseSchema.parse(
      (await call(tokens.admin, 'GET', `/api/calculations/${ids.flat}/versions`)).json(),
    );
    expect(versions).toHaveLength(2);
    const url = `/api/exports/calculations/${ids.flat}/versions`;
    const csv = await call(tokens.admin, 'GET', `${url}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /filename="calculation-versions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(VERSION_HEADER);
    expect(rows).toHaveLength(versions.length + 1);
    const author = versions[0]!.authorName!;
    expect(rows[1]?.slice(0, 3)).toEqual(['2', 'published', author]);
    expect(rows[1]?.slice(5)).toEqual(['1', '0', '0', 'quantity', FLAT_FORMULA]);
    // Version 1 answered 2000 where 2500 was expected.
    expect(rows[2]?.slice(0, 2)).toEqual(['1', 'draft']);
    expect(rows[2]?.slice(4, 8)).toEqual(['', '0', '1', '0']);

    const sheet = await xlsxRows((await call(tokens.admin, 'GET', `${url}?format=xlsx`)).rawPayload);
    expect(sheet[0]).toEqual(VERSION_HEADER);
    expect(sheet).toHaveLength(3);
    expect(sheet[1]?.slice(0, 2)).toEqual([2, 'published']);
    expect(sheet[1]?.[5]).toBe(1);

    const foreign = await call(tokens.other, 'GET', `${url}?format=csv`, OTHER_HOST);
    expect(foreign.statusCode).toBe(404);
  });

  it('exports the file tree: every calculation with its folder path, state, versions and bindings', async () => {
    const { calculations } = calculationListResponseSchema.parse(
      (await call(tokens.admin, 'GET', '/api/calculations')).json(),
    );
    const csv = await call(tokens.admin, 'GET', '/api/exports/calculations?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(FILE_TREE_HEADER);
    expect(rows).toHaveLength(calculations.length + 1);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['draft-only', 'boiler-flat']);
    expect(rows[2]?.slice(0, 9)).toEqual([
      'Scope 1/Combustion',
      'boiler-flat',
      'published',
      '2',
      '2',
      'Tests passing',
      '',
      'Activity type: boiler-gas',
      'Flat rate per scf',
    ]);
    expect(csv.body).not.toContain('foreign-calc');

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/calculations?format=xlsx')).rawPayload,
    );
    expect(sheet).toHaveLength(calculations.length + 1);
    expect(sheet[2]?.slice(3, 5)).toEqual([2, 2]);
  });

  it('exports the templates, each with its method and parameters', async () => {
    const csv = await call(tokens.admin, 'GET', '/api/exports/calculation-templates?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows[0]?.slice(0, 4)).toEqual(['Template', 'Type', 'Summary', 'Method source']);
    expect(rows).toHaveLength(CALCULATION_TEMPLATES.length + 1);
    expect(rows[1]?.[0]).toBe(CALCULATION_TEMPLATES[0]!.title);
    expect(rows[1]?.[3]).toBe(CALCULATION_TEMPLATES[0]!.source);
    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/calculation-templates?format=xlsx')).rawPayload,
    );
    expect(sheet[1]?.[6]).toBe(CALCULATION_TEMPLATES[0]!.tests.length);
  });

  it('exports the bindings in force, of one calculation when asked', async () => {
    const csv = await call(tokens.admin, 'GET', '/api/exports/calculation-bindings?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csvRows(csv.body);
    expect(rows).toEqual([
      BINDING_HEADER,
      ['boiler-gas', 'Activity type', 'boiler-gas', 'boiler-flat', 'this realm'],
    ]);
    const ofDraft = csvRows(
      (
        await call(
          tokens.admin,
          'GET',
          `/api/exports/calculation-bindings?format=csv&calculationId=${ids.draft}`,
        )
      ).body,
    );
    expect(ofDraft).toEqual([BINDING_HEADER]);
    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/calculation-bindings?format=xlsx')).rawPayload,
    );
    expect(sheet).toHaveLength(2);
    const foreign = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/calculation-bindings?format=csv', OTHER_HOST)).body,
    );
    expect(foreign.slice(1).map((row) => row[3])).toEqual(['foreign-calc']);
  });

  it('refuses a user who may not read the realm’s facilities', async () => {
    for (const url of [
      `/api/exports/calculations/${ids.flat}/versions?format=csv`,
      '/api/exports/calculations?format=csv',
      '/api/exports/calculation-templates?format=csv',
      '/api/exports/calculation-bindings?format=csv',
    ]) {
      const refused = await call(tokens.member, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
    }
  });
});
