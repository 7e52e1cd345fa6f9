import { createServer, type AddressInfo } from 'node:net';
import {
  reportDetailSchema,
  reportListResponseSchema,
  reportScheduleSchema,
  type ReportDetail,
} from '@ecc/contracts';
import {
  auditLog,
  createInvitationRepository,
  DEMO_ADMIN,
  DEMO_REPORT_NAME,
  DEMO_SCHEDULE_CRON,
  DEMO_USER,
  permissions,
  reportScheduleRuns,
  reportSchedules,
  reportVersions,
  seedPaidDemoRealm,
  users,
} from '@ecc/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '#platform/mailer.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '#test-support/local-smtp-server.ts';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { readPdf } from '#test-support/pdf-text.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { createReportScheduler } from './report-scheduler.ts';

const HOST = 'paid.localhost';
const OTHER = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };
const AUTHOR = { email: 'author@paid.test', password: 'author-password-1' };
/** The demo's records run 2023–2025. */
const YEAR = 2025;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Who = 'admin' | 'member' | 'author' | 'other';

const SECTIONS = [
  {
    id: 'intro',
    kind: 'text',
    title: 'Introduction',
    markdown:
      '# Our year\n\nEmissions fell, **mostly** in Scope 1.\n\n- one\n- two\n\n<script>alert(1)</script>',
  },
  {
    id: 'kpis',
    kind: 'kpi',
    title: 'Headline figures',
    year: YEAR,
    metrics: ['scope1', 'scope2Location', 'total'],
  },
];

