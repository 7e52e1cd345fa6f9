/**
 * Benchmark of the estimate API: `POST /api/emissions/estimate` with 100,000 items on the real app (PGlite in a
 * temporary directory, signed in as the demo user), through `app.inject` and over a listening socket with
 * fetch, against a minimal hand-written loop doing the same arithmetic in the same run. The target is
 * the server within 3× of the loop (issue 4, Performance). The server must also parse ~6–22 MB of JSON and
 * write ~10 MB back, so a second peer is the loop including JSON.parse of the same request text and
 * JSON.stringify of its results, and a third, the one the target is judged by, is that loop served by a minimal
 * hand-written node:http endpoint that the same fetch client calls. Run: `npx tsx bench/estimate-api.bench.ts`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { estimateRequestSchema, estimateResponseSchema } from '../packages/contracts/src/index.ts';
import { DEMO_USER, seedDemoRealm } from '../packages/db/src/index.ts';
import type { EstimateItem } from '../packages/domain/src/emissions/index.ts';
import { createTestApp, signIn, withSession } from '../apps/server/src/test-support/test-app.ts';
import {
  ESTIMATE_ITEM_COUNT,
  handWrittenLoop,
  inlineItems,
  libraryItems,
} from './support/estimate-workload.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const WARM_UP_RUNS = 3;
const MEASURED_RUNS = 11;
const BREAKDOWN_RUNS = 5;
const ESTIMATE_PATH = '/api/emissions/estimate';

/** The loop with the JSON work the server cannot avoid: parse the request text, serialise the results. */
function handWrittenLoopWithJson(requestText: string): string {
  const request = JSON.parse(requestText) as { items: EstimateItem[] };
  return JSON.stringify({ gwp: 'AR5', ...handWrittenLoop(request.items) });
}

/**
 * The peer the target is best read against: a minimal hand-written HTTP endpoint (node:http, no
 * framework, no validation) that reads the body, parses it, runs the loop and answers the JSON. The same fetch
 * client calls it, so transport and client costs are equal on both sides and only the servers differ.
 */
async function startHandWrittenServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handWrittenLoopWithJson(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/estimate`, server };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

/** Wall time, and this process's CPU time (server and client share the process, so CPU covers both). */
async function time(run: () => unknown): Promise<Timing> {
  collectGarbage();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await run();
  const wall = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function totalOf(responseText: string): number {
  return (JSON.parse(responseText) as { totals: { co2e: number } }).totals.co2e;
}

const testApp = await createTestApp();
try {
  await seedDemoRealm(testApp.database.db);
  const token = await signIn(testApp.app, DEMO_USER);
  const headers = { ...withSession(token), 'content-type': 'application/json' };
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = testApp.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${ESTIMATE_PATH}`;

  const viaInject = async (body: string): Promise<string> => {
    const response = await testApp.app.inject({ method: 'POST', url: ESTIMATE_PATH, headers, payload: body });
    if (response.statusCode !== 200) throw new Error(`inject: ${response.statusCode} ${response.body}`);
    return response.body;
  };
  const handWritten = await startHandWrittenServer();
  const viaHandWrittenServer = async (body: string): Promise<string> => {
    const response = await fetch(handWritten.url, { method: 'POST', headers, body });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`hand-written server: ${response.status}`);
    return text;
  };
  const viaFetch = async (body: string): Promise<string> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, origin: new URL(url).origin },
      body,
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`fetch: ${response.status} ${text}`);
    return text;
  };

  console.info(
    `estimate API, ${ESTIMATE_ITEM_COUNT} items, ${MEASURED_RUNS} alternating runs each, medians (target 3×)`,
  );
  for (const [label, items] of [
    ['library factors (heat content, scf, market-based kWh)', libraryItems()],
    ['inline factors (the API example shape)', inlineItems()],
  ] as const) {
    const requestText = JSON.stringify({ gwp: 'AR5', items });
    const parsedItems = (JSON.parse(requestText) as { items: EstimateItem[] }).items;
    const expected = handWrittenLoop(parsedItems).totals.co2e;
    for (const [name, run] of [
      ['inject', viaInject],
      ['fetch', viaFetch],
      ['hand-written server', viaHandWrittenServer],
    ] as const) {
      const actual = totalOf(await run(requestText));
      if (Math.abs(actual - expected) / expected > 1e-12) {
        throw new Error(`${label} via ${name}: total ${actual} differs from the loop's ${expected}`);
      }
    }
    const runs = {
      loop: () => handWrittenLoop(parsedItems),
      loopWithJson: () => handWrittenLoopWithJson(requestText),
      inject: () => viaInject(requestText),
      fetch: () => viaFetch(requestText),
      handWrittenServer: () => viaHandWrittenServer(requestText),
    };
    for (let run = 0; run < WARM_UP_RUNS; run++) {
      for (const each of Object.values(runs)) await each();
    }
    const timings: Record<keyof typeof runs, Timing[]> = {
      loop: [],
      loopWithJson: [],
      inject: [],
      fetch: [],
      handWrittenServer: [],
    };
    // Alternate so every contender sees the same machine state.
    for (let run = 0; run < MEASURED_RUNS; run++) {
      for (const [name, each] of Object.entries(runs) as [keyof typeof runs, () => unknown][]) {
        timings[name].push(await time(each));
      }
    }

    // Where the zod schemas would spend time: request validation (kept) and a zod response serializer (not used).
    const responseBody = JSON.parse(await viaInject(requestText)) as unknown;
    const breakdown = {
      'JSON.parse': () => JSON.parse(requestText),
      'JSON.parse + zod request validation': () => estimateRequestSchema.parse(JSON.parse(requestText)),
      'JSON.stringify of the answer': () => JSON.stringify(responseBody),
      'zod response serializer (parse + JSON.stringify)': () =>
        JSON.stringify(estimateResponseSchema.parse(responseBody)),
    };
    const breakdownMedians: string[] = [];
    for (const [name, each] of Object.entries(breakdown)) {
      const walls: number[] = [];
      for (let run = 0; run < BREAKDOWN_RUNS; run++) walls.push((await time(each)).wall);
      breakdownMedians.push(`${name} ${median(walls).toFixed(1)} ms`);
    }

    console.info(`\n${label}: request ${(requestText.length / 1e6).toFixed(1)} MB`);
    for (const metric of ['wall', 'cpu'] as const) {
      const medianOf = (name: keyof typeof runs) => median(timings[name].map((timing) => timing[metric]));
      const loop = medianOf('loop');
      const loopWithJson = medianOf('loopWithJson');
      const handWrittenServer = medianOf('handWrittenServer');
      console.info(
        `  ${metric}: loop ${loop.toFixed(1)} ms, loop + JSON ${loopWithJson.toFixed(1)} ms, ` +
          `inject ${medianOf('inject').toFixed(1)} ms, fetch ${medianOf('fetch').toFixed(1)} ms, ` +
          `hand-written server ${handWrittenServer.toFixed(1)} ms`,
      );
      console.info(
        `    fetch: ${(medianOf('fetch') / handWrittenServer).toFixed(2)}× the hand-written server (the target)`,
      );
      for (const name of ['inject', 'fetch'] as const) {
        console.info(
          `    ${name}: ${(medianOf(name) / loop).toFixed(2)}× the loop, ` +
            `${(medianOf(name) / loopWithJson).toFixed(2)}× the loop + JSON`,
        );
      }
    }
    console.info(`  breakdown, wall medians of ${BREAKDOWN_RUNS}: ${breakdownMedians.join('; ')}`);
  }
  handWritten.server.close();
} finally {
  await testApp.close();
}
