import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_GRANT_PATTERN_LENGTH,
  compileGrantPattern,
  escapeGrantPattern,
  matchesGrantPattern,
  measureGrantPatternMatch,
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

// Patterns of the supported subset, written so that JavaScript's unicode mode accepts them with the same meaning.
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
  it('match exactly what JavaScript matches, as a whole-input match, for the supported subset', () => {
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
      { numRuns: 2000 },
    );
  });

  it('never accept a pattern that JavaScript reads differently, whatever the metacharacters', () => {
    const metacharacterSoup = fc.string({
      unit: fc.constantFrom(...'ab.*+?()[]{}|^$\\-:=!<dwk1'.split('')),
      minLength: 1,
      maxLength: 10,
    });
    fc.assert(
      fc.property(metacharacterSoup, fc.array(shortInput, { maxLength: 4 }), (source, inputs) => {
        const compilation = compileGrantPattern(source);
        if (!compilation.isValid) return;
        for (const input of inputs) {
          // Non-unicode mode: the soup may hold identity escapes such as "\-", which unicode mode refuses.
          expect(matchesGrantPattern(compilation.pattern, input)).toBe(nativeWholeMatch(source, input, ''));
        }
      }),
      { numRuns: 2000 },
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
    ['(a)\\1', 'backreferences are not supported'],
    ['(?<name>a)\\k<name>', 'named groups are not supported'],
    ['\\k<name>', 'backreferences are not supported'],
    ['(?=a)a', 'lookarounds are not supported'],
    ['(?!b)a', 'lookarounds are not supported'],
    ['(?<=a)b', 'lookarounds are not supported'],
    ['(?<!a)b', 'lookarounds are not supported'],
    ['(?i)a', 'unsupported group "(?"'],
    ['a{2}', 'counted repetition ("{n,m}") is not supported; escape "{" and "}" to match them'],
    ['a{2,}', 'counted repetition ("{n,m}") is not supported; escape "{" and "}" to match them'],
    ['a*?', 'lazy quantifiers are not supported'],
    ['a+?', 'lazy quantifiers are not supported'],
    ['a**', 'nothing to repeat before "*"'],
    ['*a', 'nothing to repeat before "*"'],
    ['a|+', 'nothing to repeat before "+"'],
    ['^*a', 'nothing to repeat before "*"'],
    ['\\bword\\b', 'word boundaries are not supported'],
    ['\\p{L}', 'unsupported escape "\\p"'],
    ['\\principal.x', 'unsupported escape "\\p"'],
    ['\\own', 'unsupported escape "\\o"'],
    ['\\0', 'unsupported escape "\\0"'],
    ['abc\\', 'pattern ends with "\\"'],
    ['(ab', 'missing ")"'],
    ['ab)', 'unmatched ")"'],
    ['[ab', 'unterminated character class'],
    ['ab]', 'unmatched "]"; escape it to match it'],
    ['[z-a]', 'character class range out of order'],
    ['[\\d-z]', 'a character class escape cannot be a range end'],
    ['[a-\\d]', 'a character class escape cannot be a range end'],
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
  // Patterns on which a backtracking engine takes exponential time on "aaa…a!".
  it.each(['(a+)+$', '(a|a)*b', '(a*)*$', '(a|aa)+$', '(.*a)*x', '((a+)+)+'])(
    'runs %s as an NFA: each state at most once per input position',
    (source) => {
      const pattern = compiled(source);
      const input = `${'a'.repeat(20_000)}!`;
      const { isMatch, stateVisits } = measureGrantPatternMatch(pattern, input);
      expect(isMatch).toBe(false);
      expect(stateVisits).toBeLessThanOrEqual((input.length + 1) * pattern.states.length);
    },
  );

  it('keeps the number of states within the pattern length and the work within (input + 1) × states', () => {
    fc.assert(
      fc.property(nonEmptySupportedPattern, fc.string({ maxLength: 40 }), (source, input) => {
        const pattern = compiled(source);
        expect(pattern.states.length).toBeLessThanOrEqual(source.length + 1);
        const { stateVisits } = measureGrantPatternMatch(pattern, input);
        expect(stateVisits).toBeLessThanOrEqual((Array.from(input).length + 1) * pattern.states.length);
      }),
      { numRuns: 1000 },
    );
  });
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
