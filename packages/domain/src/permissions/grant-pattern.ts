import { compileLinearPattern, type LinearPattern } from '../patterns/linear-pattern.ts';

/**
 * The regular expressions of regex grants. Grants are written by realm administrators, so a pattern is untrusted
 * input evaluated on every access check: it runs on the linear-time RE2 engine (`compileLinearPattern`), never
 * JavaScript's backtracking one. A pattern always has to match the whole input, as if wrapped in `^(?: … )$`.
 */

/** Longest pattern a grant may carry. */
export const MAX_GRANT_PATTERN_LENGTH = 256;

export type GrantPattern = LinearPattern;

export type GrantPatternCompilation =
  | { readonly isValid: true; readonly pattern: GrantPattern }
  | { readonly isValid: false; readonly reason: string };

const SYNTAX_CHARACTERS = /[\\^$.*+?()[\]{}|]/g;

/** Parses and compiles a grant pattern, or says why it is refused. */
export function compileGrantPattern(source: string): GrantPatternCompilation {
  if (source.length === 0) return { isValid: false, reason: 'the pattern is empty' };
  return compileLinearPattern(source, MAX_GRANT_PATTERN_LENGTH);
}

/** True when the pattern matches the whole input. */
export function matchesGrantPattern(pattern: GrantPattern, input: string): boolean {
  return pattern.matchesWhole(input);
}

/** A pattern that matches exactly `text`, for granting one literal id or realm key. */
export function escapeGrantPattern(text: string): string {
  return text.replace(SYNTAX_CHARACTERS, '\\$&');
}

/** Compiled id patterns by source: the same few grants are checked on every request. */
const MAX_CACHED_ID_PATTERNS = 1000;
const compiledIdPatterns = new Map<string, GrantPattern>();

/**
 * The id-pattern matcher the server builds abilities with (`buildAbility(rules, grantIdPatternMatcher)`): whole-id
 * matches on RE2. A pattern RE2 refuses throws, as grants are checked when saved and such a pattern means the
 * stored data is not what the server wrote.
 */
export function grantIdPatternMatcher(pattern: string, id: string): boolean {
  let compiled = compiledIdPatterns.get(pattern);
  if (!compiled) {
    const compilation = compileGrantPattern(pattern);
    if (!compilation.isValid) throw new Error(`Refused id pattern: ${compilation.reason}`);
    if (compiledIdPatterns.size >= MAX_CACHED_ID_PATTERNS) compiledIdPatterns.clear();
    compiled = compilation.pattern;
    compiledIdPatterns.set(pattern, compiled);
  }
  return matchesGrantPattern(compiled, id);
}
