/**
 * The peer of the request-cost benchmark: a bare Fastify route that answers a fixed body with fixed headers,
 * nothing else. Started as its own process, like the real server, so both pay the same process and socket costs.
 * Environment: PORT, BARE_BODY_FILE (the body to send), BARE_HEADERS (JSON of the headers to send with it).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE ?? '', 'utf8');
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/*', async (_request, reply) => {
  reply.headers(headers);
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.info('bare route running at', app.server.address());
