import type { ReportSection } from '@ecc/contracts';
import { Cron } from 'croner';
import type { Database } from './create-database.ts';
import { DEMO_YEARS } from './demo-emissions-seed.ts';
import { createReportRepository } from './report-repository.ts';
import { createSectionContext, renderSections } from './report-sections.ts';

/*
 * The demo realm's reports (issue 11, item 7): one report approved by the demo administrator (text, KPI tiles and
 * the inventory's summary, Scope 3 and ESRS E1-6 tables), its snapshot taken from the demo's own numbers, and a
 * weekly schedule mailing it as a PDF to the administrator.
 */

export const DEMO_REPORT_NAME = 'Annual GHG inventory summary';
const DEMO_APPROVER = 'admin@example.com';
/** Mondays at 08:00 UTC. */
export const DEMO_SCHEDULE_CRON = '0 8 * * 1';

function demoSections(year: number): ReportSection[] {
  return [
    {
      id: 'summary',
      kind: 'text',
      title: 'Summary',
      markdown: [
        `This report summarises the greenhouse-gas emissions of Demo Energy Co. for **${year}**, following the`,
        'GHG Protocol Corporate Standard under operational control.',
        '',
        '- Scope 2 is shown location-based and market-based side by side; totals use location-based.',
        '- Figures are kg CO2e on the realm’s GWP set.',
      ].join('\n'),
    },
    {
      id: 'headline',
      kind: 'kpi',
      title: `Headline figures ${year}`,
      year,
      metrics: ['scope1', 'scope2Location', 'scope2Market', 'scope3', 'total'],
    },
    { id: 'inventory-summary', kind: 'inventory', year, table: 'summary' },
    { id: 'inventory-scope3', kind: 'inventory', year, table: 'scope3-categories' },
    { id: 'inventory-esrs', kind: 'inventory', year, table: 'esrs-e1-6' },
  ];
}

/** Seeds the report and its schedule; call once, in the transaction that creates the realm. */
export async function seedDemoReports(db: Database, realmId: string, now = new Date()): Promise<void> {
  const year = DEMO_YEARS.at(-1) ?? now.getUTCFullYear() - 1;
  const repository = createReportRepository(db);
  const sections = demoSections(year);
  const report = await repository.create(
    realmId,
    DEMO_REPORT_NAME,
    { sections, createdBy: DEMO_APPROVER },
    null,
  );
  const snapshot = await renderSections(createSectionContext(db, realmId), sections);
  await repository.approveVersion(realmId, report.id, 1, {
    snapshot,
    approvedBy: DEMO_APPROVER,
    approvedOn: now,
  });
  await repository.setStatus(realmId, report.id, 'approved', now, 1);
  await repository.createSchedule(
    realmId,
    { kind: 'report', id: report.id },
    {
      cron: DEMO_SCHEDULE_CRON,
      timezone: 'UTC',
      format: 'pdf',
      recipients: [DEMO_APPROVER],
      isEnabled: true,
      nextRunAt: new Cron(DEMO_SCHEDULE_CRON, { timezone: 'UTC' }).nextRun(now),
    },
    null,
  );
}
