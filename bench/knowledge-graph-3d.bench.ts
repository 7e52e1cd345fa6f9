/**
 * Benchmark of the 3D knowledge graph (issue 14, Performance: "3D view of 10,000 nodes / 30,000 edges in
 * Chromium: first frame under 3 s; frame times recorded over 10 s of rotation with the median and 95th
 * percentile reported next to a minimal 3d-force-graph page of the same data"). Starts the real product on a
 * temporary DATA_DIR, signs in as the demo user in Debian's Chromium (WebGL drawn in software by SwiftShader:
 * the bench prints the renderer), and answers the page's `GET /api/graph` from the browser's router with a
 * synthetic realm of 10,000 nodes and 30,000 edges. Alternating, each run:
 *  - the page `/knowledgegraph/3d` (its lazy 3D chunk, the React lists beside the canvas, its warm-up ticks);
 *  - the peer: a blank page of the same origin that loads 3d-force-graph's own bundle and gives it the same
 *    JSON with the library's defaults.
 * First frame: from the graph's JSON reaching the page (the fetch resolving; for the peer, the text in hand) to
 * the end of the first animation frame that drew every node: at least one WebGL draw call per node, an instanced
 * call counting as its instances (the page draws all its spheres in one). Then 10 s of rotation (a
 * mouse drag across the canvas), each animation frame's duration recorded. Run: `npm run build` once, then
 * `npx tsx bench/knowledge-graph-3d.bench.ts [--runs 3]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { GraphEdge, GraphNode, GraphResponse } from '@ecc/contracts';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(flags.runs);
const NODE_COUNT = 10_000;
const EDGE_COUNT = 30_000;
const ROTATION_MS = 10_000;
const PORT = Number(process.env.ECC_BENCH_PORT ?? 3935);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PEER_PATH = '/bench-minimal-3d-force-graph';
const PEER_SCRIPT_PATH = '/bench-3d-force-graph.min.js';
const VIEWPORT = { width: 1400, height: 1000 };

/** How many nodes of each type, in the lineage's order; each node hangs off one of the type before it. */
const TYPE_SHARES: [GraphNode['type'], number][] = [
  ['realm', 1],
  ['business-unit', 20],
  ['facility', 400],
  ['equipment', 1_600],
  ['activity-record', 6_400],
  ['emission-result', 1_000],
  ['factor-source', 20],
  ['emission-factor', 559],
];

/** A realm-shaped graph: a tree of the lineage (9,999 edges) plus record → factor and cross edges to 30,000. */
function syntheticGraph(): GraphResponse {
  const nodes: GraphNode[] = [];
  const firstOfType = new Map<GraphNode['type'], number>();
  for (const [type, count] of TYPE_SHARES) {
    firstOfType.set(type, nodes.length);
    for (let index = 0; index < count; index += 1) {
      nodes.push({ id: `${type}:${index}`, type, label: `${type} ${index}`, data: {} });
    }
  }
  if (nodes.length !== NODE_COUNT) throw new Error(`The synthetic graph has ${nodes.length} nodes`);
  const edges: GraphEdge[] = [];
  const keys = new Set<string>();
  const add = (source: number, target: number, type: GraphEdge['type']) => {
    const key = `${source}>${target}`;
    if (source === target || keys.has(key) || keys.has(`${target}>${source}`)) return;
    keys.add(key);
    edges.push({ source: nodes[source]!.id, target: nodes[target]!.id, type });
  };
  let previousStart = 0;
  let previousCount = 1;
  for (const [type, count] of TYPE_SHARES.slice(1)) {
    const start = firstOfType.get(type)!;
    // Factor sources hang off the realm; factors off the sources; every other type off the type before it.
    const parentStart = type === 'factor-source' ? 0 : previousStart;
    const parentCount = type === 'factor-source' ? 1 : previousCount;
    for (let index = 0; index < count; index += 1) {
      add(start + index, parentStart + (index % parentCount), 'ROLLS_UP_TO');
    }
    previousStart = start;
    previousCount = count;
  }
  // mulberry32: a fixed seed, so every run draws the same graph (32-bit integer arithmetic, no float overflow).
  let seed = 42;
  const random = (limit: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let mixed = Math.imul(seed ^ (seed >>> 15), seed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) % limit;
  };
  const recordStart = firstOfType.get('activity-record')!;
  const factorStart = firstOfType.get('emission-factor')!;
  for (let index = 0; index < 6_400; index += 1)
    add(recordStart + index, factorStart + random(559), 'USES_FACTOR');
  while (edges.length < EDGE_COUNT) add(random(NODE_COUNT), random(NODE_COUNT), 'RECORDED_AT');
  return { nodes, edges, truncated: false };
}

