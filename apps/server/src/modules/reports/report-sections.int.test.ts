import {
  analysisResponseSchema,
  reportScheduleSchema,
  analysisViewSchema,
  inventoryResponseSchema,
  reportDetailSchema,
  type ReportDetail,
} from '@ecc/contracts';
import { DEMO_ADMIN, DEMO_USER, reportSchedules, reportVersions, seedPaidDemoRealm } from '@ecc/db';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#platform/mailer.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '#test-support/local-smtp-server.ts';
import { readPdf } from '#test-support/pdf-text.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { createReportScheduler } from './report-scheduler.ts';

const HOST = 'paid.localhost';
/** The demo's records run 2023–2025. */
const YEAR = 2025;

type Who = 'admin' | 'member' | 'other';
const OTHER = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };

const ANALYSIS_VIEW = {
  measures: ['co2e'],
  rows: ['facility'],
  columns: ['scope'],
  filters: { year: [YEAR] },
};

describe('report sections from the inventory and saved analyses', () => {
  let testApp: TestApp;
  let smtp: LocalSmtpServer;
  let realmId: string;
  const tokens: Record<Who, string> = { admin: '', member: '', other: '' };

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'ECC <ecc@paid.test>' } });
    const { db } = testApp.database;
    await seedPaidDemoRealm(db);
    const rows = await db.execute(sql`select id from realms where key = 'demopaid'`);
    realmId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id);
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, HOST);
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'paid' });
    await createTestUser(db, other, OTHER);
    tokens.other = await signIn(testApp.app, OTHER, 'other.test');
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: who === 'other' ? 'other.test' : HOST, ...withSession(tokens[who]) },
      ...(payload ? { payload } : {}),
    });

  async function saveView(who: Who, name: string, visibility: 'private' | 'shared') {
    const response = await call(who, 'POST', '/api/analysis/views', {
      name,
      visibility,
      definition: ANALYSIS_VIEW,
    });
    expect(response.statusCode, response.body).toBe(201);
    return analysisViewSchema.parse(response.json());
  }

  function sectionsWith(viewId: string) {
    return [
      { id: 'summary', kind: 'inventory', year: YEAR, table: 'summary' },
      { id: 'scope3', kind: 'inventory', year: YEAR, table: 'scope3-categories' },
      { id: 'esrs', kind: 'inventory', year: YEAR, table: 'esrs-e1-6' },
      { id: 'pivot', kind: 'analysis', title: 'Facilities by scope', viewId },
    ];
  }

  async function approvedReport(name: string, viewId: string): Promise<ReportDetail> {
    const created = await call('admin', 'POST', '/api/reports', { name, sections: sectionsWith(viewId) });
    expect(created.statusCode, created.body).toBe(201);
    const { report } = reportDetailSchema.parse(created.json());
    expect(
      (await call('admin', 'POST', `/api/reports/${report.id}/status`, { action: 'submit' })).statusCode,
    ).toBe(200);
    const approved = await call('admin', 'POST', `/api/reports/${report.id}/status`, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    return reportDetailSchema.parse(approved.json());
  }

  const sectionOf = (detail: ReportDetail, id: string) => {
    const section = detail.version.content.find((candidate) => candidate.id === id);
    expect(section, id).toBeDefined();
    return section!;
  };

  it('shows the inventory’s own numbers and the saved analysis’s table and chart', async () => {
    const view = await saveView('admin', 'Facilities by scope', 'shared');
    const created = await call('admin', 'POST', '/api/reports', {
      name: 'Disclosure',
      sections: sectionsWith(view.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = reportDetailSchema.parse(created.json());
    const inventory = inventoryResponseSchema.parse(
      (await call('member', 'GET', `/api/reports/inventory?year=${YEAR}`)).json(),
    );

    const summary = sectionOf(detail, 'summary').tables[0]!;
    const amountOf = (item: string) => summary.rows.find((row) => row.item === item)?.amount;
    expect(amountOf('Gross Scope 1')).toBe(inventory.scope1.co2e);
    expect(amountOf('Location-based')).toBe(inventory.scope2.location.co2e);
    expect(amountOf('Market-based')).toBe(inventory.scope2.market.co2e);
    expect(amountOf('Scope 1 + 2 (location-based) + 3')).toBe(inventory.totals.co2e);
    expect(inventory.scope1.co2e).toBeGreaterThan(0);

    const scope3 = sectionOf(detail, 'scope3').tables[0]!;
    expect(scope3.rows.filter((row) => typeof row.category === 'number')).toHaveLength(15);
    expect(scope3.rows.find((row) => row.name === 'Total Scope 3')?.co2e).toBe(inventory.scope3.co2e);

    const esrs = sectionOf(detail, 'esrs').tables[0]!;
    expect(esrs.columns.map((column) => column.header)).toContain(`N ${YEAR} (t CO2e)`);
    expect(esrs.rows.find((row) => row.line === 'Gross Scope 1 GHG emissions')?.year).toBeCloseTo(
      inventory.scope1.co2e / 1000,
      6,
    );

    const answer = analysisResponseSchema.parse(
      (await call('member', 'POST', '/api/analysis/query', ANALYSIS_VIEW)).json(),
    );
    const pivot = sectionOf(detail, 'pivot');
    expect(pivot.title).toBe('Facilities by scope');
    const table = pivot.tables[0]!;
    expect(table.rows.find((row) => row.level === 'Grand total')?.co2e).toBe(answer.totals.co2e);
    // The view has no subtotals: the table shows its cells and the grand total only.
    expect(table.rows.filter((row) => row.level === 'Cell')).toHaveLength(answer.rows.length);
    expect(table.rows.some((row) => row.level === 'Subtotal')).toBe(false);
    const [chart] = pivot.charts;
    expect(chart?.kind).toBe('bar');
    expect(chart?.series?.map((series) => series.name).sort()).toEqual(
      [...new Set(answer.rows.map((row) => `Scope ${row.keys.scope}`))].sort(),
    );
    // Each bar's total is the database's row subtotal: the bars add up to the grand total when none is left out.
    if (chart && chart.categories.length === new Set(answer.rows.map((row) => row.keys.facility)).size) {
      expect(chart.values.reduce((sum, value) => sum + value, 0)).toBeCloseTo(answer.totals.co2e ?? 0, 3);
    }
  });

  it('keeps the approved numbers of inventory and analysis sections when records change, and says so', async () => {
    const view = await saveView('admin', 'Frozen view', 'shared');
    const approved = await approvedReport('Frozen', view.id);
    expect(approved.version.hasChangedSinceApproval).toBe(false);
    const summaryAtApproval = sectionOf(approved, 'summary').tables;
    const pivotAtApproval = sectionOf(approved, 'pivot').tables;

    const found = (await testApp.database.db.execute(sql`
        select r.id from activity_records r join emission_results_all_sets e on e.activity_record_id = r.id
        where r.realm_id = ${realmId} and e.scope = 1 and r.period_start >= ${`${YEAR}-01-01`} limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const deleted = await call('admin', 'DELETE', `/api/activity-records/${found.rows[0]?.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = reportDetailSchema.parse(
      (await call('member', 'GET', `/api/reports/${approved.report.id}`)).json(),
    );
    expect(after.version.hasChangedSinceApproval).toBe(true);
    expect(sectionOf(after, 'summary').tables).toEqual(summaryAtApproval);
    expect(sectionOf(after, 'pivot').tables).toEqual(pivotAtApproval);
    const liveInventory = inventoryResponseSchema.parse(
      (await call('member', 'GET', `/api/reports/inventory?year=${YEAR}`)).json(),
    );
    const approvedScope1 = summaryAtApproval[0]?.rows.find((row) => row.item === 'Gross Scope 1')?.amount;
    expect(liveInventory.scope1.co2e).toBeLessThan(Number(approvedScope1));

    // The saved analysis deleted: the approved report still shows what was approved.
    expect((await call('admin', 'DELETE', `/api/analysis/views/${view.id}`)).statusCode).toBe(204);
    const withoutView = reportDetailSchema.parse(
      (await call('member', 'GET', `/api/reports/${approved.report.id}`)).json(),
    );
    expect(sectionOf(withoutView, 'pivot').tables).toEqual(pivotAtApproval);
  });

  it('exports the sections as PDF tables and chart, an XLSX sheet per table with numbers, and CSV', async () => {
    const view = await saveView('admin', 'Exported view', 'shared');
    const approved = await approvedReport('Exported sections', view.id);
    const id = approved.report.id;

    const pdf = readPdf((await call('member', 'GET', `/api/reports/${id}/export?format=pdf`)).rawPayload);
    expect(pdf.text).toContain(`GHG Protocol summary by scope ${YEAR}`);
    expect(pdf.text).toContain('Gross Scope 1');
    expect(pdf.text).toContain(`ESRS E1-6 gross Scopes 1, 2, 3 and total GHG emissions ${YEAR}`);
    expect(pdf.text).toContain('Facilities by scope');
    const scope1 = sectionOf(approved, 'summary').tables[0]?.rows.find((row) => row.item === 'Gross Scope 1');
    expect(pdf.text).toContain(
      new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(Number(scope1?.amount)),
    );

    const xlsx = await call('member', 'GET', `/api/reports/${id}/export?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toHaveLength(4);
    const summarySheet = workbook.worksheets[0]!;
    expect(summarySheet.getRow(1).values).toEqual([undefined, 'Section', 'Item', 'Unit', 'Amount']);
    expect(summarySheet.getRow(2).getCell(4).value).toBe(scope1?.amount);
    expect(typeof summarySheet.getRow(2).getCell(4).value).toBe('number');
    const pivotSheet = workbook.worksheets[3]!;
    expect(pivotSheet.getRow(1).values).toEqual([undefined, 'Level', 'Facility', 'Scope', 'CO2e (kg)']);
    expect(typeof pivotSheet.getRow(2).getCell(4).value).toBe('number');

    const csv = await call('member', 'GET', `/api/reports/${id}/export?format=csv&table=3`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Level,Facility,Scope,CO2e (kg)');
    expect(csv.body).toContain('Grand total');
  });

  it('refuses a section naming another user’s private analysis, naming the field, and stores nothing', async () => {
    const own = await saveView('member', 'Mine only', 'private');
    const response = await call('admin', 'POST', '/api/reports', {
      name: 'Peeking',
      sections: sectionsWith(own.id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'body/sections/3/viewId': 'No saved analysis you can see has this id',
    });
    const listed = (await call('admin', 'GET', '/api/reports')).json() as { reports: { name: string }[] };
    expect(listed.reports.map((report) => report.name)).not.toContain('Peeking');
  });

  it('appends a saved analysis to a report’s newest version (the analysis page’s "Add to report")', async () => {
    const view = await saveView('admin', 'Added from the analysis page', 'shared');
    const created = await call('admin', 'POST', '/api/reports', {
      name: 'Growing report',
      sections: [{ id: 'intro', kind: 'text', title: 'Introduction', markdown: 'Our year.' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { report } = reportDetailSchema.parse(created.json());
    const appendUrl = `/api/reports/${report.id}/sections`;
    const section = { id: 'added-pivot', kind: 'analysis', title: '', viewId: view.id };

    const appended = await call('admin', 'POST', appendUrl, { section });
    expect(appended.statusCode, appended.body).toBe(200);
    const detail = reportDetailSchema.parse(appended.json());
    expect(detail.report).toMatchObject({ latestVersion: 2, status: 'draft', name: 'Growing report' });
    expect(detail.version.sections.map((each) => each.id)).toEqual(['intro', 'added-pivot']);
    const pivot = sectionOf(detail, 'added-pivot');
    expect(pivot.title).toBe('Added from the analysis page');
    expect(pivot.tables[0]?.rows.some((row) => row.level === 'Grand total')).toBe(true);

    const versionCount = async () =>
      (await testApp.database.db.select().from(reportVersions).where(eq(reportVersions.reportId, report.id)))
        .length;
    // Refusals write nothing: a section id already there, another user's private view, another realm, a member.
    const taken = await call('admin', 'POST', appendUrl, { section });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({
      'body/section/id': 'The report already has a section with this id',
    });
    const hidden = await saveView('member', 'Private to the member', 'private');
    const peeking = await call('admin', 'POST', appendUrl, {
      section: { ...section, id: 'x', viewId: hidden.id },
    });
    expect(peeking.statusCode).toBe(400);
    expect(peeking.json().fieldErrors).toEqual({
      'body/section/viewId': 'No saved analysis you can see has this id',
    });
    const unknownKind = await call('admin', 'POST', appendUrl, { section: { id: 'y', kind: 'chart' } });
    expect(unknownKind.statusCode).toBe(400);
    expect(Object.keys(unknownKind.json().fieldErrors)).toEqual(['body/section/kind']);
    expect((await call('other', 'POST', appendUrl, { section: { ...section, id: 'z' } })).statusCode).toBe(
      404,
    );
    expect((await call('member', 'POST', appendUrl, { section: { ...section, id: 'm' } })).statusCode).toBe(
      403,
    );
    expect(await versionCount()).toBe(2);

    // In review the report is not changed: 409, as a save would be.
    expect(
      (await call('admin', 'POST', `/api/reports/${report.id}/status`, { action: 'submit' })).statusCode,
    ).toBe(200);
    const inReview = await call('admin', 'POST', appendUrl, { section: { ...section, id: 'late' } });
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().message).toBe('The report is in review: return it to draft before changing it');
    expect(await versionCount()).toBe(2);
  });

  it('says in its place that a year has no results', async () => {
    const created = await call('admin', 'POST', '/api/reports', {
      name: 'Empty year',
      sections: [{ id: 'old', kind: 'inventory', year: 1999, table: 'summary' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const section = sectionOf(reportDetailSchema.parse(created.json()), 'old');
    expect(section.markdown).toBe('The reporting year 1999 has no emission results.');
    expect(section.tables).toEqual([]);
  });

  describe('schedules of a saved analysis', () => {
    const schedulesUrl = (viewId: string) => `/api/analysis/views/${viewId}/schedules`;

    it('refuses a PDF and a cron that is not valid, naming the field, and another user’s private view as missing', async () => {
      const view = await saveView('admin', 'Scheduled refusals', 'shared');
      const pdf = await call('admin', 'POST', schedulesUrl(view.id), {
        cron: '0 8 * * 1',
        format: 'pdf',
        recipients: ['cfo@example.com'],
      });
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().fieldErrors).toEqual({ 'body/format': 'A saved analysis is sent as XLSX or CSV' });
      const badCron = await call('admin', 'POST', schedulesUrl(view.id), {
        cron: '0 25 * * *',
        format: 'xlsx',
        recipients: ['cfo@example.com'],
      });
      expect(badCron.statusCode).toBe(400);
      expect(badCron.json().fieldErrors['body/cron']).toMatch(/Hours/);
      const hidden = await saveView('member', 'Hidden from the admin', 'private');
      const missing = await call('admin', 'POST', schedulesUrl(hidden.id), {
        cron: '0 8 * * 1',
        format: 'xlsx',
        recipients: ['cfo@example.com'],
      });
      expect(missing.statusCode).toBe(404);
      const stored = await testApp.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.analysisViewId, hidden.id));
      expect(stored).toEqual([]);
      expect((await call('member', 'GET', schedulesUrl(view.id))).statusCode).toBe(200);
    });

    it('edits a schedule (PUT): new cron, recipients and CSV format; refuses a bad cron naming it, changing nothing', async () => {
      const view = await saveView('admin', 'Edited schedule', 'shared');
      const created = await call('admin', 'POST', schedulesUrl(view.id), {
        cron: '0 8 * * 1',
        format: 'xlsx',
        recipients: ['cfo@example.com'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = reportScheduleSchema.parse(created.json());
      const scheduleUrl = `${schedulesUrl(view.id)}/${schedule.id}`;

      const edited = await call('admin', 'PUT', scheduleUrl, {
        cron: '30 6 1 * *',
        format: 'csv',
        recipients: ['cfo@example.com', 'board@example.com'],
        isEnabled: true,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = reportScheduleSchema.parse(edited.json());
      expect(after).toMatchObject({
        id: schedule.id,
        cron: '30 6 1 * *',
        format: 'csv',
        recipients: ['cfo@example.com', 'board@example.com'],
        analysisViewId: view.id,
      });
      expect(new Date(after.nextRunAt ?? '').getUTCDate()).toBe(1);

      const badCron = await call('admin', 'PUT', scheduleUrl, {
        cron: '61 * * * *',
        format: 'xlsx',
        recipients: ['cfo@example.com'],
      });
      expect(badCron.statusCode).toBe(400);
      expect(Object.keys(badCron.json().fieldErrors)).toEqual(['body/cron']);
      const pdf = await call('admin', 'PUT', scheduleUrl, {
        cron: '0 8 * * 1',
        format: 'pdf',
        recipients: ['cfo@example.com'],
      });
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().fieldErrors).toEqual({ 'body/format': 'A saved analysis is sent as XLSX or CSV' });
      const [stored] = await testApp.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.id, schedule.id));
      expect(stored).toMatchObject({ cron: '30 6 1 * *', format: 'csv' });

      // Another realm sees neither the view's schedules nor this one: missing, and nothing changes.
      expect((await call('other', 'GET', schedulesUrl(view.id))).statusCode).toBe(404);
      expect(
        (
          await call('other', 'PUT', scheduleUrl, {
            cron: '0 9 * * *',
            format: 'xlsx',
            recipients: ['olga@other.test'],
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('other', 'DELETE', scheduleUrl)).statusCode).toBe(404);
      expect(
        (
          await call('other', 'POST', schedulesUrl(view.id), {
            cron: '0 9 * * *',
            format: 'csv',
            recipients: ['olga@other.test'],
          })
        ).statusCode,
      ).toBe(404);
      const [unchanged] = await testApp.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.id, schedule.id));
      expect(unchanged).toMatchObject({
        cron: '30 6 1 * *',
        recipients: ['cfo@example.com', 'board@example.com'],
      });
      expect(
        (
          await testApp.database.db
            .select()
            .from(reportSchedules)
            .where(eq(reportSchedules.analysisViewId, view.id))
        ).length,
      ).toBe(1);
      expect((await call('admin', 'DELETE', scheduleUrl)).statusCode).toBe(204);
    });

    it('mails the analysis as a CSV file when the schedule says CSV', async () => {
      const view = await saveView('admin', 'Monthly CSV', 'shared');
      const created = await call('admin', 'POST', schedulesUrl(view.id), {
        cron: '0 7 * * *',
        format: 'csv',
        recipients: ['data@example.com'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = reportScheduleSchema.parse(created.json());
      const scheduler = createReportScheduler({
        db: testApp.database.db,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'ecc@paid.test', log: { info() {}, warn() {} } }),
        webDistDir: testApp.config.webDistDir,
        log: { info() {}, error() {} },
      });
      const before = smtp.received.length;
      await scheduler.runDue(new Date(new Date(schedule.nextRunAt ?? '').getTime() + 1000));
      await scheduler.stop();
      const mails = smtp.received.slice(before).filter((mail) => mail.data.includes('Monthly CSV'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.data).toMatch(/filename="?Monthly-CSV-\d{4}-\d{2}-\d{2}\.csv/);
      expect(mails[0]?.data).toMatch(/Content-Type: text\/csv/);
      const answer = analysisResponseSchema.parse(
        (await call('admin', 'POST', '/api/analysis/query', ANALYSIS_VIEW)).json(),
      );
      // The attachment is the pivot's CSV: its grand total is the analysis's, as computed at the run. The MIME
      // part is read by hand: headers, a blank line, the base64 body up to the next boundary.
      const part = mails[0]!.data.split(/\r?\n--/).find((each) => /Content-Type: text\/csv/.test(each))!;
      const [, body = ''] = part.split(/\r?\n\r?\n/);
      const attachment = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      const grand = attachment.split(/\r?\n/).find((line) => line.startsWith('Grand total'));
      expect(Number(grand?.split(',').at(-1))).toBeCloseTo(answer.totals.co2e!, 6);
    });

    it('mails the analysis computed at the run as a workbook, records the run, and goes with its view', async () => {
      const view = await saveView('admin', 'Weekly facilities', 'shared');
      const created = await call('admin', 'POST', schedulesUrl(view.id), {
        cron: '0 8 * * 1',
        format: 'xlsx',
        recipients: ['analyst@example.com'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const schedule = reportScheduleSchema.parse(created.json());
      expect(schedule).toMatchObject({ analysisViewId: view.id, reportId: null, format: 'xlsx' });

      const scheduler = createReportScheduler({
        db: testApp.database.db,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'ecc@paid.test', log: { info() {}, warn() {} } }),
        webDistDir: testApp.config.webDistDir,
        log: { info() {}, error() {} },
      });
      const before = smtp.received.length;
      await scheduler.runDue(new Date(new Date(schedule.nextRunAt ?? '').getTime() + 1000));
      await scheduler.stop();
      const mails = smtp.received.slice(before).filter((mail) => mail.data.includes('Weekly facilities'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual(['analyst@example.com']);
      expect(mails[0]?.data).toMatch(/filename="?Weekly-facilities-\d{4}-\d{2}-\d{2}\.xlsx/);

      const listed = await call('member', 'GET', schedulesUrl(view.id));
      const [withRun] = listed.json().schedules as { runs: { status: string; error: string | null }[] }[];
      expect(withRun?.runs).toEqual([expect.objectContaining({ status: 'sent', error: null })]);

      expect((await call('admin', 'DELETE', `/api/analysis/views/${view.id}`)).statusCode).toBe(204);
      const left = await testApp.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.analysisViewId, view.id));
      expect(left).toEqual([]);
    });
  });
});
