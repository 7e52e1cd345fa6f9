import { isDeepStrictEqual } from 'node:util';
import { z } from '@ecc/contracts';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * How one answer schema is written: by fast-json-stringify from the schema's JSON Schema, or, when the schema
 * has no faithful JSON Schema (a transform, a date, an answer with no body), by zod as before.
 */
export type ResponseSerializerPlan =
  | { kind: 'json-schema'; jsonSchema: Record<string, unknown>; serialize: (data: unknown) => string }
  | { kind: 'zod'; reason: string };

/** Keywords whose value maps names to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

/**
 * zod writes `additionalProperties: false` for its (stripping) objects and `default` for defaulted fields. To
 * fast-json-stringify the first would make a union's branch refuse an object with extra keys, where zod only
 * strips them (fast-json-stringify leaves unknown keys out by itself); the second would write a missing field's
 * default, where zod's encoding refuses the answer. Both are left out so the two write the same.
 */
function withoutStrictnessAndDefaults(node: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutStrictnessAndDefaults(item));
  if (typeof node !== 'object' || node === null) return node;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // In `properties` (or `definitions`) the keys are names, not keywords: a field may be called `default`.
    const isKeyword = !isPropertyMap;
    if (isKeyword && (key === 'default' || (key === 'additionalProperties' && value === false))) continue;
    kept[key] = withoutStrictnessAndDefaults(value, isKeyword && NAME_MAPS.has(key));
  }
  return kept;
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A nullable primitive, which zod writes as `anyOf: [{type, enum?}, {type: 'null'}]`, as one schema of two types:
 * fast-json-stringify writes it without trying each branch with ajv, and it mishandles `anyOf` in tuples.
 */
function withNullablePrimitivesMerged(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullablePrimitivesMerged);
  if (!isRecord(node)) return node;
  const merged = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withNullablePrimitivesMerged(value)]),
  );
  const branches = merged.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(merged).length !== 1) return merged;
  const nullIndex = branches.findIndex((branch) => isRecord(branch) && branch.type === 'null');
  const other: unknown = branches[1 - nullIndex];
  if (nullIndex < 0 || !isRecord(other) || !PRIMITIVE_TYPES.has(String(other.type))) return merged;
  const { const: constant, enum: values, ...rest } = other;
  const allowed = constant !== undefined ? [constant] : Array.isArray(values) ? values : undefined;
  return { ...rest, type: [other.type, 'null'], ...(allowed ? { enum: [...allowed, null] } : {}) };
}

/** Whether a tuple (`items` as a list) holds a choice of schemas, which fast-json-stringify 7 writes wrongly. */
function hasChoiceInTuple(node: unknown, isInTuple = false): boolean {
  if (Array.isArray(node)) return node.some((item) => hasChoiceInTuple(item, isInTuple));
  if (!isRecord(node)) return false;
  if (isInTuple && ('anyOf' in node || 'oneOf' in node)) return true;
  return Object.entries(node).some(([key, value]) =>
    hasChoiceInTuple(value, isInTuple || (key === 'items' && Array.isArray(value))),
  );
}

/** The JSON Schema of what an answer holds (zod's output side), as fast-json-stringify reads it. */
export function responseJsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  const prepared = withNullablePrimitivesMerged(withoutStrictnessAndDefaults(jsonSchema));
  if (hasChoiceInTuple(prepared)) throw new Error('A tuple holds a choice of schemas (anyOf)');
  return prepared as Record<string, unknown>;
}

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { checks?: { _zod: { def: { check: string } } }[] } };
}

function isZodSchema(value: unknown): value is ZodInternals {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * Whether the schema changes a value as it encodes it (`.trim()`, `.toLowerCase()`: zod's overwrite checks),
 * which fast-json-stringify cannot do: such answers stay on zod so they are written as before.
 */
function hasOverwrite(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (isZodSchema(schema)) {
    const { checks, ...parts } = schema._zod.def;
    if (checks?.some((check) => check._zod.def.check === 'overwrite')) return true;
    return Object.values(parts).some((part) => hasOverwrite(part, seen));
  }
  if (Array.isArray(schema)) return schema.some((part) => hasOverwrite(part, seen));
  if (isRecord(schema) && Object.getPrototypeOf(schema) === Object.prototype) {
    return Object.values(schema).some((part) => hasOverwrite(part, seen));
  }
  return false;
}

/** How `schema`'s answers are written, decided once per route and status. */
export function responseSerializerPlanOf(schema: z.ZodType): ResponseSerializerPlan {
  if (hasOverwrite(schema)) return { kind: 'zod', reason: 'zod changes values as it encodes (trim, case)' };
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = responseJsonSchemaOf(schema);
  } catch (error) {
    return { kind: 'zod', reason: error instanceof Error ? error.message : String(error) };
  }
  return { kind: 'json-schema', jsonSchema, serialize: fastJsonStringify(jsonSchema) };
}

function zodSchemaOf(schema: unknown, method: string, url: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${method} ${url}: a response schema must be a zod schema from contracts`);
}

/** What zod's serializer wrote before: the answer encoded by its schema, then JSON.stringify. */
function serializeWithZod(schema: z.ZodType, method: string, url: string, data: unknown): string {
  const result = z.safeEncode(schema, data);
  if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
  return JSON.stringify(result.data);
}

export interface ResponseSerializerOptions {
  /**
   * Tests: every answer is also encoded by its zod schema (a mismatch fails the request with a 500 naming the
   * route), and what fast-json-stringify wrote must read back as what zod would have written.
   */
  isContractChecked: boolean;
}

/**
 * Fastify's serializer compiler for the contracts' zod answer schemas (decision 025): answers are written by
 * fast-json-stringify from each schema's JSON Schema, compiled once at start-up, and not parsed by zod at run
 * time; with `isContractChecked` (tests), zod checks every answer as before and the two writings are compared.
 */
export function createResponseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url, httpStatus }) => {
    const schema = zodSchemaOf(maybeSchema, method, url);
    const plan = responseSerializerPlanOf(schema);
    if (plan.kind === 'zod') return (data) => serializeWithZod(schema, method, url, data);
    if (!options.isContractChecked) return plan.serialize;
    return (data) => {
      const expected = serializeWithZod(schema, method, url, data);
      const written = plan.serialize(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${method} ${url} (${httpStatus}): the JSON Schema serializer wrote ${written} where zod wrote ${expected}`,
        );
      }
      return written;
    };
  };
}
