import fc from 'fast-check';

/** The part of JSON Schema (draft 2020-12, as the OpenAPI document writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  /** A tuple's items, one schema per position (zod's `z.tuple`). */
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
}

/** Deeper than this, a schema's value is left out or made trivially: the API's bodies are shallow. */
const MAX_DEPTH = 6;
/** Strings and arrays stay short unless the schema demands more: the point is shape, not volume. */
const EXTRA_LENGTH = 24;
const EXTRA_ITEMS = 4;

function lengthBounds(min: number | undefined, max: number | undefined, extra: number) {
  const minLength = min ?? 0;
  return { minLength, maxLength: Math.min(max ?? minLength + extra, minLength + extra) };
}

function patternArbitrary(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  if (!schema.pattern) return undefined;
  try {
    const { minLength, maxLength } = lengthBounds(schema.minLength, schema.maxLength, 200);
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  } catch {
    // A pattern fast-check cannot generate from (look-arounds): the format or plain strings stand in.
    return undefined;
  }
}

function formatArbitrary(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    default:
      return undefined;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const byFormat = formatArbitrary(schema.format);
  const byPattern = patternArbitrary(schema);
  if (byPattern && byFormat) return fc.oneof(byFormat, byPattern);
  if (byFormat ?? byPattern) return (byFormat ?? byPattern) as fc.Arbitrary<string>;
  return fc.string({ ...lengthBounds(schema.minLength, schema.maxLength, EXTRA_LENGTH), unit: 'grapheme' });
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const lowest = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1e9, -1e9);
  const highest = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1e9, 1e9);
  const isAllowed = (value: number) =>
    (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
    (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum);
  if (isInteger) {
    return fc.integer({ min: Math.ceil(lowest), max: Math.floor(highest) }).filter(isAllowed);
  }
  return fc.double({ min: lowest, max: highest, noNaN: true, noDefaultInfinity: true }).filter(isAllowed);
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fixed = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, valueArbitrary(property, depth + 1)]),
    ),
    { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) },
  );
  const extra = schema.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return fixed;
  // A record of free keys (z.record): keys from propertyNames when given.
  const keys = schema.propertyNames
    ? stringArbitrary(schema.propertyNames)
    : fc.string({ minLength: 1, maxLength: 12 });
  const values = extra === true ? fc.jsonValue({ maxDepth: 2 }) : valueArbitrary(extra, depth + 1);
  return fc.dictionary(keys, values, { maxKeys: 4 });
}

/** Values that match `schema` in shape: the right types, required fields, enums, formats and patterns. */
export function valueArbitrary(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => valueArbitrary(alternative, depth + 1)));
  }
  if (schema.allOf?.[0]) return valueArbitrary(schema.allOf[0], depth + 1);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => valueArbitrary({ ...schema, type }, depth)));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (schema.prefixItems) {
        return fc.tuple(...schema.prefixItems.map((item) => valueArbitrary(item, depth + 1)));
      }
      return fc.array(valueArbitrary(schema.items ?? {}, depth + 1), {
        ...lengthBounds(schema.minItems, schema.maxItems, EXTRA_ITEMS),
      });
    case 'object':
      return objectArbitrary(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that have broken servers: NUL, lone surrogates, huge, path tricks, markup, SQL, odd dates. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0301',
  '𝕏🌍👩‍👩‍👧',
  '../../../../etc/passwd',
  '%00',
  '%FF',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '2024-02-30',
  '0000-00-00T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '\r\n\t',
  'x'.repeat(5000),
];

const NASTY_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  0.1 + 0.2,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
];

/** A value of any type, weighted to edge cases, for where a schema wants something else. */
export const nastyValueArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      [],
      {},
      [[[[[]]]]],
      JSON.parse('{"__proto__": {"isAdmin": true}}') as unknown,
      JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}') as unknown,
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Every path into a JSON value: `[]` for the value itself, `['a', 0]` for `value.a[0]`. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const paths = [path];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...path, index])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...path, key]));
  }
  return paths;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  const parentPath = path.slice(0, -1);
  const key = path.at(-1);
  if (key === undefined) return undefined;
  const parent = parentPath.reduce<unknown>((node, step) => (node as Record<string, unknown>)[step], value);
  if (Array.isArray(parent))
    return replaceAt(
      value,
      parentPath,
      parent.filter((_, index) => index !== key),
    );
  const { [key]: _removed, ...others } = parent as Record<string, unknown>;
  return replaceAt(value, parentPath, others);
}

/**
 * Values almost of `schema`'s shape: a valid-shaped value with one node replaced by a nasty value, one field
 * removed or one unknown field added; or a nasty value outright.
 */
export function malformedValueArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(valueArbitrary(schema), nastyValueArbitrary, fc.nat(), fc.constantFrom('replace', 'remove', 'add'))
    .map(([value, nasty, choice, kind]) => {
      const paths = pathsOf(value);
      const path = paths[choice % paths.length] ?? [];
      if (kind === 'remove' && path.length > 0) return removeAt(value, path);
      if (kind === 'add' && value && typeof value === 'object' && !Array.isArray(value)) {
        return { ...value, unexpectedField: nasty };
      }
      return replaceAt(value, path, nasty);
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: nastyValueArbitrary });
}