describe('reports', () => {
  let testApp: TestApp;
  let smtp: LocalSmtpServer;
  let realmId: string;
  const tokens: Record<Who, string> = { admin: '', member: '', author: '', other: '' };

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'ECC <ecc@paid.test>' } });
    const { db } = testApp.database;
    await seedPaidDemoRealm(db);
    const rows = await db.execute(sql`select id from realms where key = 'demopaid'`);
    realmId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id);
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'paid' });
    await createTestUser(db, other, OTHER);
    const author = await createTestUser(db, { id: realmId } as never, AUTHOR);
    // An author: a member who may also write reports (not approve them).
    for (const action of ['create', 'update'])
      await db.insert(permissions).values({
        realmId,
        principalType: 'user',
        principalId: author.id,
        type: 'REGEX_GRANT',
        data: { realm: '\\own', subject: 'Report', id: '.*', action },
        rightId: 'reports',
      });
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, HOST);
    tokens.author = await signIn(testApp.app, AUTHOR, HOST);
    tokens.other = await signIn(testApp.app, OTHER, 'other.test');
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const call = (who: Who, method: Method, url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: who === 'other' ? 'other.test' : HOST, ...withSession(tokens[who]) },
      ...(payload ? { payload } : {}),
    });

  async function createReport(name = 'Annual GHG report'): Promise<ReportDetail> {
    const response = await call('author', 'POST', '/api/reports', { name, sections: SECTIONS });
    expect(response.statusCode, response.body).toBe(201);
    return reportDetailSchema.parse(response.json());
  }

  async function approve(id: string): Promise<ReportDetail> {
    expect((await call('author', 'POST', `/api/reports/${id}/status`, { action: 'submit' })).statusCode).toBe(
      200,
    );
    const response = await call('admin', 'POST', `/api/reports/${id}/status`, { action: 'approve' });
    expect(response.statusCode, response.body).toBe(200);
    return reportDetailSchema.parse(response.json());
  }

  it('finds the paid demo’s approved report with its weekly schedule (issue 11 item 7)', async () => {
    const list = reportListResponseSchema.parse((await call('member', 'GET', '/api/reports')).json());
    const demo = list.reports.find((report) => report.name === DEMO_REPORT_NAME);
    expect(demo).toMatchObject({ status: 'approved', approvedVersion: 1 });
    const detail = reportDetailSchema.parse((await call('member', 'GET', `/api/reports/${demo!.id}`)).json());
    expect(detail.version.approvedBy).toBe(DEMO_ADMIN.email);
    expect(detail.version.content.length).toBeGreaterThan(0);
    expect(detail.version.hasChangedSinceApproval).toBe(false);
    const schedules = await call('admin', 'GET', `/api/reports/${demo!.id}/schedules`);
    expect(schedules.statusCode, schedules.body).toBe(200);
    expect(
      (schedules.json() as { schedules: { cron: string }[] }).schedules.map((schedule) => schedule.cron),
    ).toEqual([DEMO_SCHEDULE_CRON]);
  });

  it('keeps every save as a new version and shows live KPI numbers from the monthly totals', async () => {
    const created = await createReport();
    expect(created.report).toMatchObject({ status: 'draft', latestVersion: 1, approvedVersion: null });
    const kpi = created.version.content.find((section) => section.id === 'kpis');
    const overview = (await call('admin', 'GET', `/api/overview?year=${YEAR}`)).json() as {
      calculated: { totals: { scope1: number; scope2Location: number; co2eKg: number } };
    };
    expect(kpi?.tiles?.map((tile) => tile.value)).toEqual([
      overview.calculated.totals.scope1,
      overview.calculated.totals.scope2Location,
      overview.calculated.totals.co2eKg,
    ]);
    expect(overview.calculated.totals.scope1).toBeGreaterThan(0);

    const saved = await call('author', 'PUT', `/api/reports/${created.report.id}`, {
      name: 'Annual GHG report 2025',
      sections: [...SECTIONS].reverse(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = reportDetailSchema.parse(saved.json());
    expect(detail.report).toMatchObject({ name: 'Annual GHG report 2025', latestVersion: 2 });
    expect(detail.versions.map((version) => version.number)).toEqual([2, 1]);
    expect(detail.version.sections.map((section) => section.id)).toEqual(['kpis', 'intro']);
    const first = reportDetailSchema.parse(
      (await call('member', 'GET', `/api/reports/${created.report.id}/versions/1`)).json(),
    );
    expect(first.version.sections.map((section) => section.id)).toEqual(['intro', 'kpis']);
    const list = reportListResponseSchema.parse((await call('member', 'GET', '/api/reports')).json());
    expect(list.reports.map((report) => report.id)).toContain(created.report.id);
  });

  it('lets an author submit, only an administrator approve or return, and logs each move', async () => {
    const { report } = await createReport('Permissions');
    const status = (who: Who, action: string) =>
      call(who, 'POST', `/api/reports/${report.id}/status`, { action });
    expect((await status('member', 'submit')).statusCode).toBe(403);
    expect((await status('author', 'approve')).statusCode).toBe(403);
    expect((await status('admin', 'approve')).statusCode).toBe(409);
    expect((await status('author', 'submit')).statusCode).toBe(200);
    const inReview = await call('author', 'PUT', `/api/reports/${report.id}`, { name: 'x', sections: [] });
    expect(inReview.statusCode).toBe(409);
    expect((await status('author', 'return')).statusCode).toBe(403);
    expect((await status('admin', 'return')).statusCode).toBe(200);
    expect((await status('author', 'submit')).statusCode).toBe(200);
    const approved = reportDetailSchema.parse((await status('admin', 'approve')).json());
    expect(approved.report).toMatchObject({ status: 'approved', approvedVersion: 1 });
    expect(approved.version.approvedBy).toBe(DEMO_ADMIN.email);
    const entries = await testApp.database.db
      .select({ after: auditLog.after, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.realmId, realmId),
          eq(auditLog.entityType, 'report'),
          eq(auditLog.entityId, report.id),
        ),
      )
      .orderBy(asc(auditLog.sequence));
    expect(entries.map((entry) => (entry.after as { status: string }).status)).toEqual([
      'draft',
      'in-review',
      'draft',
      'in-review',
      'approved',
    ]);
    expect(entries.at(-1)?.actorEmail).toBe(DEMO_ADMIN.email);
  });

  it('keeps an approved version’s numbers when records change, says so, and refuses to change the version', async () => {
    const { report } = await createReport('Snapshot');
    const approved = await approve(report.id);
    expect(approved.version.hasChangedSinceApproval).toBe(false);
    const tilesAtApproval = approved.version.content.find((section) => section.id === 'kpis')?.tiles;

    // A record of the year deleted: the live Scope 1 falls.
    const found = (await testApp.database.db.execute(sql`
        select r.id from activity_records r join emission_results_all_sets e on e.activity_record_id = r.id
        where r.realm_id = ${realmId} and e.scope = 1 and r.period_start >= ${`${YEAR}-01-01`} limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const [record] = found.rows;
    expect(record).toBeDefined();
    const deleted = await call('admin', 'DELETE', `/api/activity-records/${record?.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = reportDetailSchema.parse((await call('member', 'GET', `/api/reports/${report.id}`)).json());
    expect(after.version.hasChangedSinceApproval).toBe(true);
    expect(after.version.content.find((section) => section.id === 'kpis')?.tiles).toEqual(tilesAtApproval);

    const update = testApp.database.db
      .update(reportVersions)
      .set({ sections: [] })
      .where(and(eq(reportVersions.reportId, report.id), eq(reportVersions.number, 1)));
    await expect(update).rejects.toThrow();

    // Editing an approved report makes a new draft; the approved version stays the exported one.
    const edited = await call('author', 'PUT', `/api/reports/${report.id}`, {
      name: 'Snapshot',
      sections: SECTIONS,
    });
    expect(reportDetailSchema.parse(edited.json()).report).toMatchObject({
      status: 'draft',
      latestVersion: 2,
      approvedVersion: 1,
    });
  });

  it('exports a PDF with the sections’ text and a page per part, and an XLSX whose numbers are numbers', async () => {
    const { report } = await createReport('Exported report');
    const approved = await approve(report.id);
    const pdfResponse = await call('member', 'GET', `/api/reports/${report.id}/export?format=pdf`);
    expect(pdfResponse.statusCode).toBe(200);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    expect(pdfResponse.headers['content-disposition']).toMatch(
      /filename="Exported-report-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    const pdf = readPdf(pdfResponse.rawPayload);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('Introduction');
    expect(pdf.text).toContain('Emissions fell,');
    expect(pdf.text).toContain('Headline figures');
    // Raw HTML is text, never markup.
    expect(pdf.text).toContain('<script>alert(1)</script>');

    const xlsxResponse = await call('member', 'GET', `/api/reports/${report.id}/export?format=xlsx`);
    expect(xlsxResponse.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Headline figures');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Figure', 'CO2e (kg)']);
    const tiles = approved.version.content.find((section) => section.id === 'kpis')?.tiles ?? [];
    expect(sheet?.getRow(2).getCell(2).value).toBe(tiles[0]?.value);
    expect(typeof sheet?.getRow(2).getCell(2).value).toBe('number');

    const csvResponse = await call('member', 'GET', `/api/reports/${report.id}/export?format=csv`);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvResponse.body).toContain('Figure,CO2e (kg)');
    expect(
      (await call('member', 'GET', `/api/reports/${report.id}/export?format=csv&table=5`)).statusCode,
    ).toBe(404);
  });

  it('refuses another realm’s reports as missing, and lists none of them', async () => {
    const { report } = await createReport('Private');
    expect((await call('other', 'GET', `/api/reports/${report.id}`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/reports/${report.id}/export?format=pdf`)).statusCode).toBe(404);
    expect(
      (await call('other', 'PUT', `/api/reports/${report.id}`, { name: 'x', sections: [] })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('other', 'POST', `/api/reports/${report.id}/schedules`, {
          cron: '0 8 * * 1',
          format: 'pdf',
          recipients: ['x@other.test'],
        })
      ).statusCode,
    ).toBe(404);
    const list = reportListResponseSchema.parse((await call('other', 'GET', '/api/reports')).json());
    expect(list.reports).toEqual([]);
  });

  it('refuses a cron expression that is not valid, naming the field, and stores nothing', async () => {
    const { report } = await createReport('Bad cron');
    const response = await call('admin', 'POST', `/api/reports/${report.id}/schedules`, {
      cron: '0 25 * * *',
      format: 'pdf',
      recipients: ['cfo@example.com'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors['body/cron']).toMatch(/Hours/);
    const stored = await testApp.database.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.reportId, report.id));
    expect(stored).toEqual([]);
  });

  describe('schedules', () => {
    async function scheduledReport(name: string, cron = '0 8 * * *') {
      const { report } = await createReport(name);
      await approve(report.id);
      const response = await call('admin', 'POST', `/api/reports/${report.id}/schedules`, {
        cron,
        format: 'xlsx',
        recipients: ['cfo@example.com'],
      });
      expect(response.statusCode, response.body).toBe(201);
      return { reportId: report.id, schedule: reportScheduleSchema.parse(response.json()) };
    }

    const schedulerOf = (smtpUrl = smtp.url) =>
      createReportScheduler({
        db: testApp.database.db,
        mailer: createMailer({ smtpUrl, from: 'ecc@paid.test', log: { info() {}, warn() {} } }),
        webDistDir: testApp.config.webDistDir,
        log: { info() {}, error() {} },
      });

    const runsOf = (scheduleId: string) =>
      testApp.database.db
        .select()
        .from(reportScheduleRuns)
        .where(eq(reportScheduleRuns.scheduleId, scheduleId));

    it('is claimed once by two schedulers on one database, and mails the export through the outbox', async () => {
      const { schedule } = await scheduledReport('Claimed once');
      const slot = new Date(schedule.nextRunAt ?? '');
      const due = new Date(slot.getTime() + 1000);
      const [first, second] = [schedulerOf(), schedulerOf()];
      const before = smtp.received.length;
      const counts = await Promise.all([first.runDue(due), second.runDue(due)]);
      await Promise.all([first.stop(), second.stop()]);
      const runs = await runsOf(schedule.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'sent', error: null, slot });
      expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
      const mails = smtp.received.slice(before).filter((mail) => mail.data.includes('Claimed once'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual(['cfo@example.com']);
      expect(mails[0]?.data).toMatch(/filename="?Claimed-once-\d{4}-\d{2}-\d{2}\.xlsx/);
      const outbox = await createInvitationRepository(testApp.database.db).listEmails(realmId);
      expect(outbox.filter((mail) => mail.subject.startsWith('Claimed once'))).toHaveLength(1);
      const listed = await call('member', 'GET', `/api/reports/${schedule.reportId}/schedules`);
      expect(listed.json().schedules[0].runs).toHaveLength(1);
    });

    it('records a run whose mail server refuses as failed with its error, and runs the next slot again', async () => {
      const { schedule } = await scheduledReport('Refused mail', '0 * * * *');
      // The mail server is outside our system: a port nothing listens on stands for one that is down.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const slot = new Date(schedule.nextRunAt ?? '');
      const down = schedulerOf(`smtp://127.0.0.1:${port}`);
      await down.runDue(new Date(slot.getTime() + 1000));
      await down.stop();
      const [failed] = await runsOf(schedule.id);
      expect(failed).toMatchObject({ status: 'failed', slot });
      expect(failed?.error).toMatch(/^cfo@example\.com: .+/);
      expect(failed?.finishedOn).not.toBeNull();

      const listed = await call('member', 'GET', `/api/reports/${schedule.reportId}/schedules`);
      const [shown] = (listed.json() as { schedules: { runs: { status: string; error: string }[] }[] })
        .schedules;
      expect(shown?.runs).toEqual([expect.objectContaining({ status: 'failed', error: failed?.error })]);

      // The failure moved the schedule on: the next hour's slot runs, and mails now the server is back.
      const nextSlot = new Date(slot.getTime() + 60 * 60 * 1000);
      const up = schedulerOf();
      await up.runDue(new Date(nextSlot.getTime() + 1000));
      await up.stop();
      const runs = await runsOf(schedule.id);
      expect(runs.map((run) => [run.slot.getTime(), run.status]).sort()).toEqual([
        [slot.getTime(), 'failed'],
        [nextSlot.getTime(), 'sent'],
      ]);
    });

    it('runs once after missed slots, then waits for the next slot after now', async () => {
      const { schedule } = await scheduledReport('Missed slots', '0 * * * *');
      const firstSlot = new Date(schedule.nextRunAt ?? '');
      // Five hourly slots missed while no server ran.
      const late = new Date(firstSlot.getTime() + 5 * 60 * 60 * 1000 + 60_000);
      const scheduler = schedulerOf();
      await scheduler.runDue(late);
      await scheduler.runDue(late);
      await scheduler.stop();
      const runs = await runsOf(schedule.id);
      expect(runs).toHaveLength(1);
      expect(runs[0]?.slot).toEqual(firstSlot);
      const [stored] = await testApp.database.db
        .select({ nextRunAt: reportSchedules.nextRunAt })
        .from(reportSchedules)
        .where(eq(reportSchedules.id, schedule.id));
      expect(stored?.nextRunAt?.getTime()).toBeGreaterThan(late.getTime());
    });

    it('exports the schedules with every run (the page lists the newest ten), to readers of the realm only', async () => {
      const { reportId, schedule } = await scheduledReport('Exported runs', '0 * * * *');
      const firstSlot = new Date(schedule.nextRunAt ?? '');
      const hour = 60 * 60 * 1000;
      await testApp.database.db.insert(reportScheduleRuns).values(
        Array.from({ length: 12 }, (_, index) => ({
          realmId,
          scheduleId: schedule.id,
          slot: new Date(firstSlot.getTime() + index * hour),
          status: index === 0 ? ('failed' as const) : ('sent' as const),
          error: index === 0 ? 'cfo@example.com: mailbox full' : null,
          finishedOn: new Date(firstSlot.getTime() + index * hour + 5000),
        })),
      );
      const listed = await call('member', 'GET', `/api/reports/${reportId}/schedules`);
      expect(listed.json().schedules[0].runs).toHaveLength(10);

      const url = `/api/exports/reports/${reportId}/schedules`;
      const csv = await call('member', 'GET', `${url}?format=csv`);
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = csvRows(csv.body);
      expect(rows[0]).toEqual([
        'Schedule (cron)',
        'Time zone',
        'Format',
        'Recipients',
        'Enabled',
        'Next run',
        'Run for slot',
        'Status',
        'Started',
        'Finished',
        'Error',
      ]);
      expect(rows).toHaveLength(1 + 12);
      // Newest first: the failed run of the first slot is the last row.
      expect(rows.at(-1)?.slice(7, 8)).toEqual(['Failed']);
      expect(rows.at(-1)?.at(-1)).toBe('cfo@example.com: mailbox full');
      expect(rows.slice(1).every((row) => row[0] === '0 * * * *' && row[3] === 'cfo@example.com')).toBe(true);

      const xlsx = await call('member', 'GET', `${url}?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      const sheet = await xlsxRows(xlsx.rawPayload);
      expect(sheet).toHaveLength(1 + 12);
      expect(sheet[1]?.[4]).toBe(true);

      expect((await call('other', 'GET', `${url}?format=csv`)).statusCode).toBe(404);
      const foreignView = await call(
        'other',
        'GET',
        `/api/exports/analysis/views/${reportId}/schedules?format=csv`,
      );
      expect(foreignView.statusCode).toBe(404);
    });
  });

  it('writes nothing for a user that is not signed in', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { host: HOST },
    });
    expect(response.statusCode).toBe(401);
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'nobody'))).toEqual([]);
  });
});
