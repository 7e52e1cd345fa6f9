import { pathwayEndpoints } from '@ecc/contracts';
import { absoluteContractionTrajectory } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { SolverFailureError, type HighsSolver } from '#platform/highs-solver.ts';
import { permissionAccess } from '#platform/route-access.ts';
import {
  assertSolvable,
  optimizerJobOf,
  type OptimizerAnswer,
  type OptimizerJob,
} from './optimizer.service.ts';

/** The module the optimizer's worker thread runs. */
export const OPTIMIZER_WORKER_URL = new URL('./optimizer-worker.ts', import.meta.url);

/** The optimizer's worker thread: jobs in, answers out. */
export type OptimizerSolver = HighsSolver<OptimizerJob, OptimizerAnswer>;

export const SOLVER_FAILURE_MESSAGE =
  'The optimizer stopped before it found a plan. Nothing was changed; try again, or with fewer measures.';

/**
 * Trajectories (issue 12, item 2) and the optimizer (item 4). Both compute on what the caller sends and read no
 * stored data: whoever may read the realm's facilities (and so their emissions) may plan, on the plans of the
 * route table's `/pathways` and `/lighttouch` (decision 032).
 */
export function registerPathwayRoutes(app: FastifyInstance, solver: OptimizerSolver): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...endpointRoute(pathwayEndpoints.trajectory),
    config: { access: permissionAccess('read', 'Facility', { route: 'pathways' }) },
    handler: async (request) => ({ ...request.query, years: absoluteContractionTrajectory(request.query) }),
  });
  api.route({
    ...endpointRoute(pathwayEndpoints.optimize),
    // A POST for its body's size only: it writes nothing, so the cached sessions and rights stay (without this the
    // next request read them again, 9 queries and about 10 ms on PGlite: docs/performance.md, "Pathway optimizer").
    config: { access: permissionAccess('read', 'Facility', { route: 'lighttouch' }), isWriteFree: true },
    handler: async (request) => {
      assertSolvable(request.body);
      let answer: OptimizerAnswer;
      try {
        answer = await solver.solve(optimizerJobOf(request.body));
      } catch (error) {
        if (!(error instanceof SolverFailureError)) throw error;
        // The error handler logs the refusal with its cause: what happened to the worker.
        throw Object.assign(new HttpError(500, SOLVER_FAILURE_MESSAGE), { cause: error });
      }
      if ('refusal' in answer) {
        const { statusCode, message, fieldErrors } = answer.refusal;
        throw new HttpError(statusCode, message, fieldErrors);
      }
      return answer.response;
    },
  });
}
