import { request } from 'node:http';
import fc from 'fast-check';
import {
  malformedValueArbitrary,
  NASTY_STRINGS,
  nastyValueArbitrary,
  valueArbitrary,
  type JsonSchema,
} from './json-schema-arbitrary.ts';

/*
 * HTTP requests generated from an OpenAPI operation, for the API fuzzer (platform/api-fuzz.int.test.ts): valid-
 * shaped ones from the operation's schemas, and malformed ones (nasty values in path, query and body; bodies that
 * are not UTF-8, not JSON or not what the content type says; random files in multipart uploads). Sent as raw
 * bytes over a real socket, so nothing in between re-encodes them.
 */

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A path parameter's value: one the server gave out earlier (by index into the known values), or made up. */
type PathValue = { known: number } | { literal: string } | { raw: string };

export interface FuzzRequestPlan {
  pathValues: Record<string, PathValue>;
  query: string;
  contentType?: string;
  body?: Buffer;
  /** What kind of input this is, for the failure message. */
  shape: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  shape: string;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
}

const MULTIPART_BOUNDARY = 'ecc-fuzz-boundary-7d1f';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Percent-encodes every byte of the text's UTF-8 but the unreserved characters (lone surrogates become U+FFFD). */
export function encodeComponent(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(character)
      ? character
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** Path segments and query values as they arrive from clients that do not encode properly. */
const RAW_COMPONENTS = [
  '%00',
  '%FF',
  '%C3%28',
  '%ED%A0%80',
  '%',
  '%zz',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  'x'.repeat(3000),
];

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function parametersIn(operation: OpenApiOperation, location: OpenApiParameter['in']): OpenApiParameter[] {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === location);
}

function pathValueArbitrary(parameter: OpenApiParameter, isMalformed: boolean): fc.Arbitrary<PathValue> {
  if (isMalformed) {
    return fc.oneof(
      fc.constantFrom(...RAW_COMPONENTS).map((raw): PathValue => ({ raw })),
      nastyValueArbitrary.map((value): PathValue => ({ literal: asText(value) || 'x' })),
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((known): PathValue => ({ known })) },
    {
      weight: 1,
      arbitrary: valueArbitrary(parameter.schema ?? { type: 'string' }).map((value): PathValue => ({
        literal: asText(value) || 'x',
      })),
    },
  );
}

function queryPairsArbitrary(operation: OpenApiOperation): fc.Arbitrary<[string, string][]> {
  const parameters = parametersIn(operation, 'query');
  const entries = parameters.map((parameter) =>
    fc.option(valueArbitrary(parameter.schema ?? {}), { nil: undefined }).map((value): [string, string][] => {
      if (value === undefined) return [];
      if (Array.isArray(value)) return value.map((item) => [parameter.name, asText(item)]);
      return [[parameter.name, asText(value)]];
    }),
  );
  return fc.tuple(...entries).map((pairs) => pairs.flat());
}

function encodeQuery(pairs: [string, string][], rawPairs: string[] = []): string {
  const encoded = [
    ...pairs.map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`),
    ...rawPairs,
  ];
  return encoded.length === 0 ? '' : `?${encoded.join('&')}`;
}

function malformedQueryArbitrary(operation: OpenApiOperation): fc.Arbitrary<string> {
  const names = parametersIn(operation, 'query').map((parameter) => parameter.name);
  const name =
    names.length > 0
      ? fc.oneof(fc.constantFrom(...names), fc.constantFrom('unknown', '', 'a[b]'))
      : fc.constantFrom('unknown', '');
  const extra = fc.oneof(
    fc
      .tuple(name, nastyValueArbitrary)
      .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(asText(value))}`),
    fc.tuple(name, fc.constantFrom(...RAW_COMPONENTS)).map(([key, raw]) => `${encodeComponent(key)}=${raw}`),
    fc.constantFrom('%00=1', '%FF', '&&', '=', 'a=1&a=2&a=3'),
  );
  return fc
    .tuple(queryPairsArbitrary(operation), fc.array(extra, { minLength: 1, maxLength: 3 }))
    .map(([pairs, raw]) => encodeQuery(pairs, raw));
}

