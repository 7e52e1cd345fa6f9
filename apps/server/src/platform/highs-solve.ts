import type { Highs } from 'highs';

/** One model for HiGHS: CPLEX LP text, how long it may run and the relative gap it may stop at. */
export interface SolverJob {
  readonly lpText: string;
  readonly timeLimitSeconds: number;
  readonly mipGap: number;
}

/**
 * What a solve ended with. `optimal` and `infeasible` are proved; `limit`: stopped by the time limit (or another
 * limit) with or without a solution; `failed`: any other model status, named in `detail`.
 */
export interface SolverOutcome {
  readonly status: 'optimal' | 'infeasible' | 'limit' | 'failed';
  readonly detail: string;
  readonly hasSolution: boolean;
  readonly objective: number;
  /** Column values by name, when there is a solution. */
  readonly values: Readonly<Record<string, number>>;
  /** The relative MIP gap at the end (0 for a proved optimum without integer columns). */
  readonly gap: number;
  readonly solveMs: number;
}

const FEASIBLE_PRIMAL_SOLUTION = 2;
/**
 * Bounds and right-hand sides divided by 2⁶ inside HiGHS (it unscales the answer): HiGHS's own advice for the
 * optimizer's models, whose kg run to tens of millions; the 40 × 10 benchmark proves in 71 nodes instead of 167
 * (docs/performance.md, "Pathway optimizer").
 */
const BOUND_SCALE_EXPONENT = -6;
/**
 * HiGHS's sub-MIP heuristics (RINS, RENS) off: on the optimizer's models they spent a third of the root node
 * (HiGHS's log of the 40 × 10 benchmark: 6.5 of 17.9 s in sub-MIPs) for incumbents branch-and-bound finds anyway;
 * 4–28 % less CPU to prove the optimum on five 40 × 10 instances and on 150 × 10 at 1 % (docs/performance.md).
 */
const SUB_MIP_HEURISTICS_OFF = { mip_heuristic_run_rins: false, mip_heuristic_run_rens: false };

/** Solves one job on a loaded HiGHS, on the calling thread (the worker's, or a benchmark's baseline). */
export function solveWithHighs(highs: Highs, job: SolverJob): SolverOutcome {
  const started = performance.now();
  return highs.withModel({ format: 'lp', data: job.lpText }, (model): SolverOutcome => {
    model.options.set({
      output_flag: false,
      time_limit: job.timeLimitSeconds,
      mip_rel_gap: job.mipGap,
      user_bound_scale: BOUND_SCALE_EXPONENT,
      ...SUB_MIP_HEURISTICS_OFF,
    });
    model.run();
    const modelStatus = model.getModelStatus();
    const codes = highs.constants.modelStatus;
    const hasSolution = model.info.get('primal_solution_status') === FEASIBLE_PRIMAL_SOLUTION;
    const values: Record<string, number> = {};
    if (hasSolution) {
      const { colValue } = model.getSolution();
      colValue.forEach((value, index) => {
        values[model.getColName(index)] = value;
      });
    }
    const mipGap = Number(model.info.get('mip_gap'));
    const status: SolverOutcome['status'] =
      modelStatus === codes.optimal
        ? 'optimal'
        : modelStatus === codes.infeasible
          ? 'infeasible'
          : modelStatus === codes.timeLimit ||
              modelStatus === codes.iterationLimit ||
              modelStatus === codes.solutionLimit
            ? 'limit'
            : 'failed';
    return {
      status,
      detail: `HiGHS model status ${modelStatus}`,
      hasSolution,
      objective: hasSolution ? model.getObjectiveValue() : Number.NaN,
      values,
      gap: Number.isFinite(mipGap) ? Math.max(0, mipGap) : status === 'optimal' ? 0 : 1,
      solveMs: performance.now() - started,
    };
  });
}
