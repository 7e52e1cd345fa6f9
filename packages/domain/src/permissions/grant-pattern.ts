/**
 * The regular expressions of regex grants, matched by a Thompson NFA instead of the JavaScript engine.
 *
 * Grants are written by realm administrators, so a pattern is untrusted input that the server evaluates on every
 * access check. JavaScript's backtracking engine can take exponential time (`(a+)+$` against `aaaa…!`); this
 * matcher keeps a set of NFA states per input position and visits each state at most once per position, so a
 * match costs at most (input length + 1) × (state count) steps, and the state count is bounded by the pattern
 * length. Supported: literals, escaped metacharacters, `.`, character classes (ranges, negation, `\d \w \s` and
 * their negations), `*`, `+`, `?`, `|`, groups `( )` and `(?: )`, anchors `^` `$`. Everything whose cost or meaning
 * is not linear (backreferences, lookarounds, counted repetition, lazy quantifiers, word boundaries) is refused.
 * A pattern always has to match the whole input, as if wrapped in `^(?: … )$`.
 */

/** Longest pattern a grant may carry: bounds the NFA to a few hundred states. */
export const MAX_GRANT_PATTERN_LENGTH = 256;

type CodePointRange = readonly [low: number, high: number];

type PatternNode =
  | { readonly kind: 'set'; readonly ranges: readonly CodePointRange[] }
  | { readonly kind: 'sequence'; readonly items: readonly PatternNode[] }
  | { readonly kind: 'alternation'; readonly options: readonly PatternNode[] }
  | { readonly kind: 'repeat'; readonly quantifier: '*' | '+' | '?'; readonly item: PatternNode }
  | { readonly kind: 'assert'; readonly at: 'start' | 'end' };

type NfaState =
  | { kind: 'set'; ranges: readonly CodePointRange[]; next: number }
  | { kind: 'split'; first: number; second: number }
  | { kind: 'assert'; at: 'start' | 'end'; next: number }
  | { kind: 'match' };

/** A compiled grant pattern: the NFA's states and where it starts. */
export interface GrantPattern {
  readonly source: string;
  readonly states: readonly Readonly<NfaState>[];
  readonly start: number;
}

export type GrantPatternCompilation =
  | { readonly isValid: true; readonly pattern: GrantPattern }
  | { readonly isValid: false; readonly reason: string };

