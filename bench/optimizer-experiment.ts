/**
 * HiGHS options A/B on the benchmark's instances (docs/performance.md, "Pathway optimizer"): each variant solves
 * the same least-cost model in one process, one after another, and reports HiGHS's node and LP-iteration counts
 * (independent of the machine's load) and process CPU. The first solve of a process pays a first-use cost
 * (bench/optimizer-first-solve.ts), so `previous` (the options before sub-MIPs were turned off) runs twice;
 * `noRins` is what `solveWithHighs` sets now. With `START=optimum` each variant gets the proved optimum as its
 * first incumbent (`setSolution`): what the best plan computed before HiGHS could save at most (docs/performance.md,
 * "An incumbent before the solve"); `optimumGivenHeuristicsOff` is meant for that mode. Run:
 * `SEEDS=40,41 MEASURES=40 GAP=0 [START=optimum] npx tsx bench/optimizer-experiment.ts [variant…]`.
 */
import loadHighs from 'highs';
import { buildOptimizerModel, prepareOptimizerInput } from '../packages/domain/src/index.ts';
import { instance } from './support/optimizer-instances.ts';

const highs = await loadHighs();
const variants: Record<string, Record<string, number | boolean | string>> = {
  previous: {},
  previousAgain: {},
  noRinsReliable1: {
    mip_heuristic_run_rins: false,
    mip_heuristic_run_rens: false,
    mip_pscost_minreliable: 1,
  },
  noRensOnly: { mip_heuristic_run_rens: false },
  noRinsOnly: { mip_heuristic_run_rins: false },
  noRins: { mip_heuristic_run_rins: false, mip_heuristic_run_rens: false },
  noSubMip: {
    mip_heuristic_run_rins: false,
    mip_heuristic_run_rens: false,
    mip_heuristic_run_root_reduced_cost: false,
  },
  effort0: { mip_heuristic_effort: 0 },
  noRestart: { mip_allow_restart: false },
  reliable1: { mip_pscost_minreliable: 1 },
  noRestartNoSub: { mip_allow_restart: false, mip_heuristic_run_rins: false, mip_heuristic_run_rens: false },
  optimumGivenHeuristicsOff: {
    mip_heuristic_run_rins: false,
    mip_heuristic_run_rens: false,
    mip_heuristic_run_root_reduced_cost: false,
    mip_heuristic_run_feasibility_jump: false,
    mip_heuristic_effort: 0,
  },
};
const isOptimumGiven = process.env.START === 'optimum';
const chosen = process.argv.slice(2).filter((name) => name in variants);
const seeds = (process.env.SEEDS ?? '40').split(',').map(Number);
for (const seed of seeds) {
  const request = instance(Number(process.env.MEASURES ?? 40), seed);
  const model = buildOptimizerModel(prepareOptimizerInput(request), {
    kind: 'least-cost',
    shortfallLimit: 0,
  });
  const optimum = isOptimumGiven
    ? highs.withModel({ format: 'lp', data: model.lpText }, (m) => {
        m.options.set({ output_flag: false, time_limit: 120, mip_rel_gap: 0, user_bound_scale: -6 });
        m.run();
        return [...m.getSolution().colValue];
      })
    : undefined;
  for (const name of chosen.length ? chosen : Object.keys(variants)) {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    highs.withModel({ format: 'lp', data: model.lpText }, (m) => {
      m.options.set({
        output_flag: false,
        time_limit: 120,
        mip_rel_gap: Number(process.env.GAP ?? 0),
        user_bound_scale: -6,
        ...variants[name],
      });
      if (optimum) m.setSolution({ colValue: optimum });
      m.run();
      const used = process.cpuUsage(cpu);
      console.info(
        `seed ${seed} ${name.padEnd(16)} status ${m.getModelStatus()} gap ${Number(m.info.get('mip_gap')).toFixed(4)} obj ${m.getObjectiveValue().toFixed(2)} nodes ${m.info.get('mip_node_count')} iters ${m.info.get('simplex_iteration_count')} cpu ${((used.user + used.system) / 1000).toFixed(0)} ms wall ${(performance.now() - wall).toFixed(0)} ms`,
      );
    });
  }
}
