/**
 * Report exports (issue 11, item 4): a PDF of a 20-page report with 10 charts (goal < 5 s) beside the same report
 * without its charts, and an XLSX of 100,000 rows streamed (`WorkbookWriter`, goal < 5 s) beside the same workbook
 * built in memory and a plain CSV of the same rows, each measured in the same run.
 * Run: `npx tsx bench/report-export.bench.ts [--runs N]`.
 */
import { loadavg } from 'node:os';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import type { RenderedSection, ReportTable } from '../packages/contracts/src/index.ts';
import { renderReportPdf } from '../apps/server/src/modules/reports/report-pdf.ts';
import { tableCsv, writeReportWorkbook } from '../apps/server/src/modules/reports/report-tables.ts';
import { readPdf } from '../apps/server/src/test-support/pdf-text.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(flags.runs);
const CHART_COUNT = 10;
const ROW_COUNT = 100_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const PARAGRAPH =
  'Scope 1 emissions fell as the **gas turbines** ran fewer hours; Scope 2 location-based emissions follow the ' +
  'grid factors of each site, market-based ones the certificates bought. Scope 3 is screened by category.';

/** Ten chapters: text, KPI tiles, a chart and a facility table each, two pages a chapter. */
function benchReport(isCharted: boolean): RenderedSection[] {
  return Array.from({ length: CHART_COUNT }, (_, chapter) => ({
    id: `chapter-${chapter}`,
    kind: 'kpi',
    title: `Chapter ${chapter + 1}: emissions by facility`,
    markdown: Array.from({ length: 22 }, () => PARAGRAPH).join('\n\n'),
    tiles: [
      { key: 'scope1', label: 'Scope 1', value: 1_234_567 * (chapter + 1), unit: 'kg CO2e' },
      { key: 'scope2Location', label: 'Scope 2 (location-based)', value: 765_432, unit: 'kg CO2e' },
      { key: 'scope3', label: 'Scope 3', value: 2_345_678, unit: 'kg CO2e' },
    ],
    tables: [],
    charts: isCharted
      ? [
          {
            kind: 'bar' as const,
            title: `Chapter ${chapter + 1} by scope`,
            categories: ['Scope 1', 'Scope 2 (location)', 'Scope 2 (market)', 'Scope 3', 'Total'],
            values: [1_234_567, 765_432, 654_321, 2_345_678, 4_345_677],
            unit: 'kg CO2e',
          },
        ]
      : [],
  }));
}

function benchTable(): ReportTable {
  return {
    title: 'Activity records',
    columns: [
      { key: 'facility', header: 'Facility', isNumber: false },
      { key: 'month', header: 'Month', isNumber: false },
      { key: 'scope', header: 'Scope', isNumber: true },
      { key: 'co2eKg', header: 'CO2e (kg)', isNumber: true },
    ],
    rows: Array.from({ length: ROW_COUNT }, (_, index) => ({
      facility: `facility-${index % 500}`,
      month: `2025-${String((index % 12) + 1).padStart(2, '0')}`,
      scope: (index % 3) + 1,
      co2eKg: 1000 + index * 0.125,
    })),
  };
}

async function inMemoryWorkbook(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.title);
  sheet.addRow(table.columns.map((column) => column.header));
  for (const row of table.rows) sheet.addRow(table.columns.map((column) => row[column.key] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function streamedWorkbook(table: ReportTable): Promise<number> {
  const stream = new PassThrough();
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await writeReportWorkbook([table], stream);
  return bytes;
}

const brand = { realmName: 'Bench Energy Co.', primaryColor: '#0f766e' };
const charted = benchReport(true);
const plain = benchReport(false);
const table = benchTable();
const sample = readPdf(
  await renderReportPdf({ name: 'Bench report', versionLabel: 'Version 1', sections: charted }, brand),
);
console.info(
  `report exports, ${runs} runs (load average ${loadavg()[0]?.toFixed(2)}); the PDF has ${sample.pageCount} pages, ${CHART_COUNT} charts`,
);

const results: Record<string, number[]> = {
  'PDF, 10 charts': [],
  'PDF, same text without charts (peer)': [],
  'XLSX 100,000 rows, streamed': [],
  'XLSX 100,000 rows, in memory (peer)': [],
  'CSV 100,000 rows (peer)': [],
};
for (let run = 0; run < runs; run++) {
  results['PDF, 10 charts']?.push(
    await timed(() =>
      renderReportPdf({ name: 'Bench report', versionLabel: 'Version 1', sections: charted }, brand),
    ),
  );
  results['PDF, same text without charts (peer)']?.push(
    await timed(() =>
      renderReportPdf({ name: 'Bench report', versionLabel: 'Version 1', sections: plain }, brand),
    ),
  );
  results['XLSX 100,000 rows, streamed']?.push(await timed(() => streamedWorkbook(table)));
  results['XLSX 100,000 rows, in memory (peer)']?.push(await timed(() => inMemoryWorkbook(table)));
  results['CSV 100,000 rows (peer)']?.push(await timed(async () => tableCsv(table)));
}
for (const [label, values] of Object.entries(results)) {
  console.info(
    `  ${label.padEnd(40)} median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`,
  );
}
