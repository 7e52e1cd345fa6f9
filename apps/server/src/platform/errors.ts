import { STATUS_CODES } from 'node:http';
import { messages, type ApiError } from '@ecc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose status and message the client should see as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Input that failed validation, as one `path: message` line per problem (CLI and services). */
export class InvalidInputError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(issues.join('\n'));
    this.name = 'InvalidInputError';
  }
}

/** `properties.config.themes.0.name: Required` for each zod issue; `(root)` when the whole value is wrong. */
export function formatZodIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string[] {
  return issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
  );
}

/**
 * A failed query's error (drizzle's) carries the query's parameters in its message and its `params`, and those
 * can be secrets: a realm config written back holds its sign-in strategies' client secrets. What is logged
 * instead: the query with its placeholders, the database's own message and code, and the stack's frames.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  const reason = [cause?.message, cause?.code].filter((part) => typeof part === 'string').join(', ');
  const logged = new Error(`Failed query: ${String(error.query)}${reason ? ` (${reason})` : ''}`);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  logged.stack = [`Error: ${logged.message}`, ...frames].join('\n');
  return logged;
}

export function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export function sendApiError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(apiError(statusCode, message));
}

/**
 * Errors Fastify raises before a route is chosen, in the API's error shape: a path whose percent-escapes are not
 * UTF-8 cannot be routed at all.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendApiError(reply, 400, 'path: Must be UTF-8 text: a percent-escape in it is not');
  }
  return sendApiError(reply, error.statusCode ?? 400, error.message);
}

/**
 * 'body/password: Expected string, received number' for each failed field, the request part first. Only a
 * field's first problem is named: zod also runs a string's length check on an array, which would add noise.
 */
function describeValidationFailure(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const part = error.validationContext ?? 'body';
  const messageByField = new Map<string, string>();
  for (const issue of error.validation) {
    const field = `${part}${issue.instancePath === '/' ? '' : issue.instancePath}`;
    if (!messageByField.has(field)) messageByField.set(field, issue.message ?? messages.invalidInput);
  }
  return [...messageByField].map(([field, message]) => `${field}: ${message}`).join('; ');
}

/**
 * One error shape for the whole API: `{statusCode, error, message}`. Client errors keep their message (malformed
 * JSON 400, validation 400 naming the field, body over the limit 413); anything else is logged and answered as
 * a bare 500, so no internals leak.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendApiError(reply, 400, describeValidationFailure(error));
    }
    const statusCode = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (statusCode >= 400 && statusCode < 500) return sendApiError(reply, statusCode, error.message);
    request.log.error({ err: withoutQueryParameters(error) }, 'Request failed');
    return sendApiError(reply, 500, messages.internalServerError);
  });

  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`),
  );
}
