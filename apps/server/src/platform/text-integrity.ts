import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldRefusal, type InputProblem } from './errors.ts';

/*
 * Text that PostgreSQL cannot store (a NUL character) or that is not UTF-8 at all is refused at the door with a
 * 400 naming where it was, instead of failing deep inside a query as a 500. Paths and query strings are checked
 * byte by byte before routing decodes them (decoding would hide invalid UTF-8 behind U+FFFD), JSON bodies before
 * and after parsing; uploaded files are checked where they are read as text (see `decodeUtf8Text`).
 */

export const NUL_CHARACTER_MESSAGE = 'Must not contain a NUL character (U+0000)';

export function invalidUtf8Message(byteOffset: number): string {
  return `Must be UTF-8 text: the byte at position ${byteOffset + 1} is not`;
}

/** The offset where the first sequence that is not UTF-8 starts, or undefined when all of `bytes` is UTF-8. */
export function findInvalidUtf8(bytes: Uint8Array): number | undefined {
  if (isUtf8(bytes)) return undefined;
  let index = 0;
  while (index < bytes.length) {
    const length = utf8SequenceLength(bytes[index] ?? 0);
    const sequence = bytes.subarray(index, index + length);
    if (length === 0 || sequence.length < length || !isUtf8(sequence)) return index;
    index += length;
  }
  return undefined;
}

/** How many bytes the UTF-8 sequence that starts with this byte has; 0 when no sequence starts with it. */
function utf8SequenceLength(first: number): number {
  if (first < 0x80) return 1;
  if (first >= 0xc2 && first <= 0xdf) return 2;
  if (first >= 0xe0 && first <= 0xef) return 3;
  if (first >= 0xf0 && first <= 0xf4) return 4;
  return 0;
}

/** A URL component's bytes: `%XX` escapes decoded, every other character taken as the byte it arrived as. */
function percentDecodedBytes(component: string, isForm: boolean): Buffer {
  const text = isForm ? component.replaceAll('+', ' ') : component;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      // Node hands the request line over as latin1, one character per byte.
      bytes.push(text.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** What is wrong with a URL component's text, or undefined. */
function describeComponentProblem(component: string, isForm: boolean): string | undefined {
  const bytes = percentDecodedBytes(component, isForm);
  const invalidAt = findInvalidUtf8(bytes);
  if (invalidAt !== undefined) return invalidUtf8Message(invalidAt);
  return bytes.includes(0) ? NUL_CHARACTER_MESSAGE : undefined;
}

/** `params/slug` for a segment the route names, `path` for any other. */
function pathSegmentName(request: FastifyRequest, index: number): string {
  const routeSegment = (request.routeOptions.url ?? '').split('/')[index];
  return routeSegment?.startsWith(':') ? `params/${routeSegment.slice(1)}` : 'path';
}

/** The first bad part of the URL (`querystring/q`, `params/slug`, `path`) and what is wrong, or undefined. */
export function describeUrlTextProblem(
  request: FastifyRequest,
): { field: string; message: string } | undefined {
  const url = request.raw.url ?? request.url;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const segments = path.split('/');
  for (const [index, segment] of segments.entries()) {
    const problem = describeComponentProblem(segment, false);
    if (problem) return { field: pathSegmentName(request, index), message: problem };
  }
  if (queryStart === -1) return undefined;
  for (const pair of url.slice(queryStart + 1).split('&')) {
    const separator = pair.indexOf('=');
    const rawName = separator === -1 ? pair : pair.slice(0, separator);
    const name = percentDecodedBytes(rawName, true).toString('utf8');
    const nameProblem = describeComponentProblem(rawName, true);
    if (nameProblem) return { field: 'querystring', message: `A parameter's name: ${nameProblem}` };
    const valueProblem =
      separator === -1 ? undefined : describeComponentProblem(pair.slice(separator + 1), true);
    if (valueProblem) return { field: `querystring/${name}`, message: valueProblem };
  }
  return undefined;
}

/** The `/a/0/b` path of the first string (value or key) holding a NUL character in a parsed JSON value. */
export function findNulCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path || '/' : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, `${path}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return `${path}/${key.replaceAll('\0', '\\0')}`;
      const found = findNulCharacter(item, `${path}/${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * An uploaded file's bytes as text, or an error naming `where` and the line of the first byte that is not
 * UTF-8 or of the first NUL character. A leading byte-order mark is dropped.
 */
export function decodeUtf8Text(bytes: Buffer, where: string): string | { problem: InputProblem } {
  const lineAt = (offset: number) => bytes.subarray(0, offset).filter((byte) => byte === 0x0a).length + 1;
  const invalidAt = findInvalidUtf8(bytes);
  if (invalidAt !== undefined) {
    return {
      problem: {
        path: where,
        message: `Must be UTF-8 text: line ${lineAt(invalidAt)} has a byte that is not`,
      },
    };
  }
  const nulAt = bytes.indexOf(0);
  if (nulAt !== -1) {
    return { problem: { path: where, message: `Line ${lineAt(nulAt)} contains a NUL character (U+0000)` } };
  }
  const text = bytes.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Refuses, with 400, URLs whose path or query has invalid UTF-8 or a NUL character, and JSON bodies likewise
 * (the default JSON parser replaced by one that checks the bytes first, then the parsed strings and keys).
 */
export function registerTextIntegrity(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = describeUrlTextProblem(request);
    if (problem) throw fieldRefusal(400, { [problem.field]: problem.message });
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const invalidAt = findInvalidUtf8(bytes);
    if (invalidAt !== undefined) {
      done(fieldRefusal(400, { body: invalidUtf8Message(invalidAt) }), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const nulPath = findNulCharacter(value);
      if (nulPath)
        done(
          fieldRefusal(400, { [`body${nulPath === '/' ? '' : nulPath}`]: NUL_CHARACTER_MESSAGE }),
          undefined,
        );
      else done(null, value);
    });
  });
}