function jsonSchemaOf(operation: OpenApiOperation): JsonSchema | undefined {
  return operation.requestBody?.content?.['application/json']?.schema;
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value) ?? 'null');
}

/** Bodies that are broken below the JSON level, with the content type they claim. */
const brokenBodyArbitrary: fc.Arbitrary<{ contentType?: string; body: Buffer }> = fc.oneof(
  fc.constant({
    contentType: 'application/json',
    body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
  }),
  fc.constant({ contentType: 'application/json', body: Buffer.from('{"a": ') }),
  fc.constant({ contentType: 'application/json', body: Buffer.alloc(0) }),
  fc.constant({ contentType: 'application/json', body: Buffer.from('{"a": "\\ud800"}') }),
  fc.constant({ contentType: 'application/json; charset=latin1', body: Buffer.from('{}') }),
  fc.constant({ contentType: 'text/plain', body: Buffer.from('{}') }),
  fc.constant({ contentType: 'application/x-www-form-urlencoded', body: Buffer.from('a=1') }),
  fc.constant({
    contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    body: Buffer.from('{}'),
  }),
  fc.constant({ body: Buffer.from('{}') }),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ contentType: 'application/json', body: Buffer.from(bytes) })),
  fc.constant({
    contentType: 'application/json',
    body: Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`),
  }),
);

function multipartBody(parts: { name: string; fileName?: string; content: Buffer }[]): Buffer {
  const chunks = parts.flatMap(({ name, fileName, content }) => [
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
        `${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n` +
        `${fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`)]);
}

const csvCell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...NASTY_STRINGS.slice(0, 20)),
  fc.integer().map(String),
);
const csvText = fc
  .array(fc.array(csvCell, { minLength: 1, maxLength: 8 }), { maxLength: 6 })
  .map((rows) =>
    rows
      .map((row) =>
        row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','),
      )
      .join('\n'),
  );

/** An uploaded file: CSV-like text (nasty cells included), random bytes, or a fake XLSX (a ZIP's first bytes). */
const uploadArbitrary = fc.oneof(
  csvText.map((text) => ({ fileName: 'fuzz.csv', content: Buffer.from(text) })),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ fileName: 'fuzz.csv', content: Buffer.from(bytes) })),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => ({
    fileName: 'fuzz.xlsx',
    content: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from(bytes)]),
  })),
  fc.constant({ fileName: '', content: Buffer.alloc(0) }),
  fc.constant({ fileName: '../../x.csv\0', content: Buffer.from('a,b\n1,2\n') }),
);

const multipartArbitrary = fc
  .tuple(
    uploadArbitrary,
    fc.option(
      fc.oneof(
        fc
          .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), { maxKeys: 4 })
          .map((mapping) => JSON.stringify(mapping)),
        fc.constantFrom(...NASTY_STRINGS),
      ),
      { nil: undefined },
    ),
    fc.option(fc.oneof(fc.integer({ min: 1990, max: 2100 }).map(String), fc.constantFrom(...NASTY_STRINGS)), {
      nil: undefined,
    }),
    fc.constantFrom('file', 'other'),
  )
  .map(([upload, mapping, year, fieldName]) => ({
    contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
    body: multipartBody([
      ...(mapping === undefined ? [] : [{ name: 'mapping', content: Buffer.from(mapping) }]),
      ...(year === undefined ? [] : [{ name: 'year', content: Buffer.from(year) }]),
      { name: fieldName, fileName: upload.fileName, content: upload.content },
    ]),
  }));

/** The plans for one operation: valid-shaped mostly, then malformed path, query, body and bytes. */
export function requestPlanArbitrary(
  method: string,
  operation: OpenApiOperation,
): fc.Arbitrary<FuzzRequestPlan> {
  const pathParameters = parametersIn(operation, 'path');
  const pathValues = (isMalformed: boolean) =>
    fc.record(
      Object.fromEntries(
        pathParameters.map((parameter) => [parameter.name, pathValueArbitrary(parameter, isMalformed)]),
      ),
    ) as fc.Arbitrary<Record<string, PathValue>>;
  const validQuery = queryPairsArbitrary(operation).map((pairs) => encodeQuery(pairs));
  const bodySchema = jsonSchemaOf(operation);
  const takesBody = BODY_METHODS.has(method);

  type Body = { contentType?: string; body?: Buffer };
  const noBody: fc.Arbitrary<Body> = fc.constant({});
  const validBody: fc.Arbitrary<Body> = bodySchema
    ? valueArbitrary(bodySchema).map((value) => ({ contentType: 'application/json', body: json(value) }))
    : takesBody
      ? fc.oneof(noBody, multipartArbitrary)
      : noBody;
  const malformedBody: fc.Arbitrary<Body> = takesBody
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: (bodySchema ? malformedValueArbitrary(bodySchema) : nastyValueArbitrary).map(
            (value) => ({
              contentType: 'application/json',
              body: json(value),
            }),
          ),
        },
        { weight: 2, arbitrary: brokenBodyArbitrary },
        { weight: 1, arbitrary: multipartArbitrary },
      )
    : fc.oneof(noBody, brokenBodyArbitrary);

  const plan = (
    shape: string,
    values: fc.Arbitrary<Record<string, PathValue>>,
    query: fc.Arbitrary<string>,
    body: fc.Arbitrary<Body>,
  ) =>
    fc
      .tuple(values, query, body)
      .map(([pathValues, queryString, { contentType, body: bytes }]): FuzzRequestPlan => ({
        pathValues,
        query: queryString,
        ...(contentType ? { contentType } : {}),
        ...(bytes ? { body: bytes } : {}),
        shape,
      }));

  return fc.oneof(
    { weight: 4, arbitrary: plan('valid-shaped', pathValues(false), validQuery, validBody) },
    ...(pathParameters.length > 0
      ? [{ weight: 1, arbitrary: plan('malformed path', pathValues(true), validQuery, validBody) }]
      : []),
    {
      weight: 1,
      arbitrary: plan('malformed query', pathValues(false), malformedQueryArbitrary(operation), validBody),
    },
    {
      weight: takesBody ? 3 : 1,
      arbitrary: plan('malformed body', pathValues(false), validQuery, malformedBody),
    },
  );
}

/** `/api/facilities/{slug}` with the plan's values, known ones taken from `knownValues(name)`. */
export function buildRequest(
  method: string,
  routePath: string,
  plan: FuzzRequestPlan,
  knownValues: (name: string) => readonly string[],
  headers: Record<string, string>,
): FuzzRequest {
  const path = routePath.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = plan.pathValues[name];
    if (!value) return 'x';
    if ('raw' in value) return value.raw;
    if ('literal' in value) return encodeComponent(value.literal);
    const known = knownValues(name);
    return encodeComponent(known.length === 0 ? 'x' : (known[value.known % known.length] ?? 'x'));
  });
  return {
    method,
    path: `${path}${plan.query}`,
    headers: {
      ...headers,
      ...(plan.contentType ? { 'content-type': plan.contentType } : {}),
      ...(plan.body ? { 'content-length': String(plan.body.length) } : {}),
    },
    ...(plan.body ? { body: plan.body } : {}),
    shape: plan.shape,
  };
}

/** The request as a failure message shows it: method, path, content type and the body's first 600 characters. */
export function describeRequest(sent: FuzzRequest, identity: string): string {
  const body = sent.body ? JSON.stringify(sent.body.toString('utf8').slice(0, 600)) : '(none)';
  const contentType = sent.headers['content-type'] ?? '(none)';
  return `${sent.method} ${sent.path.slice(0, 400)} as ${identity} (${sent.shape}); content-type ${contentType}; body ${body}`;
}

/** Sends the request on a connection of its own; rejects when no answer comes within `timeoutMs`. */
export function sendRequest(port: number, sent: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: sent.method, path: sent.path, headers: sent.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(timeoutMs, () => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    });
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}
