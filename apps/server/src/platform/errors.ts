import { STATUS_CODES } from 'node:http';
import { messages, type ApiError, type FieldErrors } from '@ecc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * An error whose status and message the client should see as they are; `fieldErrors` (keyed like
 * `body/gases/CO2/unit`) when it is about fields of the request.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A write made on an older version of what it changes (optimistic concurrency): 409, with `current` (what is
 * stored now, in the route's answer shape) so the client can show what changed and offer to reload.
 */
export class StaleWriteError extends HttpError {
  constructor(
    message: string,
    readonly current: unknown,
  ) {
    super(409, message);
    this.name = 'StaleWriteError';
  }
}

/** `body/x: message; body/y: message`: the refusal's message for people and logs. */
function describeFieldErrors(fieldErrors: FieldErrors): string {
  return Object.entries(fieldErrors)
    .map(([path, message]) => `${path}: ${message}`)
    .join('; ');
}

/**
 * A refusal about fields of the request, each message by its place (`body/name`, `body/domains/0`,
 * `querystring/sort`): the body carries them as `fieldErrors` and lists them in `message`.
 */
export function fieldRefusal(statusCode: number, fieldErrors: FieldErrors): HttpError {
  return new HttpError(statusCode, describeFieldErrors(fieldErrors), fieldErrors);
}

/** One problem of an input: where (dotted path in the input; empty for the whole input) and what. */
export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

/** Input that failed validation (CLI and services); `issues` are its `path: message` lines. */
export class InvalidInputError extends Error {
  readonly issues: readonly string[];

  constructor(readonly problems: readonly InputProblem[]) {
    const issues = problems.map((problem) =>
      problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`,
    );
    super(issues.join('\n'));
    this.name = 'InvalidInputError';
    this.issues = issues;
  }

  /** The problems as a 400 naming the request's fields: `mapping.quantity` in the body is `body/mapping/quantity`. */
  toRefusal(part = 'body'): HttpError {
    return fieldRefusal(
      400,
      Object.fromEntries(
        this.problems.map((problem) => [
          problem.path === '' ? part : `${part}/${problem.path.replaceAll('.', '/')}`,
          problem.message,
        ]),
      ),
    );
  }
}

/** Each zod issue as a problem at its dotted path (`properties.config.themes.0.name`), the first per path. */
export function zodProblems(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): InputProblem[] {
  const problems = new Map<string, string>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!problems.has(path)) problems.set(path, issue.message);
  }
  return [...problems].map(([path, message]) => ({ path, message }));
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

export function apiError(statusCode: number, message: string, fieldErrors?: FieldErrors): ApiError {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

export function sendApiError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  fieldErrors?: FieldErrors,
): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(apiError(statusCode, message, fieldErrors));
}

/**
 * Errors Fastify raises before a route is chosen, in the API's error shape: a path whose percent-escapes are not
 * UTF-8 cannot be routed at all.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    const fieldErrors = { path: 'Must be UTF-8 text: a percent-escape in it is not' };
    return sendApiError(reply, 400, describeFieldErrors(fieldErrors), fieldErrors);
  }
  return sendApiError(reply, error.statusCode ?? 400, error.message);
}

/**
 * 'body/password: Expected string, received number' for each failed field, the request part first. Only a
 * field's first problem is named: zod also runs a string's length check on an array, which would add noise.
 */
function validationFieldErrors(error: FastifyError): FieldErrors {
  if (!hasZodFastifySchemaValidationErrors(error)) return {};
  const part = error.validationContext ?? 'body';
  const fieldErrors: FieldErrors = {};
  for (const issue of error.validation) {
    const field = `${part}${issue.instancePath === '/' ? '' : issue.instancePath}`;
    fieldErrors[field] ??= issue.message ?? messages.invalidInput;
  }
  return fieldErrors;
}

/**
 * One error shape for the whole API: `{statusCode, error, message, fieldErrors?}`. Client errors keep their message (malformed
 * JSON 400, validation 400 naming the field, body over the limit 413); anything else is logged and answered as
 * a bare 500, so no internals leak.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = validationFieldErrors(error);
      return sendApiError(reply, 400, describeFieldErrors(fieldErrors), fieldErrors);
    }
    if (error instanceof InvalidInputError) {
      const refusal = error.toRefusal();
      return sendApiError(reply, 400, refusal.message, refusal.fieldErrors);
    }
    if (error instanceof StaleWriteError) {
      return reply
        .code(409)
        .type('application/json; charset=utf-8')
        .send({ ...apiError(409, error.message), current: error.current });
    }
    const statusCode = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (statusCode >= 400 && statusCode < 500) {
      return sendApiError(
        reply,
        statusCode,
        error.message,
        error instanceof HttpError ? error.fieldErrors : undefined,
      );
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'Request failed');
    // A server failure the code named itself (an `HttpError` of 5xx) tells the user what failed; others say nothing.
    if (error instanceof HttpError) return sendApiError(reply, statusCode, error.message);
    return sendApiError(reply, 500, messages.internalServerError);
  });

  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`),
  );
}
