import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  exportedNames,
  JSON_SCHEMA_UNAVAILABLE_MESSAGE,
  mentionsJsonSchemaConversion,
  zodWithoutJsonSchemaPlugin,
} from './zod-without-json-schema-plugin.ts';

const ENTRY = 'virtual:entry';
/** Written only by zod's JSON Schema conversion: the draft it declares. */
const CONVERSION_MARK = 'json-schema.org/draft';

/** An app of one module, `code`, resolved from this folder (so that it finds zod). */
function entryPlugin(code: string): Plugin {
  return {
    name: 'entry',
    resolveId: (source) => (source === ENTRY ? `\0${ENTRY}` : null),
    load: (id) => (id === `\0${ENTRY}` ? code : null),
  };
}

async function bundle(code: string, plugins: Plugin[]): Promise<string> {
  const output = await build({
    configFile: false,
    envFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: [...plugins, entryPlugin(code)],
    build: { write: false, minify: false, rollupOptions: { input: ENTRY } },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs
    .flatMap((each) => ('output' in each ? each.output : []))
    .map((file) => (file.type === 'chunk' ? file.code : ''))
    .join('\n');
}

const PARSING_APP = `import { z } from 'zod';
const schema = z.object({ name: z.string().min(2), count: z.number().int() });
console.log(schema.safeParse({ name: 'a', count: 1.5 }));`;

describe('zod without its JSON Schema conversion', () => {
  it('is what the web unit tests run: schemas parse and report, converting throws', () => {
    const schema = z.object({ name: z.string().min(2).max(5) });

    expect(schema.parse({ name: 'abc' })).toEqual({ name: 'abc' });
    expect(schema.safeParse({ name: 'a' }).error?.issues[0]?.path).toEqual(['name']);
    expect(schema.shape.name.minLength).toBe(2);
    expect(schema.shape.name.maxLength).toBe(5);
    expect(schema['~standard'].validate({ name: 'abc' })).toEqual({ value: { name: 'abc' } });
    expect(() => schema.toJSONSchema()).toThrow(JSON_SCHEMA_UNAVAILABLE_MESSAGE);
    expect(() => z.toJSONSchema(schema)).toThrow(JSON_SCHEMA_UNAVAILABLE_MESSAGE);
    expect(() => schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toThrow(
      JSON_SCHEMA_UNAVAILABLE_MESSAGE,
    );
  });

  it('leaves the conversion out of a bundle that parses', async () => {
    const withConversion = await bundle(PARSING_APP, []);
    const withoutConversion = await bundle(PARSING_APP, [zodWithoutJsonSchemaPlugin()]);

    expect(withConversion).toContain(CONVERSION_MARK);
    expect(withoutConversion).not.toContain(CONVERSION_MARK);
    expect(withoutConversion.length).toBeLessThan(withConversion.length);
  });

  it('fails the build of a module that would convert, naming it', async () => {
    const convertingApp = `import { z } from 'zod';
console.log(z.string().toJSONSchema());`;

    await expect(bundle(convertingApp, [zodWithoutJsonSchemaPlugin()])).rejects.toThrow(
      /virtual:entry mentions zod's JSON Schema conversion/,
    );
  });

  it('recognises each way of asking for the conversion, and nothing else', () => {
    expect(mentionsJsonSchemaConversion('schema.toJSONSchema()')).toBe(true);
    expect(mentionsJsonSchemaConversion('z.toJSONSchema(schema)')).toBe(true);
    expect(mentionsJsonSchemaConversion("schema['~standard'].jsonSchema.input()")).toBe(true);
    expect(mentionsJsonSchemaConversion('standard["jsonSchema"]')).toBe(true);
    expect(
      mentionsJsonSchemaConversion('const jsonSchemaObjectSchema = z.record(z.string(), z.unknown())'),
    ).toBe(false);
  });

  it('reads the names a module exports', () => {
    const code = `export function one() {}
export const two = 2, three = 3;
const four = 4;
export { four, four as five };
export default 6;`;

    expect(exportedNames(code)).toEqual(['one', 'two', 'three', 'four', 'five']);
  });
});