async function startServer() {
  // Local iteration only: a server already started on the port (demo realm seeded) is used as it is.
  if (process.env.ECC_BENCH_REUSE_SERVER === '1') return { stop: async () => undefined };
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ecc-graph-3d-bench-'));
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
  // The first start migrates and seeds the demo realm: minutes on a loaded machine.
  let isListening = false;
  for (let attempt = 0; attempt < 1_200 && !isListening; attempt += 1) {
    try {
      isListening = (await fetch(`${ORIGIN}/api/config`)).ok;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  if (!isListening) throw new Error(`The server did not answer on ${ORIGIN} within 10 minutes`);
  return {
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

interface FrameProbe {
  /** When the graph's JSON reached the page. */
  arrivedAt?: number;
  /** The end of the first frame that drew every node (draw calls, an instanced one counting its instances). */
  firstFrameAt?: number;
  frameTimes: number[];
  isRecording: boolean;
  renderer?: string;
  /** The most draw calls one frame made, and how many frames drew at all: said when the first frame never comes. */
  mostDraws: number;
  framesDrawn: number;
}

/**
 * Counts WebGL draw calls per animation frame and records frame durations, in every page of the context before
 * its own scripts run; the page's fetch of `/api/graph` stamps the arrival.
 */
function installFrameProbe(nodeCount: number): void {
  const probe: FrameProbe = { frameTimes: [], isRecording: false, mostDraws: 0, framesDrawn: 0 };
  (window as unknown as { frameProbe: FrameProbe }).frameProbe = probe;
  let drawsThisFrame = 0;
  const drawCalls = [
    ...(['drawElements', 'drawArrays'] as const).map((name) => ({ name, isInstanced: false })),
    ...(['drawElementsInstanced', 'drawArraysInstanced'] as const).map((name) => ({
      name,
      isInstanced: true,
    })),
  ];
  for (const prototype of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    for (const { name, isInstanced } of drawCalls) {
      if (!(name in prototype)) continue;
      const original = (prototype as unknown as Record<string, (...args: unknown[]) => void>)[name]!;
      (prototype as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        // An instanced call draws its last argument's count of objects (one sphere per node, say) at once.
        drawsThisFrame += isInstanced ? Number(args[args.length - 1]) : 1;
        if (probe.renderer === undefined) {
          const context = this as WebGLRenderingContext;
          const info = context.getExtension('WEBGL_debug_renderer_info');
          probe.renderer = String(
            info
              ? context.getParameter(info.UNMASKED_RENDERER_WEBGL)
              : context.getParameter(context.RENDERER),
          );
        }
        return original.apply(this, args);
      };
    }
  }
  let previousFrameAt = performance.now();
  const onFrame = (now: number) => {
    probe.mostDraws = Math.max(probe.mostDraws, drawsThisFrame);
    if (drawsThisFrame > 0) probe.framesDrawn += 1;
    if (probe.firstFrameAt === undefined && probe.arrivedAt !== undefined && drawsThisFrame >= nodeCount) {
      probe.firstFrameAt = now;
    }
    if (probe.isRecording) probe.frameTimes.push(now - previousFrameAt);
    previousFrameAt = now;
    drawsThisFrame = 0;
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const response = await originalFetch(...args);
    if (String(args[0]).includes('/api/graph')) {
      const text = await response.clone().text();
      probe.arrivedAt = performance.now();
      return new Response(text, { status: response.status, headers: response.headers });
    }
    return response;
  };
}

interface RunFigures {
  firstFrameMs: number;
  frameTimes: number[];
  renderer: string;
}

async function readProbe(page: Page): Promise<FrameProbe> {
  return page.evaluate(() => (window as unknown as { frameProbe: FrameProbe }).frameProbe);
}

/** Waits for the first frame, then drags across the canvas for 10 s, recording each frame's duration. */
async function measure(page: Page, canvasSelector: string): Promise<RunFigures> {
  await page
    .waitForFunction(
      () => (window as unknown as { frameProbe: FrameProbe }).frameProbe.firstFrameAt !== undefined,
      undefined,
      { timeout: 120_000, polling: 100 },
    )
    .catch(async (error: unknown) => {
      const probe = await readProbe(page);
      throw new Error(
        `No first frame: the graph ${probe.arrivedAt === undefined ? 'never arrived' : 'arrived'}, ${probe.framesDrawn} frames drew, at most ${probe.mostDraws} draw calls in one`,
        { cause: error },
      );
    });
  // A frame of the busy page can take seconds in software rendering: the browser answers between frames.
  const box = (await page.locator(canvasSelector).boundingBox({ timeout: 300_000 }))!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.evaluate(() => {
    (window as unknown as { frameProbe: FrameProbe }).frameProbe.isRecording = true;
  });
  const startedAt = Date.now();
  for (let step = 0; Date.now() - startedAt < ROTATION_MS; step += 1) {
    // A slow circle: the camera keeps turning the whole 10 s.
    const angle = step / 20;
    await page.mouse.move(centre.x + Math.cos(angle) * 150, centre.y + Math.sin(angle) * 100);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const probe = await readProbe(page);
  return {
    firstFrameMs: probe.firstFrameAt! - probe.arrivedAt!,
    frameTimes: probe.frameTimes,
    renderer: probe.renderer ?? 'none',
  };
}

/** A page's own errors would otherwise only show as a first frame that never comes. */
function reportErrors(page: Page, name: string): void {
  page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`${name} console: ${message.text()}`);
  });
}

async function measurePage(context: BrowserContext): Promise<RunFigures> {
  const page = await context.newPage();
  reportErrors(page, 'page');
  try {
    await page.goto('/knowledgegraph/3d');
    return await measure(page, '[data-testid="force-graph-view"] canvas');
  } finally {
    await page.close();
  }
}

async function measurePeer(context: BrowserContext, graphText: string): Promise<RunFigures> {
  const page = await context.newPage();
  reportErrors(page, 'peer');
  try {
    await page.goto(PEER_PATH);
    await page.evaluate((text) => {
      type Peer = new (element: HTMLElement) => { graphData: (data: unknown) => unknown };
      const ForceGraph3D = (window as unknown as { ForceGraph3D: Peer }).ForceGraph3D;
      const probe = (window as unknown as { frameProbe: FrameProbe }).frameProbe;
      probe.arrivedAt = performance.now();
      const graph = JSON.parse(text) as GraphResponse;
      new ForceGraph3D(document.getElementById('graph')!).graphData({
        nodes: graph.nodes,
        links: graph.edges.map((edge) => ({ source: edge.source, target: edge.target })),
      });
    }, graphText);
    return await measure(page, '#graph canvas');
  } finally {
    await page.close();
  }
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const graphText = JSON.stringify(syntheticGraph());
const peerScript = readFileSync('node_modules/3d-force-graph/dist/3d-force-graph.min.js', 'utf8');
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  // The e2e suite's switches: Debian's headless Chromium draws WebGL with SwiftShader even with --disable-gpu.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: VIEWPORT });
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
  await signIn.close();
  // tsx compiles the functions handed to the page with esbuild's keepNames, which calls a `__name` helper.
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.addInitScript(installFrameProbe, NODE_COUNT);
  await context.route('**/api/graph?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: graphText }),
  );
  // The peer's page: same origin, no product code, 3d-force-graph's own browser bundle (three.js inside).
  await context.route(`**${PEER_PATH}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><html><body style="margin:0"><div id="graph"></div><script src="${PEER_SCRIPT_PATH}"></script></body></html>`,
    }),
  );
  await context.route(`**${PEER_SCRIPT_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: peerScript }),
  );

  const view: RunFigures[] = [];
  const peer: RunFigures[] = [];
  for (let run = 0; run < RUNS + 1; run += 1) {
    const viewRun = await measurePage(context);
    const peerRun = await measurePeer(context, graphText);
    // The first run warms the browser's code and HTTP caches.
    if (run === 0) {
      console.info(`WebGL renderer: ${viewRun.renderer}`);
      continue;
    }
    view.push(viewRun);
    peer.push(peerRun);
  }
  const describe = (name: string, runs: RunFigures[]) => {
    const frames = runs.flatMap((run) => run.frameTimes);
    const firstFrames = runs.map((run) => run.firstFrameMs.toFixed(0)).join(', ');
    console.info(
      `  ${name}: first frame ${firstFrames} ms; rotation frames ${frames.length}, median ${percentile(frames, 0.5).toFixed(0)} ms, p95 ${percentile(frames, 0.95).toFixed(0)} ms`,
    );
  };
  console.info(`3D graph, ${NODE_COUNT} nodes / ${EDGE_COUNT} edges, ${RUNS} runs after one warm-up:`);
  describe('page /knowledgegraph/3d   ', view);
  describe('peer minimal 3d-force-graph', peer);
} finally {
  await browser.close();
  await server.stop();
}
