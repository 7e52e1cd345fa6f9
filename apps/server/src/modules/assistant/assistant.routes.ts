import { assistantEndpoints, type AssistantStreamEvent } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { canAccessRecord } from '@ecc/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { endpointRoute } from '#platform/endpoint-route.ts';
import type { AssistantModelConfig } from '#platform/config.ts';
import { permissionAccess, requestAbilityService, requireSession } from '#platform/route-access.ts';
import { createAssistantModel } from './assistant-model.ts';
import {
  askAssistant,
  type AssistantAnswering,
  deleteConversation,
  listConversations,
  readConversation,
  type AssistantAsker,
} from './assistant.service.ts';

/** Words per streamed piece: enough to read as it arrives, few enough events for a long answer. */
const STREAM_WORDS_PER_PIECE = 4;

/** A stream of newline-delimited JSON events: written as it comes, never serialised as one answer. */
function sendNdjson(reply: FastifyReply, stream: PassThrough): FastifyReply {
  return reply.header('Cache-Control', 'no-store').type('application/x-ndjson').send(stream);
}

export interface AssistantRouteOptions {
  now: () => Date;
  /** The model mode's server (LLM_*); without it every answer is offline. */
  model: AssistantModelConfig | undefined;
}

/**
 * The assistant (issue 14, item 4) for whoever may read the realm's facilities, on the plans and with the flag of
 * `/context-ai` (plan paid, flag `ai-assistant`): the API refuses what the page's guard refuses.
 */
export function registerAssistantRoutes(
  app: FastifyInstance,
  db: Database,
  { now, model: modelConfig }: AssistantRouteOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const model = modelConfig === undefined ? undefined : createAssistantModel(modelConfig);
  const answeringOf = (request: FastifyRequest): AssistantAnswering => ({
    model,
    logModelFailure: (error) =>
      request.log.warn({ err: error }, 'The assistant model failed; the offline answer was sent'),
  });
  const access = { access: permissionAccess('read', 'Facility', { route: 'context-ai' }) };

  const askerOf = async (request: FastifyRequest): Promise<AssistantAsker> => {
    const session = requireSession(request);
    const ability = await requestAbilityService(request).abilityOf(session);
    return {
      realmId: session.realm.id,
      userId: session.user.id,
      canReadFacility: (facilityId) =>
        canAccessRecord(ability, 'read', 'Facility', { realm: session.realm.key, id: facilityId }),
    };
  };
  const today = () => now().toISOString().slice(0, 10);

  api.route({
    ...endpointRoute(assistantEndpoints.ask),
    config: access,
    handler: async (request) =>
      askAssistant(db, await askerOf(request), request.body, today(), answeringOf(request)),
  });
  api.route({
    ...endpointRoute(assistantEndpoints.askStream),
    config: access,
    handler: async (request, reply) => {
      // Refusals (a 404 conversation) are answered as such before the stream starts. In the model mode the answer
      // is checked before its first piece is sent: what streams is the checked answer, never a correction.
      const answer = await askAssistant(
        db,
        await askerOf(request),
        request.body,
        today(),
        answeringOf(request),
      );
      const stream = new PassThrough();
      const send = (event: AssistantStreamEvent) => stream.write(`${JSON.stringify(event)}\n`);
      const words = answer.answer.split(/(?<=\s)/);
      for (let index = 0; index < words.length; index += STREAM_WORDS_PER_PIECE) {
        send({ type: 'text', text: words.slice(index, index + STREAM_WORDS_PER_PIECE).join('') });
      }
      send({ type: 'done', ...answer });
      stream.end();
      return sendNdjson(reply, stream);
    },
  });
  api.route({
    ...endpointRoute(assistantEndpoints.conversations),
    config: access,
    handler: async (request) => listConversations(db, await askerOf(request)),
  });
  api.route({
    ...endpointRoute(assistantEndpoints.conversation),
    config: access,
    handler: async (request) => readConversation(db, await askerOf(request), request.params.id),
  });
  api.route({
    ...endpointRoute(assistantEndpoints.removeConversation),
    config: access,
    handler: async (request, reply) => {
      await deleteConversation(db, await askerOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
