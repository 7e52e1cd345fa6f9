import {
  auditLogResponseSchema,
  calculationDatasetDetailSchema,
  calculationListResponseSchema,
  calculationSaveResponseSchema,
  realmRoleListResponseSchema,
} from '@ecc/contracts';
import { auditLog, type Database } from '@ecc/db';
import { CALCULATION_TEMPLATES } from '@ecc/domain';
import type { Realm } from '@ecc/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * What the constants, file tree and templates pages ask of the server (issue 13 items 6–8): datasets read page by
 * page and by version, deleted; calculations created from a template with its tests; every calculation change
 * in the audit log, written with the change; readers read and are refused every change (403).
 */

const HOST = 'pages.calc-pages.test';
const ADMIN = { email: 'admin@pages.calc-pages.test', password: 'pages-admin-1', role: 'admin' as const };
const READER = { email: 'reader@pages.calc-pages.test', password: 'pages-reader-1' };

describe('calculation pages: datasets, templates and the audit log', () => {
  let testApp: TestApp;
  let db: Database;
  let realm: Realm;
  let adminToken: string;
  let readerToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    realm = await createTestRealm(db, { key: 'cpages', domains: [HOST] });
    await createTestUser(db, realm, ADMIN);
    await createTestUser(db, realm, READER);
    adminToken = await signIn(testApp.app, ADMIN, HOST);
    readerToken = await signIn(testApp.app, READER, HOST);
  });
  afterAll(() => testApp.close());

  const call = (options: InjectOptions, token = adminToken) =>
    testApp.app.inject({ ...options, headers: { ...withSession(token), host: HOST, ...options.headers } });

  async function auditEntries(entityType: string) {
    const response = await call({ method: 'GET', url: `/api/audit-log?entityType=${entityType}&limit=500` });
    expect(response.statusCode, response.body).toBe(200);
    return auditLogResponseSchema.parse(response.json()).results;
  }

  function csvOf(rows: number): string {
    const lines = ['region,kg_per_kwh'];
    for (let index = 1; index <= rows; index += 1) lines.push(`region-${index},${index / 1000}`);
    return `${lines.join('\n')}\n`;
  }

  it('reads a dataset page by page and version by version, with every row reachable', async () => {
    const first = await call({
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: {
        name: 'grid',
        asOf: '2023-01-01',
        format: 'csv',
        fileName: 'grid-2023.csv',
        content: csvOf(250),
      },
    });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().id as string;
    const second = await call({
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: { name: 'grid', asOf: '2024-01-01', format: 'csv', content: csvOf(3) },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().versions.map((version: { number: number }) => version.number)).toEqual([2, 1]);

    const newest = calculationDatasetDetailSchema.parse(
      (await call({ method: 'GET', url: `/api/calculation-datasets/${id}` })).json(),
    );
    expect(newest).toMatchObject({ versionNumber: 2, totalRows: 3, offset: 0 });
    expect(newest.rows).toHaveLength(3);

    const pages: unknown[] = [];
    for (let offset = 0; offset < 250; offset += 100) {
      const page = await call({
        method: 'GET',
        url: `/api/calculation-datasets/${id}?version=1&offset=${offset}&limit=100`,
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ versionNumber: 1, totalRows: 250, offset });
      pages.push(...page.json().rows);
    }
    expect(pages).toHaveLength(250);
    expect(pages[0]).toEqual({ region: 'region-1', kg_per_kwh: 0.001 });
    expect(pages[249]).toEqual({ region: 'region-250', kg_per_kwh: 0.25 });

    const missing = await call({ method: 'GET', url: `/api/calculation-datasets/${id}?version=9` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fieldErrors).toEqual({ 'query/version': 'The dataset has no version 9' });
    const tooMany = await call({ method: 'GET', url: `/api/calculation-datasets/${id}?limit=100000` });
    expect(tooMany.statusCode).toBe(400);
  });

  it('lets a reader read datasets but refuses (403) their import and delete, and shows no change', async () => {
    const list = await call({ method: 'GET', url: '/api/calculation-datasets' }, readerToken);
    expect(list.statusCode).toBe(200);
    const grid = list.json().datasets.find((dataset: { name: string }) => dataset.name === 'grid');
    const imported = await call(
      {
        method: 'POST',
        url: '/api/calculation-datasets/import',
        payload: { name: 'grid', asOf: '2025-01-01', format: 'csv', content: csvOf(1) },
      },
      readerToken,
    );
    expect(imported.statusCode).toBe(403);
    const deleted = await call(
      { method: 'DELETE', url: `/api/calculation-datasets/${grid.id}` },
      readerToken,
    );
    expect(deleted.statusCode).toBe(403);
    const created = await call(
      { method: 'POST', url: '/api/calculations', payload: { name: 'not-allowed' } },
      readerToken,
    );
    expect(created.statusCode).toBe(403);
    const after = await call({ method: 'GET', url: '/api/calculation-datasets' });
    expect(
      after.json().datasets.find((dataset: { name: string }) => dataset.name === 'grid').versions,
    ).toHaveLength(2);
  });

  it('deletes a dataset with its versions and logs it; a second delete is 404', async () => {
    const imported = await call({
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: { name: 'short-lived', asOf: '2024-01-01', format: 'csv', content: 'key,value\na,1\n' },
    });
    const id = imported.json().id as string;
    const deleted = await call({ method: 'DELETE', url: `/api/calculation-datasets/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call({ method: 'GET', url: `/api/calculation-datasets/${id}` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/calculation-datasets/${id}` })).statusCode).toBe(404);
    const entries = (await auditEntries('calculation-dataset')).filter((entry) => entry.entityId === id);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    expect(entries.every((entry) => entry.actorEmail === ADMIN.email)).toBe(true);
  });

  it.each(CALCULATION_TEMPLATES.map((template) => [template.title, template] as const))(
    'creates "%s" from its template as a draft whose tests pass on the server',
    async (_title, template) => {
      const response = await call({
        method: 'POST',
        url: '/api/calculations',
        payload: {
          name: template.suggestedName,
          description: template.summary,
          formula: template.formula,
          parameters: template.parameters,
          tests: template.tests,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const saved = calculationSaveResponseSchema.parse(response.json());
      expect(saved.version).toMatchObject({ number: 1, state: 'draft' });
      expect(saved.errors).toEqual([]);
      expect(saved.testRuns).toHaveLength(template.tests.length);
      expect(saved.testRuns.filter((run) => !run.isPassed)).toEqual([]);
    },
  );

  it('refuses tests of one name twice at the repeated test, and creates nothing', async () => {
    const test = { name: 'same', inputs: {}, expectedValue: 1 };
    const response = await call({
      method: 'POST',
      url: '/api/calculations',
      payload: { name: 'twice-tested', formula: '1', tests: [test, test] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({
      'body/tests/1/name': 'The calculation already has a test of this name',
    });
    const list = calculationListResponseSchema.parse(
      (await call({ method: 'GET', url: '/api/calculations' })).json(),
    );
    expect(list.calculations.map((calculation) => calculation.name)).not.toContain('twice-tested');
  });

  it('writes an audit entry for each calculation change, with the change, and none for a refused one', async () => {
    const folder = await call({
      method: 'POST',
      url: '/api/calculation-folders',
      payload: { name: 'Scope 1' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    const created = await call({
      method: 'POST',
      url: '/api/calculations',
      payload: { name: 'audited', formula: ':quantity * 2', parameters: [{ name: 'quantity', unit: 'kWh' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().version.calculationId as string;
    const moved = await call({
      method: 'PATCH',
      url: `/api/calculations/${id}`,
      payload: { name: 'audited-renamed', folderId: folder.json().id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const test = await call({
      method: 'POST',
      url: `/api/calculations/${id}/tests`,
      payload: { name: 'doubles', inputs: { quantity: 2 }, expectedValue: 4 },
    });
    expect(test.statusCode, test.body).toBe(201);
    const saved = await call({
      method: 'POST',
      url: `/api/calculations/${id}/versions`,
      payload: { formula: ':quantity * 2 // doubled', parameters: [{ name: 'quantity', unit: 'kWh' }] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const published = await call({ method: 'POST', url: `/api/calculations/${id}/versions/2/publish` });
    expect(published.statusCode, published.body).toBe(200);
    const bound = await call({
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'activity-type', targetKey: 'grid-power', calculationId: id },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const unbound = await call({
      method: 'DELETE',
      url: '/api/calculation-bindings/activity-type/grid-power',
    });
    expect(unbound.statusCode).toBe(204);

    // A refused rename (the name is taken) leaves no entry: the entry is written in the change's transaction.
    const before = (await auditEntries('calculation')).length;
    const taken = await call({
      method: 'PATCH',
      url: `/api/calculations/${id}`,
      payload: { name: 'fuel-natural-gas' },
    });
    expect(taken.statusCode).toBe(409);
    expect(await auditEntries('calculation')).toHaveLength(before);

    const calculationEntries = (await auditEntries('calculation')).filter((entry) => entry.entityId === id);
    expect(calculationEntries.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
    const update = calculationEntries.find((entry) => entry.action === 'update');
    expect(update?.before).toMatchObject({ name: 'audited', folderId: null });
    expect(update?.after).toMatchObject({ name: 'audited-renamed', folderId: folder.json().id });
    expect(update?.actorEmail).toBe(ADMIN.email);

    const versions = (await auditEntries('calculation-version')).filter(
      (entry) => (entry.after as { calculationId?: string } | null)?.calculationId === id,
    );
    expect(versions.map((entry) => [entry.action, (entry.after as { state: string }).state])).toEqual(
      expect.arrayContaining([
        ['create', 'draft'],
        ['create', 'draft'],
        ['update', 'published'],
      ]),
    );
    expect(
      (await auditEntries('calculation-test')).some(
        (entry) => entry.action === 'create' && (entry.after as { name: string }).name === 'doubles',
      ),
    ).toBe(true);
    expect(
      (await auditEntries('calculation-binding'))
        .filter((entry) => entry.entityId === 'activity-type/grid-power')
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['create', 'delete']);
    expect((await auditEntries('calculation-folder')).map((entry) => entry.entityId)).toContain(
      folder.json().id,
    );

    const stored = await db
      .select({ entityType: auditLog.entityType })
      .from(auditLog)
      .where(and(eq(auditLog.realmId, realm.id), eq(auditLog.entityId, id)));
    expect(stored.length).toBeGreaterThanOrEqual(2);
  });

  it('exports every row of a version as CSV and XLSX, only to readers of the realm', async () => {
    // More rows than one page of the export, so the file shows that none is left out.
    const imported = await call({
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: { name: 'export-grid', asOf: '2023-01-01', format: 'csv', content: csvOf(1200) },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = imported.json().id as string;
    const newer = await call({
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: { name: 'export-grid', asOf: '2024-01-01', format: 'csv', content: csvOf(2) },
    });
    expect(newer.statusCode, newer.body).toBe(201);

    const csv = await call({
      method: 'GET',
      url: `/api/exports/calculation-datasets/${id}?version=1&format=csv`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/export-grid-v1-\d{4}-\d{2}-\d{2}\.csv/);
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual(['region', 'kg_per_kwh']);
    expect(parsed.data).toHaveLength(1200);
    expect(parsed.data[1199]).toEqual({ region: 'region-1200', kg_per_kwh: '1.2' });

    const xlsx = await call({ method: 'GET', url: `/api/exports/calculation-datasets/${id}?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['region', 'kg_per_kwh']);
    // Without a version, the one in force now: the newest by as-of date.
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['region-2', 0.002]);

    const missing = await call({
      method: 'GET',
      url: `/api/exports/calculation-datasets/${id}?version=9&format=csv`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fieldErrors).toEqual({ 'query/version': 'The dataset has no version 9' });

    const elsewhereHost = 'elsewhere.calc-pages.test';
    const elsewhere = await createTestRealm(db, { key: 'cpagesb', domains: [elsewhereHost] });
    const elsewhereAdmin = {
      email: `admin@${elsewhereHost}`,
      password: 'elsewhere-admin-1',
      role: 'admin' as const,
    };
    const elsewhereMember = { email: `member@${elsewhereHost}`, password: 'elsewhere-member-1' };
    await createTestUser(db, elsewhere, elsewhereAdmin);
    await createTestUser(db, elsewhere, elsewhereMember);
    const elsewhereToken = await signIn(testApp.app, elsewhereAdmin, elsewhereHost);
    const callElsewhere = (options: InjectOptions, token = elsewhereToken) =>
      testApp.app.inject({ ...options, headers: { ...withSession(token), host: elsewhereHost } });
    const url = `/api/exports/calculation-datasets/${id}?format=csv`;
    expect((await callElsewhere({ method: 'GET', url })).statusCode).toBe(404);

    // A member whose role no longer reads facilities (and so no calculations) is refused the file.
    const roles = realmRoleListResponseSchema.parse(
      (await callElsewhere({ method: 'GET', url: '/api/realm-admin/roles' })).json(),
    ).results;
    const readFacility = roles
      .find((role) => role.key === 'member')
      ?.grants.find((grant) => grant.data.subject === 'Facility' && grant.data.action === 'read');
    expect(readFacility).toBeDefined();
    const revoked = await callElsewhere({
      method: 'DELETE',
      url: `/api/realm-admin/grants/${readFacility?.id}`,
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    const memberToken = await signIn(testApp.app, elsewhereMember, elsewhereHost);
    expect((await callElsewhere({ method: 'GET', url }, memberToken)).statusCode).toBe(403);
  });
});
