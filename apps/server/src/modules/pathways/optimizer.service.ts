import {
  DEFAULT_OPTIMIZER_TIME_LIMIT_SECONDS,
  type FieldErrors,
  type OptimizeRequest,
  type OptimizeResponse,
} from '@ecc/contracts';
import {
  buildOptimizerModel,
  evaluatePlan,
  findPinConflict,
  findPrerequisiteCycle,
  planFromSolution,
  prepareOptimizerInput,
  type OptimizerInput,
  type OptimizerObjective,
  type PlannedStart,
} from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import type { SolverJob, SolverOutcome } from '#platform/highs-solve.ts';

/** Runs one model: HiGHS on the worker's thread in the server, on the test's own thread in unit tests. */
export type SolveModel = (job: SolverJob) => Promise<SolverOutcome>;

/** What the server posts to the optimizer's worker: a validated request and the time it may take. */
export interface OptimizerJob {
  readonly request: OptimizeRequest;
  readonly timeLimitSeconds: number;
}

/**
 * What the worker answers a job: the response, or a refusal the optimizer raised while solving (pins whose budgets
 * cannot all be met), which the route answers as the same HttpError.
 */
export type OptimizerAnswer =
  | { readonly response: OptimizeResponse }
  | {
      readonly refusal: {
        readonly statusCode: number;
        readonly message: string;
        readonly fieldErrors?: FieldErrors;
      };
    };

/** Runs the optimizer and wraps its answer, or its refusal, for the trip back from the worker. */
export async function answerOptimizerJob(job: OptimizerJob, solve: SolveModel): Promise<OptimizerAnswer> {
  try {
    return { response: await optimizePathway(job.request, solve) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    return {
      refusal: {
        statusCode: error.statusCode,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      },
    };
  }
}

export function optimizerJobOf(request: OptimizeRequest): OptimizerJob {
  return {
    request,
    timeLimitSeconds: request.solver?.timeLimitSeconds ?? DEFAULT_OPTIMIZER_TIME_LIMIT_SECONDS,
  };
}

/** A prerequisite cycle is a 422 naming the measure of the cycle first in the request. */
export function assertNoPrerequisiteCycle(request: OptimizeRequest): void {
  const cycle = findPrerequisiteCycle(request.measures);
  if (cycle) {
    throw fieldRefusal(422, {
      [`body/measures/${cycle.index}/requires`]: `These prerequisites form a cycle: ${cycle.cycle.join(' → ')}`,
    });
  }
}

export const PINS_OVER_BUDGET_MESSAGE =
  'The pinned measures cannot all start within the yearly budgets: unpin one or raise a budget';

/** Pins and bans no plan can keep together are a 422 naming the pin (`body/pinned/<i>`). */
export function assertPinsCompatible(request: OptimizeRequest): void {
  const conflict = findPinConflict(request);
  if (conflict) throw fieldRefusal(422, { [`body/pinned/${conflict.index}`]: conflict.message });
}

/** A request the optimizer refuses on the request thread: a prerequisite cycle, pins that cannot hold together. */
export function assertSolvable(request: OptimizeRequest): void {
  assertNoPrerequisiteCycle(request);
  assertPinsCompatible(request);
}

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
 * at that shortfall. A prerequisite cycle, or pins that cannot hold together, is a 422 naming the field.
 */
export async function optimizePathway(
  request: OptimizeRequest,
  solve: SolveModel,
): Promise<OptimizeResponse> {
  assertSolvable(request);
  const started = performance.now();
  const deadline = started + optimizerJobOf(request).timeLimitSeconds * 1000;
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
    // Shortfall is free in this model, so only pins whose budgets cannot all be met make it infeasible.
    if (leastShortfall.outcome.status === 'infeasible') {
      throw fieldRefusal(422, { 'body/pinned': PINS_OVER_BUDGET_MESSAGE });
    }
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
  // Without any solution in time, doing nothing is the plan answered: it always keeps within the budgets. Its
  // shortfall says nothing about whether a plan could meet the trajectory, so it is not called infeasible.
  const plan = final.plan ?? [];
  const evaluation = evaluatePlan(input, plan);
  const status = !final.plan
    ? 'unsolved'
    : evaluation.totalShortfall > 0
      ? 'infeasible'
      : isProved
        ? 'optimal'
        : 'feasible';
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
