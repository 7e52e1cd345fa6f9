import { describe, expect, it } from 'vitest';
import {
  MAX_LINEAR_PATTERN_LENGTH,
  compileLinearPattern,
  linearRegExp,
  type LinearPattern,
} from './linear-pattern.ts';

function compiled(source: string): LinearPattern {
  const compilation = compileLinearPattern(source);
  if (!compilation.isValid) throw new Error(`expected "${source}" to compile: ${compilation.reason}`);
  return compilation.pattern;
}

function refusal(source: string): string | undefined {
  const compilation = compileLinearPattern(source);
  return compilation.isValid ? undefined : compilation.reason;
}

describe('compileLinearPattern', () => {
  // Each takes JavaScript's backtracking engine exponential time on a run of "a" followed by "!": with 30
  // characters, minutes. Here the answers come back, and they are right.
  it.each(['^(a+)+$', '(a|a)*b', '^(a*)*$', '^(a|aa)+$', '(.*a)*x', '^((a+)+)+$'])(
    'answers %s against a long run of "a" and "!" (no backtracking)',
    (source) => {
      const pattern = compiled(source);
      expect(pattern.occursIn(`${'a'.repeat(30)}!`)).toBe(false);
      expect(pattern.occursIn(`${'a'.repeat(100_000)}!`)).toBe(false);
      expect(pattern.matchesWhole(`${'a'.repeat(30)}!`)).toBe(false);
    },
  );

  it('finds a pattern anywhere with occursIn, and only the whole input with matchesWhole', () => {
    const pattern = compiled('b+');
    expect(pattern.occursIn('abbc')).toBe(true);
    expect(pattern.matchesWhole('abbc')).toBe(false);
    expect(pattern.matchesWhole('bbb')).toBe(true);
    expect(compiled('^(a+)+$').occursIn('aaaa')).toBe(true);
  });

  it('reads JavaScript’s \\u escapes, and an escaped backslash before "u" as a backslash', () => {
    expect(compiled('^\\u00e9$').occursIn('é')).toBe(true);
    expect(compiled('^\\u{1F600}$').occursIn('😀')).toBe(true);
    expect(compiled('^\\\\u0041$').occursIn('\\u0041')).toBe(true);
  });

  it.each([
    ['(a)\\1', 'invalid escape sequence: `\\1`'],
    ['(?=a)a', 'invalid or unsupported Perl syntax: `(?=`'],
    ['(?!b)a', 'invalid or unsupported Perl syntax: `(?!`'],
    ['\\k<name>', 'invalid escape sequence: `\\k`'],
    ['\\own', 'invalid escape sequence: `\\o`'],
    ['(ab', 'missing closing ): `(ab`'],
    ['[z-a]', 'invalid character class range: `z-a`'],
    ['(a{999}b{999}){999}', 'expression too large'],
  ])('refuses %j: %s', (source, reason) => {
    expect(refusal(source)).toBe(reason);
  });

  it('refuses a pattern too long or too large to match cheaply', () => {
    expect(refusal('a'.repeat(MAX_LINEAR_PATTERN_LENGTH + 1))).toBe(
      `the pattern is longer than ${MAX_LINEAR_PATTERN_LENGTH} characters`,
    );
    expect(refusal('a{1000}b{1000}c{1000}d{1000}e{1000}f{1000}')).toBe('the pattern is too complex');
  });
});

describe('linearRegExp (the engine ajv is given)', () => {
  it('tests like RegExp.test, and throws with the reason on a pattern RE2 refuses', () => {
    expect(linearRegExp('^(a+)+$', 'u').test(`${'a'.repeat(30)}!`)).toBe(false);
    expect(linearRegExp('b', 'u').test('abc')).toBe(true);
    expect(() => linearRegExp('(a)\\1', 'u')).toThrow('pattern "(a)\\1": invalid escape sequence: `\\1`');
  });
});