const MAX_CODE_POINT = 0x10ffff;
const DIGITS: readonly CodePointRange[] = [[0x30, 0x39]];
const WORD_CHARACTERS: readonly CodePointRange[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// JavaScript's `\s`: WhiteSpace and LineTerminator of ECMA-262.
const WHITESPACE: readonly CodePointRange[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: readonly CodePointRange[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const QUANTIFIERS = new Set(['*', '+', '?']);
const SYNTAX_CHARACTERS = /[\\^$.*+?()[\]{}|]/g;

class PatternError extends Error {}

function normaliseRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const sorted = [...ranges].sort((left, right) => left[0] - right[0]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

function complementRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const complement: CodePointRange[] = [];
  let nextLow = 0;
  for (const [low, high] of normaliseRanges(ranges)) {
    if (low > nextLow) complement.push([nextLow, low - 1]);
    nextLow = high + 1;
  }
  if (nextLow <= MAX_CODE_POINT) complement.push([nextLow, MAX_CODE_POINT]);
  return complement;
}

function classEscapeRanges(letter: string): readonly CodePointRange[] | undefined {
  switch (letter) {
    case 'd':
      return DIGITS;
    case 'D':
      return complementRanges(DIGITS);
    case 'w':
      return WORD_CHARACTERS;
    case 'W':
      return complementRanges(WORD_CHARACTERS);
    case 's':
      return WHITESPACE;
    case 'S':
      return complementRanges(WHITESPACE);
    default:
      return undefined;
  }
}

function codePointOf(character: string): number {
  return character.codePointAt(0) ?? 0;
}

function toRanges(atom: number | readonly CodePointRange[]): readonly CodePointRange[] {
  return typeof atom === 'number' ? [[atom, atom]] : atom;
}

/** Recursive-descent parser over code points; throws PatternError with the reason a grant is refused. */
class PatternParser {
  private readonly characters: readonly string[];
  private position = 0;

  constructor(source: string) {
    this.characters = Array.from(source);
  }

  parse(): PatternNode {
    const node = this.parseAlternation();
    if (this.peek() === ')') throw new PatternError('unmatched ")"');
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.characters[this.position + offset];
  }

  private take(): string {
    const character = this.characters[this.position];
    if (character === undefined) throw new PatternError('unexpected end of pattern');
    this.position += 1;
    return character;
  }

  private parseAlternation(): PatternNode {
    const options = [this.parseSequence()];
    while (this.peek() === '|') {
      this.position += 1;
      options.push(this.parseSequence());
    }
    return options.length === 1 && options[0] ? options[0] : { kind: 'alternation', options };
  }

  private parseSequence(): PatternNode {
    const items: PatternNode[] = [];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      items.push(this.parseQuantified());
    }
    return items.length === 1 && items[0] ? items[0] : { kind: 'sequence', items };
  }

  private parseQuantified(): PatternNode {
    // A bare anchor cannot be repeated; a group holding only an anchor can, as in JavaScript.
    const isAnchor = this.peek() === '^' || this.peek() === '$';
    const item = this.parseAtom();
    const quantifier = this.peek();
    if (quantifier !== '*' && quantifier !== '+' && quantifier !== '?') return item;
    if (isAnchor) throw new PatternError(`nothing to repeat before "${quantifier}"`);
    this.position += 1;
    const following = this.peek();
    if (following === '?') throw new PatternError('lazy quantifiers are not supported');
    if (following !== undefined && QUANTIFIERS.has(following)) {
      throw new PatternError(`nothing to repeat before "${following}"`);
    }
    return { kind: 'repeat', quantifier, item };
  }

  private parseAtom(): PatternNode {
    const character = this.take();
    switch (character) {
      case '(':
        return this.parseGroup();
      case '[':
        return { kind: 'set', ranges: this.parseClass() };
      case '.':
        return { kind: 'set', ranges: complementRanges(LINE_TERMINATORS) };
      case '^':
        return { kind: 'assert', at: 'start' };
      case '$':
        return { kind: 'assert', at: 'end' };
      case '\\':
        return { kind: 'set', ranges: toRanges(this.parseEscape()) };
      case '*':
      case '+':
      case '?':
        throw new PatternError(`nothing to repeat before "${character}"`);
      case '{':
      case '}':
        throw new PatternError(
          'counted repetition ("{n,m}") is not supported; escape "{" and "}" to match them',
        );
      case ']':
        throw new PatternError('unmatched "]"; escape it to match it');
      default:
        return { kind: 'set', ranges: toRanges(codePointOf(character)) };
    }
  }

  private parseGroup(): PatternNode {
    if (this.peek() === '?') {
      const kind = `${this.peek(1) ?? ''}${this.peek(2) ?? ''}`;
      if (kind.startsWith(':')) this.position += 2;
      else if (kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!') {
        throw new PatternError('lookarounds are not supported');
      } else if (kind.startsWith('<')) throw new PatternError('named groups are not supported');
      else throw new PatternError('unsupported group "(?"');
    }
    const inner = this.parseAlternation();
    if (this.peek() !== ')') throw new PatternError('missing ")"');
    this.position += 1;
    return inner;
  }

  /** After "\\": a code point (escaped metacharacter) or the ranges of a class escape. */
  private parseEscape(): number | readonly CodePointRange[] {
    const letter = this.peek();
    if (letter === undefined) throw new PatternError('pattern ends with "\\"');
    this.position += 1;
    const classRanges = classEscapeRanges(letter);
    if (classRanges) return classRanges;
    if (/[1-9k]/.test(letter)) throw new PatternError('backreferences are not supported');
    if (letter === 'b' || letter === 'B') throw new PatternError('word boundaries are not supported');
    if (/[\p{L}\p{N}]/u.test(letter)) throw new PatternError(`unsupported escape "\\${letter}"`);
    return codePointOf(letter);
  }

  /** After "[": items up to "]"; a class escape cannot be a range end, a reversed range is refused. */
  private parseClass(): readonly CodePointRange[] {
    const isNegated = this.peek() === '^';
    if (isNegated) this.position += 1;
    const ranges: CodePointRange[] = [];
    for (let character = this.peek(); character !== ']'; character = this.peek()) {
      if (character === undefined) throw new PatternError('unterminated character class');
      const low = this.parseClassAtom();
      const isRange = this.peek() === '-' && this.peek(1) !== undefined && this.peek(1) !== ']';
      if (!isRange) {
        ranges.push(...toRanges(low));
        continue;
      }
      this.position += 1;
      const high = this.parseClassAtom();
      if (typeof low !== 'number' || typeof high !== 'number') {
        throw new PatternError('a character class escape cannot be a range end');
      }
      if (low > high) throw new PatternError('character class range out of order');
      ranges.push([low, high]);
    }
    this.position += 1;
    return isNegated ? complementRanges(ranges) : normaliseRanges(ranges);
  }

  /** One code point, or the ranges of a class escape such as `\d`. */
  private parseClassAtom(): number | readonly CodePointRange[] {
    const character = this.take();
    return character === '\\' ? this.parseEscape() : codePointOf(character);
  }
}

/** Thompson construction, built backwards: each node is compiled knowing the state that follows it. */
function buildStates(root: PatternNode): { states: NfaState[]; start: number } {
  const states: NfaState[] = [{ kind: 'match' }];
  const add = (state: NfaState): number => states.push(state) - 1;
  const compile = (node: PatternNode, next: number): number => {
    switch (node.kind) {
      case 'set':
        return add({ kind: 'set', ranges: node.ranges, next });
      case 'assert':
        return add({ kind: 'assert', at: node.at, next });
      case 'sequence':
        return node.items.reduceRight((following, item) => compile(item, following), next);
      case 'alternation': {
        const starts = node.options.map((option) => compile(option, next));
        return starts.reduceRight((second, first) => add({ kind: 'split', first, second }));
      }
      case 'repeat': {
        if (node.quantifier === '?')
          return add({ kind: 'split', first: compile(node.item, next), second: next });
        const loop: NfaState = { kind: 'split', first: next, second: next };
        const loopIndex = add(loop);
        const body = compile(node.item, loopIndex);
        loop.first = body;
        return node.quantifier === '*' ? loopIndex : body;
      }
    }
  };
  const start = compile(root, 0);
  return { states, start };
}

/** Parses and compiles a grant pattern, or says why it is refused. */
export function compileGrantPattern(source: string): GrantPatternCompilation {
  if (source.length === 0) return { isValid: false, reason: 'the pattern is empty' };
  if (source.length > MAX_GRANT_PATTERN_LENGTH) {
    return { isValid: false, reason: `the pattern is longer than ${MAX_GRANT_PATTERN_LENGTH} characters` };
  }
  try {
    const { states, start } = buildStates(new PatternParser(source).parse());
    return { isValid: true, pattern: { source, states, start } };
  } catch (error) {
    if (error instanceof PatternError) return { isValid: false, reason: error.message };
    throw error;
  }
}

function containsCodePoint(ranges: readonly CodePointRange[], codePoint: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle];
    if (!range) return false;
    if (codePoint < range[0]) high = middle - 1;
    else if (codePoint > range[1]) low = middle + 1;
    else return true;
  }
  return false;
}

