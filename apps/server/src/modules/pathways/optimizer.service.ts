import {
  DEFAULT_OPTIMIZER_TIME_LIMIT_SECONDS,
  type OptimizeRequest,
  type OptimizeResponse,
} from '@ecc/contracts';
import {
  buildOptimizerModel,
  evaluatePlan,
  findPrerequisiteCycle,
  planFromSolution,
  prepareOptimizerInput,
  type OptimizerInput,
  type OptimizerObjective,
  type PlannedStart,
} from '@ecc/domain';
import { fieldRefusal } from '#platform/errors.ts';
import type { SolverJob, SolverOutcome } from '#platform/highs-solve.ts';

/** Runs one model: the worker's HiGHS in the server, HiGHS on the test's own thread in unit tests. */
export type SolveModel = (job: SolverJob) => Promise<SolverOutcome>;

/** Proves optimality unless the caller accepts a gap: the answer's cost is then the least cost. */
const DEFAULT_MIP_GAP = 0;
/** The least-cost solve may exceed the least shortfall by this share of it (the solver's rounding). */
const SHORTFALL_SLACK = 1e-7;

interface SolvedPhase {
  readonly outcome: SolverOutcome;
  readonly plan: PlannedStart[] | undefined;
}

/**
 * The plan of least discounted cost that keeps emissions on or under the trajectory every year, within the yearly
 * budgets; when no plan does, the plan of least total shortfall, then least cost (docs/optimizer.md). First the
 * model with no shortfall allowed; only when HiGHS proves it infeasible, the least shortfall, then the least cost
 * at that shortfall. A prerequisite cycle is a 422 naming the measure.
 */
export async function optimizePathway(
  request: OptimizeRequest,
  solve: SolveModel,
): Promise<OptimizeResponse> {
  const cycle = findPrerequisiteCycle(request.measures);
  if (cycle) {
    throw fieldRefusal(422, {
      [`body/measures/${cycle.index}/requires`]: `These prerequisites form a cycle: ${cycle.cycle.join(' → ')}`,
    });
  }
  const started = performance.now();
  const deadline =
    started + (request.solver?.timeLimitSeconds ?? DEFAULT_OPTIMIZER_TIME_LIMIT_SECONDS) * 1000;
  const mipGap = request.solver?.mipGap ?? DEFAULT_MIP_GAP;
  const input = prepareOptimizerInput(request);
  const runPhase = async (objective: OptimizerObjective): Promise<SolvedPhase> => {
    const model = buildOptimizerModel(input, objective);
    const timeLimitSeconds = Math.max(0.001, (deadline - performance.now()) / 1000);
    const outcome = await solve({ lpText: model.lpText, timeLimitSeconds, mipGap });
    if (outcome.status === 'failed')
      throw new Error(`The optimizer's model could not be solved: ${outcome.detail}`);
    return { outcome, plan: outcome.hasSolution ? planFromSolution(model, outcome.values) : undefined };
  };

  const meeting = await runPhase({ kind: 'least-cost', shortfallLimit: 0 });
  let final = meeting;
  let isProved = meeting.outcome.status === 'optimal';
  if (meeting.outcome.status === 'infeasible') {
    const leastShortfall = await runPhase({ kind: 'least-shortfall' });
    final = leastShortfall;
    isProved = leastShortfall.outcome.status === 'optimal';
    if (leastShortfall.plan) {
      const shortfall = evaluatePlan(input, leastShortfall.plan).totalShortfall;
      const cheapest = await runPhase({
        kind: 'least-cost',
        shortfallLimit: shortfall * (1 + SHORTFALL_SLACK),
      });
      if (cheapest.plan) final = cheapest;
      isProved = isProved && cheapest.outcome.status === 'optimal';
    }
  }
  return answer(input, request, final, isProved, performance.now() - started);
}

function answer(
  input: OptimizerInput,
  request: OptimizeRequest,
  final: SolvedPhase,
  isProved: boolean,
  solveMs: number,
): OptimizeResponse {
  // Without any solution in time, doing nothing is the plan answered: it always keeps within the budgets.
  const plan = final.plan ?? [];
  const evaluation = evaluatePlan(input, plan);
  const status = evaluation.totalShortfall > 0 ? 'infeasible' : isProved ? 'optimal' : 'feasible';
  return {
    status,
    cost: evaluation.cost,
    plan: [...plan]
      .sort((left, right) => left.startYear - right.startYear || left.measureIndex - right.measureIndex)
      .map(({ measureIndex, startYear }) => ({ id: request.measures[measureIndex]!.id, startYear })),
    years: evaluation.years,
    gap: final.plan ? final.outcome.gap : 1,
    solveMs,
  };
}
