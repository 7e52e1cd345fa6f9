import { RE2JS, RE2JSException } from 're2js';

/**
 * Regular expressions written by users (grant id patterns, `pattern` in equipment-type JSON Schemas) run on RE2
 * (re2js), whose matching time is linear in the input: JavaScript's backtracking engine can take exponential time
 * (`^(a+)+$` against `aaaa…!`) and would stall the server or the page for every realm. RE2 refuses what it
 * cannot match in linear time (backreferences, lookarounds). The syntax is RE2's, which reads ordinary patterns as JavaScript does; JavaScript's
 * `\uXXXX` and `\u{X…}` are accepted too. An escape RE2 does not know is refused rather than read as a literal.
 */

/** Longest pattern accepted: bounds compilation and, with the program size, the cost per input character. */
export const MAX_LINEAR_PATTERN_LENGTH = 1000;
/** RE2's program size approximates the work per input character; `a{1000}` is about 1,000. */
export const MAX_LINEAR_PATTERN_PROGRAM_SIZE = 5000;

export interface LinearPattern {
  readonly source: string;
  /** True when the pattern matches somewhere in the input, like `RegExp.test` and JSON Schema's `pattern`. */
  occursIn(input: string): boolean;
  /** True when the pattern matches the whole input. */
  matchesWhole(input: string): boolean;
}

export type LinearPatternCompilation =
  | { readonly isValid: true; readonly pattern: LinearPattern }
  | { readonly isValid: false; readonly reason: string };

const UNICODE_ESCAPE = /\\(?:u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{1,6})\}|(.))/gsu;

/** JavaScript's `\uXXXX` and `\u{X…}` as RE2's `\x{X…}`; every other escape pair is kept as written. */
function withRe2UnicodeEscapes(source: string): string {
  return source.replace(UNICODE_ESCAPE, (escape, fourDigits?: string, braced?: string) =>
    fourDigits || braced ? `\\x{${fourDigits ?? braced}}` : escape,
  );
}

const RE2_MESSAGE_PREFIX = 'error parsing regexp: ';

function reasonOf(error: RE2JSException): string {
  return error.message.startsWith(RE2_MESSAGE_PREFIX)
    ? error.message.slice(RE2_MESSAGE_PREFIX.length)
    : error.message;
}

/** Compiles a user's pattern for linear-time matching, or says why it is refused. */
export function compileLinearPattern(
  source: string,
  maxLength: number = MAX_LINEAR_PATTERN_LENGTH,
): LinearPatternCompilation {
  if (source.length > maxLength) {
    return { isValid: false, reason: `the pattern is longer than ${maxLength} characters` };
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(withRe2UnicodeEscapes(source));
  } catch (error) {
    if (error instanceof RE2JSException) return { isValid: false, reason: reasonOf(error) };
    throw error;
  }
  if (compiled.programSize() > MAX_LINEAR_PATTERN_PROGRAM_SIZE) {
    return { isValid: false, reason: 'the pattern is too complex' };
  }
  return {
    isValid: true,
    pattern: {
      source,
      occursIn: (input) => compiled.test(input),
      matchesWhole: (input) => compiled.testExact(input),
    },
  };
}

/** What ajv's `code.regExp` option expects: a constructor-like function whose result has `test`. */
export interface LinearRegExpEngine {
  (source: string, flags: string): { test(input: string): boolean };
  code: string;
}

/**
 * The pattern engine for ajv (`new Ajv({code: {regExp: linearRegExp}})`): schemas whose `pattern` or
 * `patternProperties` RE2 refuses fail to compile, with the reason. Flags are ignored: ajv passes only `u`, and RE2
 * always reads Unicode.
 */
export const linearRegExp: LinearRegExpEngine = Object.assign(
  (source: string) => {
    const compilation = compileLinearPattern(source);
    if (!compilation.isValid) throw new Error(`pattern "${source}": ${compilation.reason}`);
    return { test: (input: string) => compilation.pattern.occursIn(input) };
  },
  // Only read when ajv generates standalone code, which this project does not.
  { code: 'linearRegExp' },
);
