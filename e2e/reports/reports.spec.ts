import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ConfigResponse, RealmThemeSettings } from '@ecc/contracts';
import ExcelJS from 'exceljs';
import { isSameColor, readPdfDrawing, rgbOfHex } from '../../apps/server/src/test-support/pdf-drawing.ts';
import { readPdf } from '../../apps/server/src/test-support/pdf-text.ts';
import { expectPathname, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT } from '../support/realms.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

/** The demo realm on the paid plan (`npm start` seeds it), where reports are part of the plan. */
const PAID_DEMO_ORIGIN = `http://paid.localhost:${E2E_PORT}`;
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const DEMO_LOGO_FILE = fileURLToPath(new URL('../../apps/web/public/brand/logo.svg', import.meta.url));
const RECIPIENT = `board.${Date.now()}@example.com`;

let capture: SmtpCapture | undefined;

// The SMTP port is fixed: this spec takes it in turn with the other specs that receive mail.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  capture = await startSmtpCapture();
});

test.afterAll(async () => {
  await capture?.close();
});

test('an administrator builds a report, approves it, exports PDF and XLSX and has it mailed on a schedule', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Board report ${Date.now()}`;
  await page.goto(`${PAID_DEMO_ORIGIN}/login`);
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis/report`);

  await test.step('builds a report from a text section and KPI tiles', async () => {
    await page.getByRole('button', { name: 'New report' }).click();
    const builder = page.getByRole('form', { name: 'Report builder' });
    await builder.getByLabel('Report name').fill(name);
    await builder.getByRole('button', { name: 'Add KPI tiles' }).click();
    await builder.getByRole('button', { name: 'Add text' }).click();
    const text = builder.getByRole('listitem', { name: 'Text section 2' });
    await text.getByLabel('Section title').fill('Foreword');
    await text.getByLabel('Text (Markdown)').fill('Our **emissions** this year.');
    // Reordered by keyboard: the text moves above the KPI tiles.
    await text.getByRole('button', { name: 'Move Text section 2 up' }).focus();
    await page.keyboard.press('Enter');
    await builder
      .getByRole('listitem', { name: 'KPI tiles section 2' })
      .getByLabel('Section title')
      .fill('Headline');
    await builder.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Foreword' }).locator('strong')).toHaveText('emissions');
    await expect(page.getByRole('region', { name: 'Headline' })).toContainText('Scope 1');
  });

  await test.step('submits it for review and approves it, each after confirming', async () => {
    await page.getByRole('button', { name: 'Submit for review', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Status: In review', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Status: Approved', { exact: true })).toBeVisible();
    await expect(page.getByText(/approved .* by admin@example\.com/)).toBeVisible();
  });

  await test.step('exports a PDF that holds its sections and an XLSX whose figures are numbers', async () => {
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readPdf(await readFile(await pdfDownload.path()));
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('Foreword');
    expect(pdf.text).toContain('Headline');

    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export XLSX' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Headline');
    expect(sheet?.getRow(2).getCell(1).value).toBe('Scope 1');
    expect(typeof sheet?.getRow(2).getCell(2).value).toBe('number');
  });

  await test.step('schedules it every five seconds and the mail arrives with the PDF attached', async () => {
    const form = page.getByRole('form', { name: 'Add a schedule' });
    await form.getByLabel('Cron expression (UTC)').fill('*/5 * * * * *');
    await form.getByLabel('Recipients').fill(RECIPIENT);
    await form.getByRole('button', { name: 'Add schedule' }).click();
    await expect(page.getByRole('table', { name: 'Schedules of this report' })).toContainText(RECIPIENT);
    await expect
      .poll(() => capture?.received.filter((mail) => mail.to.includes(RECIPIENT)).length ?? 0, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const mail = capture?.received.find((each) => each.to.includes(RECIPIENT));
    expect(mail?.body).toContain(`Subject: ${name}: scheduled report`);
    expect(mail?.body).toMatch(/Content-Type: application\/pdf/);

    // Stopped, so that it mails nobody after this test.
    await page.getByRole('button', { name: 'Delete the schedule */5 * * * * *' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete schedule' }).click();
    await expect(page.getByText('This report is not mailed on a schedule.')).toBeVisible();
  });
});

/*
 * The chain of issue 11: build an analysis, save it, drill through to a record's trail, add it from the analysis
 * page to a report holding an inventory table, approve it, export PDF and XLSX (both opened and read), schedule
 * the saved analysis and see the mail arrive with its workbook.
 */
test('an analysis goes from the pivot into an approved report, its exports and a scheduled mail', async ({
  page,
}) => {
  // Generous: eight pages and three downloads on a machine that may be busy.
  test.setTimeout(360_000);
  const viewName = `Chain ${Date.now()}`;
  const reportName = `Disclosure ${Date.now()}`;
  const recipient = `analyst.${Date.now()}@example.com`;
  await page.goto(`${PAID_DEMO_ORIGIN}/login`);
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');

  await test.step('builds an analysis of facilities by scope in 2024 and saves it for the realm', async () => {
    await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis`);
    await expect(page.getByRole('table', { name: 'Analysis pivot' })).toBeVisible();
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Year', { exact: true }).selectOption('2024');
    await expect(page.getByRole('columnheader', { name: 'Scope 1' })).toBeVisible();
    await page.getByLabel('View name').fill(viewName);
    await page.getByLabel('Visibility').selectOption('shared');
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText(`Saved "${viewName}"`, { exact: true })).toBeVisible();
  });

  await test.step('drills through a cell to its records and a record’s trail', async () => {
    await page
      .getByRole('table', { name: 'Analysis pivot' })
      .getByRole('button', { name: /^Records behind / })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: 'Records behind the cell' });
    await panel
      .getByRole('button', { name: /^Trail of / })
      .first()
      .click();
    await expect(panel.getByRole('list', { name: 'Calculation trail' })).toContainText('t CO2e');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  await test.step('makes a report of the inventory summary', async () => {
    await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis/report`);
    await page.getByRole('button', { name: 'New report' }).click();
    const builder = page.getByRole('form', { name: 'Report builder' });
    await builder.getByLabel('Report name').fill(reportName);
    await builder.getByRole('button', { name: 'Add inventory table' }).click();
    const inventory = builder.getByRole('listitem', { name: 'Inventory table section 1' });
    await inventory.getByLabel('Year', { exact: true }).fill('2024');
    await inventory
      .getByLabel('Table', { exact: true })
      .selectOption({ label: 'GHG Protocol summary by scope' });
    await builder.getByRole('button', { name: 'Create report' }).click();
    await expect(page.getByRole('heading', { name: reportName })).toBeVisible();
  });

  await test.step('adds the saved analysis to that report from the analysis page', async () => {
    await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis`);
    await page.getByLabel('Saved views').selectOption({ label: `${viewName} (shared by me)` });
    await page.getByRole('button', { name: 'Add to report', exact: true }).click();
    const form = page.getByRole('form', { name: `Add "${viewName}" to a report` });
    await form.getByLabel('Report', { exact: true }).selectOption({ label: `${reportName} (Draft)` });
    await form.getByRole('button', { name: 'Add to this report' }).click();
    await expect(form.getByRole('status')).toContainText(`Added to ${reportName}`);
    await form.getByRole('link', { name: `Open ${reportName}` }).click();
    await expectPathname(page, '/reporting/analysis/report');
    await expect(page.getByRole('heading', { name: reportName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'GHG Protocol summary by scope 2024' })).toContainText(
      'Gross Scope 1',
    );
    await expect(page.getByRole('region', { name: viewName })).toContainText('Grand total');
  });

  await test.step('approves it', async () => {
    await page.getByRole('button', { name: 'Submit for review', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Status: In review', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Status: Approved', { exact: true })).toBeVisible();
  });

  await test.step('exports a PDF with both tables and an XLSX with a sheet per table, numbers as numbers', async () => {
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export PDF' }).click(),
    ]);
    const pdfBytes = await readFile(await pdfDownload.path());
    const pdf = readPdf(pdfBytes);
    expect(pdf.text).toContain('GHG Protocol summary by scope 2024');
    expect(pdf.text).toContain('Gross Scope 1');
    expect(pdf.text).toContain(viewName);
    expect(pdf.text).toContain('Grand total');

    // Drawn in the realm's theme, as the admin's theme page gives it, with its logo and the analysis's chart.
    // Asked from the page (Node cannot resolve paid.localhost; the browser does), with the page's session.
    const settings = await page.evaluate(async () => {
      const { realm } = (await (await fetch('/api/config')).json()) as ConfigResponse;
      return (await (await fetch(`/api/realms/${realm.id}/theme`)).json()) as RealmThemeSettings;
    });
    const theme = settings.themes.find((each) => each.id === settings.selected) ?? settings.themes[0];
    const primary = rgbOfHex(theme?.colors.light.primary ?? '');
    const pages = await readPdfDrawing(pdfBytes);
    expect(pages[0]?.paths.some((path) => isSameColor(path.fill, primary))).toBe(true);
    // The demo's logo is an SVG (the web app's /brand/logo.svg): drawn as vector paths before the header's text,
    // in its own colours (white and the theme colour left out: the band above the header has the latter).
    const logoColors = [...(await readFile(DEMO_LOGO_FILE, 'utf8')).matchAll(/fill="(#[0-9a-f]{6})"/gi)]
      .map((match) => rgbOfHex(match[1]!))
      .filter((color) => color.some((component) => component < 1) && !isSameColor(color, primary));
    const headerPaths = pages[0]?.paths.filter((path) => path.textBlocksBefore === 0) ?? [];
    expect(headerPaths.some((path) => logoColors.some((color) => isSameColor(path.fill, color)))).toBe(true);
    // The analysis's chart: after its title, bars filled in the theme colour (a table's header is one rectangle).
    const isChartTitle = (text: string) => text.startsWith(`${viewName} (`);
    const chartPage = pages.find((each) => each.textBlocks.some((block) => isChartTitle(block.text)));
    const titleIndex = chartPage?.textBlocks.findIndex((block) => isChartTitle(block.text)) ?? -1;
    const bars = chartPage?.paths.filter(
      (path) => path.textBlocksBefore > titleIndex && path.segments > 1 && isSameColor(path.fill, primary),
    );
    expect(bars?.length).toBeGreaterThan(0);

    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export XLSX' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsxDownload.path());
    expect(workbook.worksheets).toHaveLength(2);
    const [summary, analysis] = workbook.worksheets;
    expect(summary?.getRow(1).values).toEqual([undefined, 'Section', 'Item', 'Unit', 'Amount']);
    expect(summary?.getRow(2).getCell(2).value).toBe('Gross Scope 1');
    expect(typeof summary?.getRow(2).getCell(4).value).toBe('number');
    expect(analysis?.getRow(1).values).toEqual([undefined, 'Level', 'Facility', 'Scope', 'CO2e (kg)']);
    expect(typeof analysis?.getRow(2).getCell(4).value).toBe('number');
  });

  await test.step('schedules the saved analysis and its workbook arrives by mail', async () => {
    await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis`);
    // A shared view is listed with who shares it.
    await page.getByLabel('Saved views').selectOption({ label: `${viewName} (shared by me)` });
    await page.getByRole('button', { name: 'Schedules', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add a schedule' });
    await form.getByLabel('Cron expression (UTC)').fill('*/5 * * * * *');
    await expect(form.getByLabel('Format', { exact: true })).toHaveValue('xlsx');
    await form.getByLabel('Recipients').fill(recipient);
    await form.getByRole('button', { name: 'Add schedule' }).click();
    await expect(page.getByRole('table', { name: 'Schedules of this analysis' })).toContainText(recipient);
    await expect
      .poll(() => capture?.received.filter((mail) => mail.to.includes(recipient)).length ?? 0, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const mail = capture?.received.find((each) => each.to.includes(recipient));
    expect(mail?.body).toContain(`Subject: ${viewName}: scheduled analysis`);
    expect(mail?.body).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    await page.getByRole('button', { name: 'Delete the schedule */5 * * * * *' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete schedule' }).click();
    await expect(page.getByText('This analysis is not mailed on a schedule.')).toBeVisible();
  });
});
