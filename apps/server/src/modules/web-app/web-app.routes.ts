import { isKnownPagePath } from '@ecc/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { decodedPathOf, isApiRequest, WEB_APP_ROUTE } from '#platform/api-path.ts';
import type { AppContext } from '#platform/app-context.ts';
import { sendApiError } from '#platform/errors.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import { IMMUTABLE, NO_CACHE, sendAppShell } from '#platform/web-dist.ts';

/** Vite puts content-hashed files here: they never change, so browsers may keep them for a year. */
const HASHED_ASSETS_PREFIX = 'assets/';
/** Missing files here are a stale build's chunks or manifests: a 404, not the app's HTML in their place. */
const FILE_ONLY_PATH = /^\/(assets|builds)\//;

/**
 * The built SPA: its files as they are, and index.html for every other non-API path (client-side routes), with
 * status 404 where the route table has no page, so crawlers and tools see what the app's 404 page says.
 */
export async function registerWebAppRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  // Only reply.sendFile is used, with the root given per call: the dist folder may not exist until a build.
  await app.register(fastifyStatic, { serve: false });

  app.get(WEB_APP_ROUTE, { config: { access: PUBLIC_ACCESS } }, async (request, reply) => {
    if (isApiRequest(request)) return reply.callNotFound();
    const path = request.url.split('?')[0] ?? '/';
    const file = await context.webDist.findFile(path);
    if (file) {
      reply.header('cache-control', file.startsWith(HASHED_ASSETS_PREFIX) ? IMMUTABLE : NO_CACHE);
      return reply.sendFile(file, context.webDist.directory, { cacheControl: false, dotfiles: 'deny' });
    }
    const decodedPath = decodedPathOf(request);
    if (FILE_ONLY_PATH.test(decodedPath)) return sendApiError(reply, 404, `File ${path} not found`);
    return sendAppShell(reply, context.webDist, { statusCode: isKnownPagePath(decodedPath) ? 200 : 404 });
  });
}
