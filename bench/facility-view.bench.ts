/**
 * Benchmark of the facility view with 10,000 activity records (issue 4, Performance: "interactive in under 1 s
 * after data arrives"). Starts the real product on a temporary DATA_DIR, signs in as the demo user in Debian's
 * Chromium, and answers the view's facility and record requests from the browser's router with a synthetic
 * facility of 10,000 records, so that the time measured starts when the data has arrived. Measured in the page:
 * from the records' arrival to the table's rows on screen, then one sort click to the sorted rows on screen.
 * The peer, in the same browser and run: a plain static table of the same 10,000 rows built with innerHTML from
 * the same JSON text, and re-built sorted. Run: `npm run build` once, then `npx tsx bench/facility-view.bench.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const RECORD_COUNT = 10_000;
const RUNS = 5;
const PORT = Number(process.env.ECC_BENCH_PORT ?? 3939);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SLUG = 'bench-facility';
const KINDS = [
  { activityType: 'natural-gas', unit: 'therm', factorKey: 'epa-c1-natural-gas', scope: 1, kgPerUnit: 5.31 },
  {
    activityType: 'electricity',
    unit: 'kWh',
    factorKey: 'egrid-2022-us-average',
    scope: 2,
    kgPerUnit: 0.375,
  },
  {
    activityType: 'diesel',
    unit: 'gal',
    factorKey: 'epa-c1-distillate-fuel-oil-no-2',
    scope: 1,
    kgPerUnit: 10.21,
  },
];

function syntheticRecords() {
  return Array.from({ length: RECORD_COUNT }, (_, index) => {
    const kind = KINDS[index % KINDS.length]!;
    const monthIndex = index % 36;
    const month = `${2023 + Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
    const quantity = 100 + ((index * 7919) % 9973);
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      facilityId: 'bench',
      equipmentId: null,
      activityType: kind.activityType,
      periodStart: `${month}-01`,
      periodEnd: `${month}-28`,
      quantity,
      unit: kind.unit,
      factorKey: kind.factorKey,
      scope: kind.scope,
      scope3Category: null,
      certificateCoverage: null,
      isEstimated: index % 50 === 0,
      notes: null,
      co2eKg: quantity * kind.kgPerUnit,
      co2eKgMarket: kind.scope === 2 ? quantity * kind.kgPerUnit * 0.8 : null,
      createdOn: '2026-01-01T00:00:00.000Z',
      modifiedOn: '2026-01-01T00:00:00.000Z',
    };
  });
}

function syntheticDetail(records: ReturnType<typeof syntheticRecords>) {
  const zero = { co2eKg: 0, scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 0 };
  const months = new Map<string, typeof zero>();
  for (const record of records) {
    const totals = months.get(record.periodStart.slice(0, 7)) ?? { ...zero };
    totals.co2eKg += record.co2eKg;
    if (record.scope === 1) totals.scope1 += record.co2eKg;
    else {
      totals.scope2Location += record.co2eKg;
      totals.scope2Market += record.co2eKgMarket ?? 0;
    }
    months.set(record.periodStart.slice(0, 7), totals);
  }
  const monthly = [...months].map(([month, totals]) => ({ month, ...totals }));
  const years = [2023, 2024, 2025].map((year) => {
    const totals = { ...zero };
    for (const entry of monthly.filter((candidate) => candidate.month.startsWith(String(year)))) {
      for (const key of Object.keys(totals) as (keyof typeof zero)[]) totals[key] += entry[key];
    }
    return { year, ...totals };
  });
  return {
    facility: {
      id: 'bench',
      slug: SLUG,
      name: 'Bench Facility',
      sector: 'Chemicals',
      naics: '325110',
      location: {
        address: null,
        city: 'Baton Rouge',
        state: 'LA',
        postalCode: null,
        country: 'US',
        latitude: 30.45,
        longitude: -91.19,
      },
      co2e: years[2]!.co2eKg,
      co2eSource: 'calculated',
      co2eYear: 2025,
      ghgrpId: null,
      archivedOn: null,
    },
    summary: {
      gwpSetId: 'AR5',
      year: 2025,
      years,
      monthly,
      bySource: KINDS.map((kind) => ({
        activityType: kind.activityType,
        co2eKg: records
          .filter((record) => record.activityType === kind.activityType)
          .reduce((sum, record) => sum + record.co2eKg, 0),
      })),
      byEquipment: [],
      byGas: [{ gas: 'CO2', kg: years[2]!.co2eKg, co2eKg: years[2]!.co2eKg }],
      intensity: null,
      dataQuality: [],
      reported: {},
    },
  };
}

async function startServer() {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ecc-facility-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/config`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** The view: records arrive (the fetch resolves) → rows on screen; then a sort click → sorted rows on screen. */
async function measureView(page: Page): Promise<{ render: number; sort: number }> {
  await page.goto(`/facility/next/${SLUG}`);
  const render = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const check = () => {
          const arrivedAt = (window as unknown as { recordsArrivedAt?: number }).recordsArrivedAt;
          const row = document.querySelector(
            '[aria-label="Activity records"] [role="row"][aria-rowindex="2"]',
          );
          if (arrivedAt !== undefined && row !== null) resolve(performance.now() - arrivedAt);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  const sort = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const firstRow = () =>
          document.querySelector('[aria-label="Activity records"] [role="row"][aria-rowindex="2"]')
            ?.textContent;
        const before = firstRow();
        const button = [...document.querySelectorAll<HTMLButtonElement>('[role="columnheader"] button')].find(
          (candidate) => candidate.textContent?.trim() === 'Quantity',
        );
        const startedAt = performance.now();
        button?.click();
        const check = () => {
          if (firstRow() !== before) requestAnimationFrame(() => resolve(performance.now() - startedAt));
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  return { render, sort };
}

/** The peer: the same JSON text to a static table of every row, then re-sorted and re-built. */
async function measureStaticTable(
  page: Page,
  recordsText: string,
): Promise<{ render: number; sort: number }> {
  await page.setContent('<!doctype html><table><tbody id="rows"></tbody></table>');
  return page.evaluate(
    (text) =>
      new Promise<{ render: number; sort: number }>((resolve) => {
        type Row = {
          periodStart: string;
          activityType: string;
          quantity: number;
          unit: string;
          factorKey: string;
          scope: number;
          co2eKg: number;
        };
        const body = document.getElementById('rows')!;
        const draw = (rows: Row[]) => {
          body.innerHTML = rows
            .map(
              (row) =>
                `<tr><td>${row.periodStart}</td><td>${row.activityType}</td><td>${row.quantity}</td><td>${row.unit}</td><td>${row.factorKey}</td><td>${row.scope}</td><td>${row.co2eKg.toFixed(2)}</td></tr>`,
            )
            .join('');
        };
        const startedAt = performance.now();
        const rows = (JSON.parse(text) as { results: Row[] }).results;
        draw(rows);
        requestAnimationFrame(() => {
          const render = performance.now() - startedAt;
          const sortStartedAt = performance.now();
          draw([...rows].sort((left, right) => left.quantity - right.quantity));
          requestAnimationFrame(() => resolve({ render, sort: performance.now() - sortStartedAt }));
        });
      }),
    recordsText,
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const records = syntheticRecords();
const recordsText = JSON.stringify({
  results: records,
  count: records.length,
  total: records.length,
  offset: 0,
});
const detailText = JSON.stringify(syntheticDetail(records));
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1400, height: 1000 } });
  const signIn = await context.newPage();
  await signIn.goto('/api/config');
  const status = await signIn.evaluate(
    async () =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo@example.com', password: 'demo-password' }),
        })
      ).status,
  );
  if (status !== 200) throw new Error(`sign-in answered ${status}`);
  // tsx compiles the functions handed to the page with esbuild's keepNames, which calls a `__name` helper.
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.addInitScript(() => {
    const originalFetch = window.fetch.bind(window);
    window.fetch = async (...args) => {
      const response = await originalFetch(...args);
      if (String(args[0]).includes('/activity-records')) {
        (window as unknown as { recordsArrivedAt?: number }).recordsArrivedAt = performance.now();
      }
      return response;
    };
  });
  const json = { status: 200, contentType: 'application/json' };
  await context.route(`**/api/facilities/${SLUG}`, (route) => route.fulfill({ ...json, body: detailText }));
  await context.route(`**/api/facilities/${SLUG}/activity-records*`, (route) =>
    route.fulfill({ ...json, body: recordsText }),
  );
  await context.route('**/api/equipment?*', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: '{"statusCode":404,"error":"Not Found","message":"Not found"}',
    }),
  );

  const view: { render: number; sort: number }[] = [];
  const peer: { render: number; sort: number }[] = [];
  for (let run = 0; run < RUNS + 1; run += 1) {
    const page = await context.newPage();
    const viewRun = await measureView(page);
    const peerRun = await measureStaticTable(page, recordsText);
    await page.close();
    // The first run warms the browser's code and HTTP caches.
    if (run === 0) continue;
    view.push(viewRun);
    peer.push(peerRun);
  }
  const format = (values: readonly number[]) =>
    `${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;
  console.info(`facility view, ${RECORD_COUNT} records, ${RUNS} runs after one warm-up, medians (each run):`);
  console.info(`  view: data arrived → rows on screen   ${format(view.map((run) => run.render))}`);
  console.info(`  view: sort click → sorted rows         ${format(view.map((run) => run.sort))}`);
  console.info(
    `  view: arrival → sorted by a click      ${format(view.map((run) => run.render + run.sort))}`,
  );
  console.info(`  peer: JSON text → static table         ${format(peer.map((run) => run.render))}`);
  console.info(`  peer: re-sort → static table rebuilt   ${format(peer.map((run) => run.sort))}`);
} finally {
  await browser.close();
  await server.stop();
}
