/**
 * Benchmark of the pathway optimizer (issue 12, Performance): 40 measures × 10 years solved to optimality (goal
 * under 1 s) and 150 measures × 10 years at a 1 % gap (goal under 10 s), each through the API
 * (`POST /api/pathways/optimize` on the real app, PGlite, signed in on a paid realm: JSON, validation, the model
 * built in packages/domain, HiGHS on the worker thread, the plan evaluated and written back) against HiGHS called
 * directly on this thread with the same model text, in the same run, alternating (goal: the API within 1.3×).
 * Instances are seeded, so every run solves the same models. Run: `npx tsx bench/optimizer.bench.ts`.
 */
import { loadavg } from 'node:os';
import loadHighs from 'highs';
import { optimizeResponseSchema, type OptimizeRequest } from '../packages/contracts/src/index.ts';
import { createAuthzRepository } from '../packages/db/src/index.ts';
import { buildOptimizerModel, prepareOptimizerInput } from '../packages/domain/src/index.ts';
import { solveWithHighs, type SolverJob } from '../apps/server/src/platform/highs-solve.ts';
import { optimizePathway } from '../apps/server/src/modules/pathways/optimizer.service.ts';
import { createTestApp, signIn, withSession } from '../apps/server/src/test-support/test-app.ts';
import { createTestRealm, createTestUser } from '../apps/server/src/test-support/test-realms.ts';
import { instance } from './support/optimizer-instances.ts';

const HOST = 'bench.optimizer.test';
const USER = { email: 'bench@optimizer.test', password: 'bench-password-1' };

interface Case {
  readonly name: string;
  readonly measureCount: number;
  readonly mipGap: number;
  readonly runs: number;
  readonly goalMs?: number;
}

/** Both sides get the same wall-clock limit; a busy machine's wall clock stops them sooner in CPU. */
const TIME_LIMIT_SECONDS = 10;
const CASES: readonly Case[] = [
  { name: '40 measures × 10 years, optimal (gap 0)', measureCount: 40, mipGap: 0, runs: 2, goalMs: 1_000 },
  { name: '150 measures × 10 years, 1 % gap', measureCount: 150, mipGap: 0.01, runs: 2, goalMs: 10_000 },
  // Too few measures to meet the trajectory: the API's three solves (least cost, least shortfall, least cost at it).
  { name: '20 measures × 10 years, infeasible, optimal (gap 0)', measureCount: 20, mipGap: 0, runs: 5 },
];

interface Timing {
  readonly wallMs: number;
  /** CPU of the whole process, every thread: the worker's solve included, other processes' load excluded. */
  readonly cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; timing: Timing }> {
  const startedCpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(startedCpu);
  return { result, timing: { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 } };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  // As the server starts it: the worker at once, warmed up (decision 052).
  const testApp = await createTestApp({ solver: { isStartedAtOnce: true } });
  const highs = await loadHighs();
  try {
    const { db } = testApp.database;
    const realm = await createTestRealm(db, { key: 'bench', plan: 'paid', domains: [HOST] });
    await createTestUser(db, realm, USER);
    await createAuthzRepository(db).syncDefaultRoles();
    const token = await signIn(testApp.app, USER, HOST);
    const callApi = async (request: OptimizeRequest) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/pathways/optimize',
        headers: { ...withSession(token), host: HOST },
        payload: request,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
      return optimizeResponseSchema.parse(response.json());
    };
    console.info(
      `optimizer, load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} (2 cores shared)`,
    );
    // Warm-up: the worker thread starts and loads HiGHS on the API's first call.
    await callApi({ ...instance(2, 2), solver: { timeLimitSeconds: TIME_LIMIT_SECONDS } });
    for (const benchCase of CASES) {
      const solver = { mipGap: benchCase.mipGap, timeLimitSeconds: TIME_LIMIT_SECONDS };
      const request = { ...instance(benchCase.measureCount, benchCase.measureCount), solver };
      // The models the API solves (one when the trajectory can be met, three when not), recorded once, then
      // solved directly in the same order: the same model texts, without the API around them.
      const jobs: SolverJob[] = [];
      await optimizePathway(request, async (job) => {
        jobs.push(job);
        return solveWithHighs(highs, job);
      });
      const binaryCount = buildOptimizerModel(prepareOptimizerInput(request), {
        kind: 'least-shortfall',
      }).decisions.length;
      const api: Timing[] = [];
      const direct: Timing[] = [];
      const outcomes = new Set<string>();
      for (let run = 0; run < benchCase.runs; run += 1) {
        const called = await timed(() => callApi(request));
        api.push(called.timing);
        outcomes.add(`API ${called.result.status} at gap ${(called.result.gap * 100).toFixed(3)} %`);
        const solved = await timed(async () =>
          jobs.map((job) => solveWithHighs(highs, { ...job, timeLimitSeconds: TIME_LIMIT_SECONDS })),
        );
        direct.push(solved.timing);
        const statuses = solved.result.map(
          (outcome) => `${outcome.status} at gap ${(outcome.gap * 100).toFixed(3)} %`,
        );
        outcomes.add(`direct (${jobs.length} models) ${statuses.join(', ')}`);
      }
      const medianOf = (timings: Timing[], key: keyof Timing) => median(timings.map((timing) => timing[key]));
      const [apiWall, directWall] = [medianOf(api, 'wallMs'), medianOf(direct, 'wallMs')];
      const [apiCpu, directCpu] = [medianOf(api, 'cpuMs'), medianOf(direct, 'cpuMs')];
      const goal = benchCase.goalMs === undefined ? '' : `; goal < ${benchCase.goalMs} ms`;
      console.info(
        `  ${benchCase.name} (${binaryCount} binaries, ${benchCase.runs} alternating runs, medians${goal}):\n` +
          `    wall: API ${apiWall.toFixed(0)} ms, HiGHS directly ${directWall.toFixed(0)} ms, ` +
          `${(apiWall / directWall).toFixed(2)}× (goal ≤ 1.3×)\n` +
          `    process CPU: API ${apiCpu.toFixed(0)} ms, HiGHS directly ${directCpu.toFixed(0)} ms, ` +
          `${(apiCpu / directCpu).toFixed(2)}×\n` +
          `    ended: ${[...outcomes].join('; ')}`,
      );
    }
  } finally {
    await testApp.close();
  }
}

await main();
