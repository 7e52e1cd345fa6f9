import { readFileSync } from 'node:fs';
import { parseAst, type Plugin } from 'vite';

/** What the browser build gets instead of zod's JSON Schema conversion when it is called. */
export const JSON_SCHEMA_UNAVAILABLE_MESSAGE =
  'zod’s JSON Schema conversion is left out of the browser build (vite-plugins/zod-without-json-schema-plugin.ts)';

/** zod's classic API, whose schemas import the conversion for their `toJSONSchema()` and `~standard.jsonSchema`. */
const CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const PROCESSORS = '../core/json-schema-processors.js';
const TO_JSON_SCHEMA = '../core/to-json-schema.js';
/** The one export of the processors that is not conversion: `.minLength`, `.maxValue` and the like read it. */
const KEPT_EXPORT = 'aggregateChecks';
const VIRTUAL_PREFIX = '\0zod-without-json-schema:';
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;
/** Code that would convert a schema: `toJSONSchema` (method or function) or Standard Schema's `jsonSchema`. */
const CONVERSION_CALL = /\btoJSONSchema\b|\.jsonSchema\b|\[\s*['"]jsonSchema['"]\s*\]/;

/** The stand-ins' one function, which every stand-in export is or returns. */
const UNAVAILABLE = `const unavailable = () => {\n  throw new Error(${JSON.stringify(JSON_SCHEMA_UNAVAILABLE_MESSAGE)});\n};`;

/** The names a module exports (`export function`, `export const`, `export { … }`). */
export function exportedNames(code: string): string[] {
  const names: string[] = [];
  for (const statement of parseAst(code).body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const { declaration, specifiers } = statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) names.push(declaration.id.name);
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier') names.push(declarator.id.name);
      }
    }
    for (const specifier of specifiers) {
      if (specifier.exported.type === 'Identifier') names.push(specifier.exported.name);
    }
  }
  return names;
}

/** The processors' stand-in: every export throws when called, except the checks' aggregation, taken from zod. */
export function processorsStandIn(realModuleId: string, names: readonly string[]): string {
  const exports = names.map((name) =>
    name === KEPT_EXPORT
      ? `export { ${KEPT_EXPORT} } from ${JSON.stringify(realModuleId)};`
      : `export const ${name} = unavailable;`,
  );
  return [UNAVAILABLE, ...exports].join('\n');
}

/** The conversion's stand-in: a schema may make its conversion method (`~standard` does), never call it. */
export function toJsonSchemaStandIn(names: readonly string[]): string {
  const exports = names.map((name) =>
    name.startsWith('create')
      ? `export const ${name} = () => unavailable;`
      : `export const ${name} = unavailable;`,
  );
  return [UNAVAILABLE, ...exports].join('\n');
}

/** Whether a module of the bundle (outside zod) could ask zod for JSON Schema: then the build must keep it. */
export function mentionsJsonSchemaConversion(code: string): boolean {
  return CONVERSION_CALL.test(code);
}

/**
 * zod's classic schemas carry their JSON Schema conversion (about 5.7 kB gzip) into every bundle that uses them;
 * the server writes answers from JSON Schema (decision 025), the browser never converts. This plugin gives the
 * classic schemas stand-ins that throw if called, so the conversion's code is left out; the web's unit tests run
 * with it too (vitest.config.ts), so a browser path that converted would fail them, and the build fails when any
 * module it bundles mentions the conversion.
 */
export function zodWithoutJsonSchemaPlugin(): Plugin {
  let isBuild = false;
  return {
    name: 'ecc-zod-without-json-schema',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    transform(code, id) {
      if (!isBuild || ZOD_MODULE.test(id) || !mentionsJsonSchemaConversion(code)) return null;
      this.error(
        `${id} mentions zod's JSON Schema conversion, which the browser build leaves out (vite-plugins/zod-without-json-schema-plugin.ts): convert on the server, or take the plugin out of the build`,
      );
    },
    async resolveId(source, importer) {
      if (!importer || !CLASSIC_SCHEMAS.test(importer)) return null;
      if (source !== PROCESSORS && source !== TO_JSON_SCHEMA) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (!real) return null;
      return `${VIRTUAL_PREFIX}${real.id}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const realId = id.slice(VIRTUAL_PREFIX.length);
      const names = exportedNames(readFileSync(realId, 'utf8'));
      return realId.endsWith('json-schema-processors.js')
        ? processorsStandIn(realId, names)
        : toJsonSchemaStandIn(names);
    },
  };
}
