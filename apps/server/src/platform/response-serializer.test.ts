import { noContentSchema, z } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointName, exportedEndpoints } from '#test-support/contract-endpoints.ts';
import { valueArbitrary, type JsonSchema } from '#test-support/json-schema-arbitrary.ts';
import { createResponseSerializerCompiler, responseSerializerPlanOf } from './response-serializer.ts';

/** Every declared answer: endpoint, status and schema. */
const answers = exportedEndpoints().flatMap((endpoint) =>
  Object.entries(endpoint.responses).map(([status, schema]) => ({
    name: `${endpointName(endpoint)} ${status}`,
    schema,
  })),
);

/** Adds a key no schema declares to every object, as a database row or a spread handler result carries. */
function withStrayKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStrayKeys);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = withStrayKeys(item);
  copy.strayKeyOfTheTest = 'must not be written unless the schema keeps unknown keys';
  return copy;
}

/** What zod's serializer wrote for `value`, read back; undefined when zod refuses it. */
function zodWriting(schema: z.ZodType, value: unknown): unknown {
  const encoded = z.safeEncode(schema, value);
  return encoded.success ? JSON.parse(JSON.stringify(encoded.data)) : undefined;
}

/** Values of the answer's shape (the right types, required fields, formats), from its JSON Schema. */
function valuesShapedLike(schema: z.ZodType) {
  return valueArbitrary(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
}

/** Up to `wanted` values of the schema's shape that zod accepts, within a bounded number of tries. */
function acceptedSamples(schema: z.ZodType, wanted = 15): unknown[] {
  const accepted: unknown[] = [];
  const shaped = valuesShapedLike(schema);
  for (let batch = 0; batch < 20 && accepted.length < wanted; batch++) {
    for (const value of fc.sample(shaped, wanted)) {
      const isAccepted = !hasProtoKey(value) && zodWriting(schema, value) !== undefined;
      if (isAccepted && accepted.length < wanted) accepted.push(value);
    }
  }
  return accepted;
}

/**
 * A free-form object holding a key `__proto__`: zod builds records by assignment, which drops that key, while
 * fast-json-stringify writes it. No answer of ours has such a key; such values are left out.
 */
function hasProtoKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  return Object.values(value).some(hasProtoKey);
}

/** Checks one value: skipped when zod refuses it (not an answer of this endpoint); else both writings match. */
function expectSameWriting(schema: z.ZodType, serialize: (data: unknown) => string, value: unknown): boolean {
  const expected = zodWriting(schema, value);
  if (expected === undefined) return false;
  expect(JSON.parse(serialize(value))).toEqual(expected);
  const stray = withStrayKeys(value);
  const expectedWithStray = zodWriting(schema, stray);
  // A record keyed by an enum refuses a stray key: then there is nothing more to compare.
  if (expectedWithStray !== undefined) expect(JSON.parse(serialize(stray))).toEqual(expectedWithStray);
  return true;
}

const flagDefinition = {
  key: 'new-report',
  type: 'boolean',
  state: 'ENABLED',
  variants: { on: true, off: false },
  defaultVariant: 'off',
};

/** Serialised once per realm by its route (zod-checked then), so it never reaches the serializer. */
const CONFIG_ANSWER = 'GET /api/config 200';

/** Answers the generator rarely makes valid (a refinement across fields), given by hand. */
const FIXTURES: Readonly<Record<string, readonly unknown[]>> = {
  'GET /api/feature-flags/definitions 200': [
    { definitions: [flagDefinition, { ...flagDefinition, key: 'b' }] },
  ],
  'POST /api/feature-flags/definitions 201': [flagDefinition],
  'PUT /api/feature-flags/definitions/:key 200': [{ ...flagDefinition, targeting: undefined }],
};

describe('the response serializer', () => {
  it('writes every answer of contracts from JSON Schema but those without a body and those zod trims', () => {
    const onZod = answers
      .filter(({ schema }) => responseSerializerPlanOf(schema).kind === 'zod')
      .filter(({ schema }) => schema !== noContentSchema);
    // Their strings are trimmed by zod as it encodes (`.trim()`), which fast-json-stringify cannot do.
    expect(onZod.map(({ name }) => name).sort()).toEqual([
      'GET /api/config 200',
      'GET /api/realms/:realmId/login-strategies 200',
      // A report's sections carry titles the section schemas trim (one schema for the form and the answer).
      'GET /api/reports/:id 200',
      'GET /api/reports/:id/versions/:number 200',
      'POST /api/realms/:realmId/login-strategies 201',
      'POST /api/reports 201',
      'POST /api/reports/:id/sections 200',
      'POST /api/reports/:id/status 200',
      'PUT /api/realms/:realmId/login-strategies/:strategyId 200',
      'PUT /api/reports/:id 200',
    ]);
    expect(answers.filter(({ schema }) => schema !== noContentSchema).length).toBeGreaterThan(onZod.length);
  });

  describe.each(
    answers
      .filter(({ schema, name }) => schema !== noContentSchema && name !== CONFIG_ANSWER)
      .map((answer) => [answer.name, answer] as const),
  )('%s', (name, { schema }) => {
    // What production writes: fast-json-stringify, or zod for the answers left on it.
    const serialize = createResponseSerializerCompiler({ isContractChecked: false })({
      schema,
      method: 'GET',
      url: name,
      httpStatus: '200',
    });

    it('writes what zod writes, dropping and changing nothing, unknown keys left out alike', () => {
      const values = [...acceptedSamples(schema), ...(FIXTURES[name] ?? [])];
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expect(expectSameWriting(schema, serialize, value)).toBe(true);
    });
  });

  it('fails a request whose answer breaks the contract while answers are checked', () => {
    const schema = z.object({ id: z.uuid(), total: z.number() });
    const compile = (isContractChecked: boolean) =>
      createResponseSerializerCompiler({ isContractChecked })({
        schema,
        method: 'GET',
        url: '/api/things',
        httpStatus: '200',
      });
    const broken = { id: 'not-a-uuid', total: '12' };
    expect(() => compile(true)(broken)).toThrow(
      expect.objectContaining({ method: 'GET', url: '/api/things' }) as Error,
    );
    // In production the answer is not parsed: fast-json-stringify writes the number the schema declares.
    expect(JSON.parse(compile(false)(broken))).toEqual({ id: 'not-a-uuid', total: 12 });
  });

  it('writes fields named like JSON Schema keywords', () => {
    const schema = z.object({ default: z.string(), additionalProperties: z.boolean() });
    const plan = responseSerializerPlanOf(schema);
    const value = { default: 'a', additionalProperties: false };
    expect(plan.kind === 'json-schema' && JSON.parse(plan.serialize(value))).toEqual(value);
  });

  it('keeps schemas without a faithful JSON Schema on zod', () => {
    const transformed = z.object({ at: z.date() });
    expect(responseSerializerPlanOf(transformed).kind).toBe('zod');
    const write = createResponseSerializerCompiler({ isContractChecked: false })({
      schema: z.object({ name: z.string().transform((name) => name.toUpperCase()) }),
      method: 'GET',
      url: '/api/things',
      httpStatus: '200',
    });
    // zod cannot encode through a one-way transform: as before, such an answer is refused loudly.
    expect(() => write({ name: 'a' })).toThrow();
  });
});
