import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_GRANT_PATTERN_LENGTH,
  compileGrantPattern,
  escapeGrantPattern,
  matchesGrantPattern,
  type GrantPattern,
} from './grant-pattern.ts';

function compiled(source: string): GrantPattern {
  const compilation = compileGrantPattern(source);
  if (!compilation.isValid) throw new Error(`expected "${source}" to compile: ${compilation.reason}`);
  return compilation.pattern;
}

function refusal(source: string): string | undefined {
  const compilation = compileGrantPattern(source);
  return compilation.isValid ? undefined : compilation.reason;
}

/** JavaScript's own engine as the oracle: fine for the short inputs of these tests. */
function nativeWholeMatch(source: string, input: string, flags = 'u'): boolean {
  return new RegExp(`^(?:${source})$`, flags).test(input);
}

// Patterns that RE2 and JavaScript's unicode mode both accept and read alike.
const ESCAPED_METACHARACTERS = ['\\.', '\\*', '\\+', '\\?', '\\(', '\\)', '\\[', '\\]', '\\{', '\\}', '\\|'];
const CLASS_ESCAPES = ['\\d', '\\D', '\\w', '\\W', '\\s', '\\S'];
const literal = fc.constantFrom('a', 'b', 'c', '-', '_', '1', 'é', ' ');
const classItem = fc.oneof(
  literal.filter((character) => character !== '-'),
  fc.constantFrom('a-c', '0-9', 'b-z', '\\-', '\\]', '.', ...CLASS_ESCAPES),
);
const characterClass = fc
  .tuple(fc.boolean(), fc.array(classItem, { minLength: 1, maxLength: 3 }))
  .map(([isNegated, items]) => `[${isNegated ? '^' : ''}${items.join('')}]`);

const { alternation: supportedPattern } = fc.letrec<{ atom: string; sequence: string; alternation: string }>(
  (tie) => ({
    atom: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      literal,
      fc.constantFrom('.', ...ESCAPED_METACHARACTERS, ...CLASS_ESCAPES),
      characterClass,
      tie('alternation').map((inner) => `(${inner})`),
      tie('alternation').map((inner) => `(?:${inner})`),
    ),
    sequence: fc
      .array(
        fc.oneof(
          fc
            .tuple(tie('atom'), fc.constantFrom('', '', '*', '+', '?'))
            .map(([atom, quantifier]) => atom + quantifier),
          fc.constantFrom('^', '$'),
        ),
        { maxLength: 4 },
      )
      .map((items) => items.join('')),
    alternation: fc
      .array(tie('sequence'), { minLength: 1, maxLength: 3 })
      .map((options) => options.join('|')),
  }),
);
const nonEmptySupportedPattern = supportedPattern.filter(
  (source) => source.length > 0 && source.length <= MAX_GRANT_PATTERN_LENGTH,
);
const shortInput = fc.string({
  unit: fc.constantFrom('a', 'b', 'c', '-', '_', '1', 'é', ' ', '\n', '.', '*', 'Z'),
  maxLength: 8,
});

describe('compileGrantPattern and matchesGrantPattern', () => {
  it('match exactly what JavaScript matches, as a whole-input match, where both read the pattern alike', () => {
    fc.assert(
      fc.property(
        nonEmptySupportedPattern,
        fc.array(shortInput, { minLength: 1, maxLength: 6 }),
        (source, inputs) => {
          const pattern = compiled(source);
          for (const input of inputs) {
            expect(matchesGrantPattern(pattern, input), `${source} on ${JSON.stringify(input)}`).toBe(
              nativeWholeMatch(source, input),
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('match the whole input only', () => {
    const pattern = compiled('dem');
    expect(matchesGrantPattern(pattern, 'dem')).toBe(true);
    expect(matchesGrantPattern(pattern, 'demo')).toBe(false);
    expect(matchesGrantPattern(pattern, 'ademo')).toBe(false);
    expect(matchesGrantPattern(compiled('a|b'), 'ab')).toBe(false);
  });

  it.each([
    ['(a)\\1', 'invalid escape sequence: `\\1`'],
    ['\\k<name>', 'invalid escape sequence: `\\k`'],
    ['(?=a)a', 'invalid or unsupported Perl syntax: `(?=`'],
    ['(?!b)a', 'invalid or unsupported Perl syntax: `(?!`'],
    ['\\own', 'invalid escape sequence: `\\o`'],
    ['(ab', 'missing closing ): `(ab`'],
    ['', 'the pattern is empty'],
    [
      'a'.repeat(MAX_GRANT_PATTERN_LENGTH + 1),
      `the pattern is longer than ${MAX_GRANT_PATTERN_LENGTH} characters`,
    ],
  ])('refuse %j: %s', (source, reason) => {
    expect(refusal(source)).toBe(reason);
  });
});

describe('linear-time matching', () => {
  // Patterns on which a backtracking engine takes exponential time on "aaa…a!": the answers come back, right.
  it.each(['(a+)+$', '(a|a)*b', '(a*)*$', '(a|aa)+$', '(.*a)*x', '((a+)+)+'])(
    'answers %s against a long run of "a" and "!"',
    (source) => {
      const pattern = compiled(source);
      expect(matchesGrantPattern(pattern, `${'a'.repeat(20_000)}!`)).toBe(false);
      expect(matchesGrantPattern(pattern, `${'a'.repeat(30)}!`)).toBe(false);
    },
  );
});

describe('escapeGrantPattern', () => {
  it('gives a pattern that matches its text and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 20 }), (text, other) => {
        const pattern = compiled(escapeGrantPattern(text));
        expect(matchesGrantPattern(pattern, text)).toBe(true);
        expect(matchesGrantPattern(pattern, other)).toBe(other === text);
      }),
      { numRuns: 1000 },
    );
  });

  it('turns an id with metacharacters into a literal', () => {
    const pattern = compiled(escapeGrantPattern('a.c'));
    expect(pattern.source).toBe('a\\.c');
    expect(matchesGrantPattern(pattern, 'a.c')).toBe(true);
    expect(matchesGrantPattern(pattern, 'abc')).toBe(false);
  });
});
