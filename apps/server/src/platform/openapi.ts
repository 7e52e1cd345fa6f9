import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PUBLIC_ACCESS } from './route-access.ts';

export const OPENAPI_PATH = '/api/openapi.json';
/** Each operation's declared access (`{kind: 'public' | 'session' | 'permission', …}`), as an extension. */
export const ACCESS_EXTENSION = 'x-access';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

type OpenApiDocument = ReturnType<FastifyInstance['swagger']> & {
  paths?: Record<string, Partial<Record<HttpMethod, Record<string, unknown>>>>;
};

/** `/api/facilities/:id` → `/api/facilities/{id}`, as OpenAPI writes path parameters. */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * `GET /api/openapi.json`: OpenAPI 3.1 of every API route, built from the routes' zod schemas, each operation
 * carrying its access declaration as `x-access`. Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Emissions Control Center API',
        version: '1',
        description: 'Every route under /api. Errors are JSON {statusCode, error, message}.',
      },
    },
    transform: (input) => {
      // Only the API: the web app's pages and files are no part of it.
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
    transformObject: jsonSchemaTransformObject,
  });

  let document: OpenApiDocument | undefined;
  app.get(
    OPENAPI_PATH,
    { config: { access: PUBLIC_ACCESS }, schema: { hide: true } },
    async (_request, reply) => {
      // Routes are fixed once the app is ready, so the document is built once.
      document ??= describeAccess(app, app.swagger() as OpenApiDocument);
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}

function describeAccess(app: FastifyInstance, document: OpenApiDocument): OpenApiDocument {
  for (const route of app.registeredRoutes) {
    const method = route.method.toLowerCase() as HttpMethod;
    const operation = document.paths?.[toOpenApiPath(route.url)]?.[method];
    if (operation && route.access) operation[ACCESS_EXTENSION] = route.access;
  }
  return document;
}
