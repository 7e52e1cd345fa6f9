import {
  emissionFactorListQuerySchema,
  emissionFactorListResponseSchema,
  estimateFailureSchema,
  estimateRequestSchema,
  estimateResponseSchema,
} from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_ACCESS } from '#platform/route-access.ts';
import { listEmissionFactors, runEstimate } from './emissions.service.ts';

/**
 * 100,000 items with inline factors are about 25 MB of compact JSON (bench/estimate-api.bench.ts), far over the
 * global 1 MB limit; 64 MB leaves room for longer ids and indented JSON. Only signed-in callers get this far:
 * the access check runs before the body is read.
 */
export const ESTIMATE_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The answers are built from typed engine results, so checking them again is not needed; the zod serializer
 * (a full parse of the answer before JSON.stringify) would add a large share of the time at 100,000 items.
 */
const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/** The estimate API (issue 4, item 4) and the emission factor library (item 2). */
export function registerEmissionsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/emissions/estimate',
    {
      config: { access: SESSION_ACCESS },
      bodyLimit: ESTIMATE_BODY_LIMIT_BYTES,
      schema: {
        body: estimateRequestSchema,
        response: { 200: estimateResponseSchema, 422: estimateFailureSchema },
      },
      serializerCompiler: serializeAsJson,
    },
    async (request, reply) => {
      const answer = runEstimate(request.body);
      if (answer.ok) return answer.response;
      // Not the generic {statusCode, error, message}: issue 4 specifies this body, which names every bad item
      // with its id and path so an integration can fix all of them in one go.
      return reply.code(422).send(answer.failure);
    },
  );

  api.get(
    '/api/emission-factors',
    {
      config: { access: SESSION_ACCESS },
      schema: {
        querystring: emissionFactorListQuerySchema,
        response: { 200: emissionFactorListResponseSchema },
      },
    },
    async (request) => listEmissionFactors(request.query),
  );
}