export interface GrantPatternMatch {
  readonly isMatch: boolean;
  /** NFA states visited; never more than (input code points + 1) × states.length. */
  readonly stateVisits: number;
}

/** Whole-input match, reporting its cost so that the linear bound can be checked. */
export function measureGrantPatternMatch(pattern: GrantPattern, input: string): GrantPatternMatch {
  const codePoints = Array.from(input, (character) => character.codePointAt(0) ?? 0);
  const { states } = pattern;
  const visitedAt = new Int32Array(states.length).fill(-1);
  let stateVisits = 0;

  // Adds `from` and every state reachable from it without consuming input; each state once per position.
  const addWithClosure = (active: number[], from: number, position: number): void => {
    const pending = [from];
    for (let index = pending.pop(); index !== undefined; index = pending.pop()) {
      const state = states[index];
      if (!state || visitedAt[index] === position) continue;
      visitedAt[index] = position;
      stateVisits += 1;
      if (state.kind === 'split') pending.push(state.second, state.first);
      else if (state.kind === 'assert') {
        const holds = state.at === 'start' ? position === 0 : position === codePoints.length;
        if (holds) pending.push(state.next);
      } else active.push(index);
    }
  };

  let active: number[] = [];
  addWithClosure(active, pattern.start, 0);
  for (let position = 0; position < codePoints.length && active.length > 0; position += 1) {
    const codePoint = codePoints[position] ?? 0;
    const nextActive: number[] = [];
    for (const index of active) {
      const state = states[index];
      if (state?.kind === 'set' && containsCodePoint(state.ranges, codePoint)) {
        addWithClosure(nextActive, state.next, position + 1);
      }
    }
    active = nextActive;
  }
  return { isMatch: active.some((index) => states[index]?.kind === 'match'), stateVisits };
}

/** True when the pattern matches the whole input. */
export function matchesGrantPattern(pattern: GrantPattern, input: string): boolean {
  return measureGrantPatternMatch(pattern, input).isMatch;
}

/** A pattern that matches exactly `text`, for granting one literal id or realm key. */
export function escapeGrantPattern(text: string): string {
  return text.replace(SYNTAX_CHARACTERS, '\\$&');
}
