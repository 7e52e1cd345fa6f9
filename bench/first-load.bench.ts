/**
 * Time to first paint of the sign-in page (issue 15, first-load budget). The real server (built web app, demo
 * realm on PGlite) serves /login; its peer in the same run is the blank React 19 app of the build's budget
 * (`apps/web/vite-plugins/blank-app/`), built here with the same plugins and served from the same machine by a
 * static file server. Each run opens a fresh browser context (empty cache) in Debian's Chromium, alternating the
 * two pages, and reads `first-contentful-paint` and the scripts whose download ended before it.
 * Run: `npm run build` once, then `npx tsx bench/first-load.bench.ts [--runs 15]`. ECC_BENCH_PORT sets the
 * server's port (default 3941; the blank app uses the next one).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { buildBlankApp } from '../apps/web/vite-plugins/first-load-budget-plugin.ts';
import { sharedPlugins } from '../apps/web/vite-plugins/shared-plugins.ts';
import { createDatabaseTarget, prepareDatabase, startServer, stopProcess } from './support/bench-server.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const RUNS = Number(flags.runs);
const PORT = Number(process.env.ECC_BENCH_PORT ?? 3941);
const BLANK_PORT = PORT + 1;
const WEB_DIST = join(import.meta.dirname, '../apps/web/dist');
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

interface Paint {
  firstContentfulPaintMs: number;
  scriptCount: number;
  scriptBytes: number;
  /** When the last script fetched before the paint arrived. */
  lastScriptEndMs: number;
  /** When the last API answer (fetch) the paint waited for arrived; 0 without any. */
  lastApiEndMs: number;
}

/** The blank app's files, as a static server sends them (no compression, like the product's server). */
function serveDirectory(directory: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = join(directory, path === '/' ? 'index.html' : path);
    if (!file.startsWith(directory) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Loads `url` in a fresh context and reads the first contentful paint and the scripts fetched before it. */
async function measurePaint(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0] as PerformanceEntry;
      const beforePaint = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.responseEnd <= paint.startTime,
      );
      const scripts = beforePaint.filter((entry) => entry.name.endsWith('.js'));
      const answers = beforePaint.filter((entry) => entry.initiatorType === 'fetch');
      return {
        firstContentfulPaintMs: paint.startTime,
        scriptCount: scripts.length,
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        lastScriptEndMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
        lastApiEndMs: Math.max(0, ...answers.map((entry) => entry.responseEnd)),
      };
    });
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function describe(name: string, paints: Paint[]): string {
  const firstPaints = paints.map((paint) => paint.firstContentfulPaintMs);
  const last = paints.at(-1)!;
  const scriptsEnd = median(paints.map((paint) => paint.lastScriptEndMs));
  const apiEnd = median(paints.map((paint) => paint.lastApiEndMs));
  return [
    `${name}: first contentful paint median ${median(firstPaints).toFixed(0)} ms (min ${Math.min(...firstPaints).toFixed(0)}, max ${Math.max(...firstPaints).toFixed(0)})`,
    `    before it: ${last.scriptCount} scripts, ${(last.scriptBytes / 1024).toFixed(1)} kB before compression, the last in at ${scriptsEnd.toFixed(0)} ms (median); the last API answer in at ${apiEnd.toFixed(0)} ms`,
  ].join('\n');
}

async function main() {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('Run `npm run build` first');
  const blankDist = mkdtempSync(join(tmpdir(), 'ecc-blank-app-'));
  const { target, cleanup } = await createDatabaseTarget(false);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let blankServer: Server | undefined;
  let browser: Browser | undefined;
  try {
    await buildBlankApp(sharedPlugins(), blankDist);
    await prepareDatabase(target);
    server = await startServer(target, PORT);
    blankServer = await serveDirectory(blankDist, BLANK_PORT);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const loginUrl = `http://127.0.0.1:${PORT}/login`;
    const blankUrl = `http://127.0.0.1:${BLANK_PORT}/`;
    // One unmeasured load of each warms the server's file reads and the browser's process.
    await measurePaint(browser, loginUrl);
    await measurePaint(browser, blankUrl);
    const login: Paint[] = [];
    const blank: Paint[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const order = run % 2 === 0 ? ['login', 'blank'] : ['blank', 'login'];
      for (const which of order) {
        if (which === 'login') login.push(await measurePaint(browser, loginUrl));
        else blank.push(await measurePaint(browser, blankUrl));
      }
    }
    console.info(`First load, ${RUNS} runs each, fresh browser context per load`);
    console.info(`  ${describe('/login', login)}`);
    console.info(`  ${describe('blank React app', blank)}`);
    const ratio =
      median(login.map((paint) => paint.firstContentfulPaintMs)) /
      median(blank.map((paint) => paint.firstContentfulPaintMs));
    console.info(`  /login / blank app (median first contentful paint): ${ratio.toFixed(2)}`);
  } finally {
    await browser?.close();
    blankServer?.close();
    if (server) await stopProcess(server);
    await cleanup();
    rmSync(blankDist, { recursive: true, force: true });
  }
}

await main();
