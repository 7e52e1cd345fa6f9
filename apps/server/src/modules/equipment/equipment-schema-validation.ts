import {
  compileLinearPattern,
  linearRegExp,
  patternMismatchMessage,
  PROPERTY_ORDER_KEYWORD,
  UNIT_KEYWORD,
} from '@ecc/domain';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export interface SchemaIssue {
  /** Where the problem is, from the request body: `body/schema/properties/x/type`, `body/properties/chargeKg`. */
  path: string;
  message: string;
}

function createAjv(): Ajv {
  // Strict mode: a misspelt keyword in an administrator's schema is reported rather than silently ignored.
  // Patterns run on RE2 (linear time): a backtracking `^(a+)+$` would stall the server for every realm.
  const ajv = new Ajv({ allErrors: true, strict: true, code: { regExp: linearRegExp } });
  ajv.addKeyword({ keyword: UNIT_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: PROPERTY_ORDER_KEYWORD, schemaType: 'array' });
  return ajv;
}

const ajv = createAjv();
/** Versions never change once stored, so a compiled validator is kept per type version. */
const MAX_CACHED_VALIDATORS = 1000;
const validators = new Map<string, ValidateFunction>();

function describeAjvError(error: ErrorObject, prefix: string): SchemaIssue {
  const path = `${prefix}${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: `${path}/${String(params.missingProperty)}`, message: 'Required' };
    case 'additionalProperties':
      return { path: `${path}/${String(params.additionalProperty)}`, message: 'Unknown field' };
    case 'enum':
      return {
        path,
        message: `Must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
      };
    // The same words as the generated form's own check (validateEquipmentProperties in @ecc/domain).
    case 'minimum':
      return { path, message: `Must be at least ${String(params.limit)}` };
    case 'maximum':
      return { path, message: `Must be at most ${String(params.limit)}` };
    case 'pattern':
      return { path, message: patternMismatchMessage(String(params.pattern)) };
    default:
      return { path, message: error.message ?? 'Invalid' };
  }
}

/** One issue per path: a meta-schema's `anyOf` adds a line per branch for the same mistake. */
function describeAjvErrors(errors: readonly ErrorObject[], prefix: string): SchemaIssue[] {
  const byPath = new Map<string, SchemaIssue>();
  for (const error of errors) {
    const issue = describeAjvError(error, prefix);
    if (!byPath.has(issue.path)) byPath.set(issue.path, issue);
  }
  return [...byPath.values()];
}

/** Keywords whose values are data, not schemas: a `pattern` key inside them is no regular expression. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Every `pattern` and `patternProperties` key of the schema that RE2 refuses, named by its JSON Pointer. */
function refusedPatterns(schema: unknown, pointer: string): SchemaIssue[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const issues: SchemaIssue[] = [];
  const refuse = (source: string, path: string) => {
    const compilation = compileLinearPattern(source);
    if (!compilation.isValid) issues.push({ path, message: `Refused pattern: ${compilation.reason}` });
  };
  for (const [key, value] of Object.entries(schema)) {
    const path = `${pointer}/${key}`;
    if (DATA_KEYWORDS.has(key)) continue;
    if (key === 'pattern' && typeof value === 'string') refuse(value, path);
    if (key === 'patternProperties' && typeof value === 'object' && value !== null) {
      for (const source of Object.keys(value)) refuse(source, `${path}/${source}`);
    }
    issues.push(...refusedPatterns(value, path));
  }
  return issues;
}

/**
 * An equipment type's schema must be a valid JSON Schema (ajv's meta-validation), describe an object, carry only
 * patterns RE2 can match in linear time, and compile: the problems are named by their path in the request body.
 */
export function checkEquipmentTypeSchema(schema: Record<string, unknown>): SchemaIssue[] {
  const prefix = 'body/schema';
  if (!ajv.validateSchema(schema)) return describeAjvErrors(ajv.errors ?? [], prefix);
  if (schema.type !== 'object') return [{ path: `${prefix}/type`, message: 'Must be "object"' }];
  const patternIssues = refusedPatterns(schema, prefix);
  if (patternIssues.length > 0) return patternIssues;
  try {
    ajv.compile(schema);
  } catch (error) {
    return [{ path: prefix, message: error instanceof Error ? error.message : String(error) }];
  }
  return [];
}

/** Checks an item's properties against its type version's schema (`cacheKey` names that version). */
export function checkEquipmentProperties(
  cacheKey: string,
  schema: Record<string, unknown>,
  properties: Record<string, unknown>,
): SchemaIssue[] {
  let validate = validators.get(cacheKey);
  if (!validate) {
    if (validators.size >= MAX_CACHED_VALIDATORS) validators.clear();
    validate = ajv.compile(schema);
    validators.set(cacheKey, validate);
  }
  return validate(properties) ? [] : describeAjvErrors(validate.errors ?? [], 'body/properties');
}
