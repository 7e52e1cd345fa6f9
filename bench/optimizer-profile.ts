/**
 * Where the optimizer's time goes on the benchmark's 40 measures × 10 years instance (issue 12, Performance):
 * building the LP text, loading HiGHS (WebAssembly instantiation), reading the model, the solve (HiGHS's own log:
 * presolve, root node, branch-and-bound) and reading the solution back. Run: `npx tsx bench/optimizer-profile.ts`
 * (`--log` prints HiGHS's log of the solve; `--before`, with the sub-MIP heuristics
 * on as before decision 052).
 */
import { loadavg } from 'node:os';
import loadHighs from 'highs';
import { buildOptimizerModel, prepareOptimizerInput } from '../packages/domain/src/index.ts';
import { instance } from './support/optimizer-instances.ts';

const MEASURE_COUNT = Number(process.argv.find((argument) => /^\d+$/.test(argument)) ?? 40);
const isLogPrinted = process.argv.includes('--log');

async function timed<T>(label: string, work: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.info(`  ${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
}

console.info(
  `optimizer profile, ${MEASURE_COUNT} measures × 10 years, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
const request = instance(MEASURE_COUNT, MEASURE_COUNT);
const input = await timed('prepare the input', () => prepareOptimizerInput(request));
const model = await timed('build the LP text', () =>
  buildOptimizerModel(input, { kind: 'least-cost', shortfallLimit: 0 }),
);
console.info(`    ${model.decisions.length} binaries, ${model.lpText.length} characters`);
const log: string[] = [];
const highs = await timed('load HiGHS (instantiate the WebAssembly)', () =>
  loadHighs({ print: (line) => log.push(line), printErr: (line) => log.push(line) }),
);
await timed('load HiGHS a second time (what loading per solve would cost)', () => loadHighs());
highs.withModel((solver) => {
  const read = solver.readModel({ format: 'lp', data: model.lpText });
  void read;
  return undefined;
});
await timed('read the LP text', () =>
  highs.withModel((solver) => solver.readModel({ format: 'lp', data: model.lpText })),
);
const started = performance.now();
await highs.withModel(async (solver) => {
  solver.readModel({ format: 'lp', data: model.lpText });
  // The options solveWithHighs sets (platform/highs-solve.ts), with HiGHS's log on; `--before` as before session 10.
  solver.options.set({
    output_flag: true,
    mip_rel_gap: 0,
    time_limit: 60,
    user_bound_scale: -6,
    mip_heuristic_run_rins: process.argv.includes('--before'),
    mip_heuristic_run_rens: process.argv.includes('--before'),
  });
  log.length = 0;
  await timed('run (presolve, root node, branch-and-bound)', () => solver.run());
  await timed('read the solution back by column name', () => {
    const values: Record<string, number> = {};
    solver.getSolution().colValue.forEach((value, index) => {
      values[solver.getColName(index)] = value;
    });
    return values;
  });
  console.info(
    `    status ${solver.getModelStatus()}, objective ${solver.getObjectiveValue()}, nodes ${solver.info.get('mip_node_count')}, ` +
      `LP iterations ${solver.info.get('simplex_iteration_count')}, HiGHS run time ${(solver.getRunTime() * 1000).toFixed(0)} ms`,
  );
});
console.info(`  whole solve: ${(performance.now() - started).toFixed(1)} ms`);
if (isLogPrinted) console.info(log.join('\n'));
