import { z } from './zod.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call declared once: its method, its path (Fastify's syntax, `:name` for a parameter) and the zod
 * schemas of its parts and answers. The server registers the route from it (`endpointRoute` in
 * `apps/server/src/platform/endpoint-route.ts`) and the browser calls it (`callEndpoint` in
 * `apps/web/src/lib/api/`), so a path or a shape cannot differ between the two.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Under `/api`, but for the public pages' payloads, which the specification puts beside their pages. */
  readonly path: `/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answers by status; the first 2xx is what a successful call resolves to. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** The answer of a call that answers nothing (204): the browser's call resolves to `undefined`. */
export const noContentSchema = z.undefined();

/** Declares an endpoint, keeping its literal types (the path, the statuses) for the server and the browser. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The schema of the answer a successful call resolves to. */
export type EndpointSuccessSchema<E extends Endpoint> = {
  [Status in keyof E['responses']]: Status extends SuccessStatus ? E['responses'][Status] : never;
}[keyof E['responses']];

/** What a successful call of `E` answers. */
export type EndpointResponse<E extends Endpoint> =
  EndpointSuccessSchema<E> extends z.ZodType ? z.output<EndpointSuccessSchema<E>> : undefined;

/** The path parameters of `E` as the caller gives them. */
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;

/** The query string of `E` as the caller gives it. */
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;

/** The body of `E` as the caller gives it. */
export type EndpointBody<E extends Endpoint> = 'body' extends keyof E
  ? E['body'] extends z.ZodType
    ? z.input<E['body']>
    : undefined
  : undefined;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The success status of an endpoint: its first 2xx answer, else 200. */
export function successStatusOf(endpoint: Endpoint): number {
  const statuses = Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((left, right) => left - right);
  return statuses[0] ?? 200;
}

/**
 * The URL of one call: each `:name` of the path replaced by its parameter, percent-encoded, and the query string
 * appended without empty values (`undefined`, `null`, `''`); array values repeat their name.
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(name, String(item));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
