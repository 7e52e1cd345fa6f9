import { createToken, Lexer, type IToken, type TokenType } from 'chevrotain';
import { MAX_FORMULA_LENGTH } from '@ecc/contracts';
import { diagnosticAt, diagnosticOfSpan, type CalculationDiagnostic } from './calculation-diagnostic.ts';
import { MAX_PARENTHESIS_DEPTH } from './calculation-limits.ts';
import { spanOfTokens } from './token-span.ts';

/*
 * The tokens of the calculation language. Chevrotain tries the patterns in order and takes the first that
 * matches, so the longer operators come before their prefixes and the keywords before identifiers (with
 * `longer_alt`, so that `settle` is a name, not `set` + `tle`). Keywords and function names ignore case.
 */

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  label: 'a name',
});

function keyword(name: string): TokenType {
  return createToken({
    name,
    pattern: new RegExp(name, 'i'),
    longer_alt: Identifier,
    label: name.toUpperCase(),
  });
}

export const WhiteSpace = createToken({
  name: 'WhiteSpace',
  pattern: /[ \t\f\v\u00a0\ufeff]+/,
  group: Lexer.SKIPPED,
});
export const Newline = createToken({
  name: 'Newline',
  pattern: /\r\n|\r|\n/,
  line_breaks: true,
  label: 'a new line',
});
export const Comment = createToken({ name: 'Comment', pattern: /\/\/[^\r\n]*/, label: 'a comment' });
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/,
  label: 'a number',
});
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /'(?:[^'\r\n]|'')*'/,
  label: "'text'",
});
/** A quote that the line ends before closing: its own token, so the error can say so. */
export const UnterminatedString = createToken({ name: 'UnterminatedString', pattern: /'(?:[^'\r\n]|'')*/ });
export const Parameter = createToken({
  name: 'Parameter',
  pattern: /:[A-Za-z_][A-Za-z0-9_]*/,
  label: 'a :parameter',
});
export const CalculationName = createToken({
  name: 'CalculationName',
  pattern: /#[A-Za-z_][A-Za-z0-9_-]*(?:@\d+)?/,
  label: 'a #calculation',
});
export const Set = keyword('set');
export const Emit = keyword('emit');
export const And = keyword('and');
export const Or = keyword('or');
export const Not = keyword('not');
export const True = keyword('true');
export const False = keyword('false');
export const Null = keyword('null');
export const LessOrEqual = createToken({ name: 'LessOrEqual', pattern: '<=', label: "'<='" });
export const GreaterOrEqual = createToken({ name: 'GreaterOrEqual', pattern: '>=', label: "'>='" });
export const NotEqual = createToken({ name: 'NotEqual', pattern: /!=|<>/, label: "'!='" });
export const Less = createToken({ name: 'Less', pattern: '<', label: "'<'" });
export const Greater = createToken({ name: 'Greater', pattern: '>', label: "'>'" });
export const Equals = createToken({ name: 'Equals', pattern: '=', label: "'='" });
export const Plus = createToken({ name: 'Plus', pattern: '+', label: "'+'" });
export const Minus = createToken({ name: 'Minus', pattern: '-', label: "'-'" });
export const Star = createToken({ name: 'Star', pattern: '*', label: "'*'" });
export const Slash = createToken({ name: 'Slash', pattern: '/', label: "'/'" });
export const Caret = createToken({ name: 'Caret', pattern: '^', label: "'^'" });
export const LeftParenthesis = createToken({ name: 'LeftParenthesis', pattern: '(', label: "'('" });
export const RightParenthesis = createToken({ name: 'RightParenthesis', pattern: ')', label: "')'" });
export const Comma = createToken({ name: 'Comma', pattern: ',', label: "','" });
export const Colon = createToken({ name: 'Colon', pattern: ':', label: "':'" });

export const ALL_TOKENS: readonly TokenType[] = [
  WhiteSpace,
  Newline,
  Comment,
  NumberLiteral,
  StringLiteral,
  UnterminatedString,
  Parameter,
  CalculationName,
  Set,
  Emit,
  And,
  Or,
  Not,
  True,
  False,
  Null,
  Identifier,
  LessOrEqual,
  GreaterOrEqual,
  NotEqual,
  Less,
  Greater,
  Equals,
  Plus,
  Minus,
  Star,
  Slash,
  Caret,
  LeftParenthesis,
  RightParenthesis,
  Comma,
  Colon,
];

let lexer: Lexer | undefined;

/** One lexer for the process: building one analyses every pattern, which costs more than lexing a formula. */
function sharedLexer(): Lexer {
  lexer ??= new Lexer([...ALL_TOKENS], { positionTracking: 'full', ensureOptimizations: true });
  return lexer;
}

/** The tokens of one statement, and a trailing `// comment` when the line ends with one. */
export interface StatementTokens {
  readonly tokens: readonly IToken[];
  readonly comment?: IToken;
}

export interface TokenizedFormula {
  readonly statements: readonly StatementTokens[];
  readonly errors: readonly CalculationDiagnostic[];
}

function describeCharacter(text: string): string {
  const character = String.fromCodePoint(text.codePointAt(0) ?? 0);
  return /^\p{L}|\p{N}|\p{P}|\p{S}$/u.test(character)
    ? `'${character}'`
    : `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The formula as statements: one a line, except that a statement continues over new lines while a parenthesis
 * is open (so a long `SWITCH(` can list a case a line). Unbalanced parentheses, nesting deeper than
 * `MAX_PARENTHESIS_DEPTH`, characters the language does not know and unclosed quotes are errors here, so the
 * parser never recurses deeper than that limit.
 */
export function tokenizeFormula(text: string): TokenizedFormula {
  if (text.length > MAX_FORMULA_LENGTH) {
    return {
      statements: [],
      errors: [
        diagnosticAt(
          { offset: 0, line: 1, column: 1 },
          `The formula is too long: it has ${text.length.toLocaleString('en-US')} characters, and at most ${MAX_FORMULA_LENGTH.toLocaleString('en-US')} are allowed`,
        ),
      ],
    };
  }
  const result = sharedLexer().tokenize(text);
  const errors: CalculationDiagnostic[] = result.errors.map((error) =>
    diagnosticAt(
      { offset: error.offset, line: error.line ?? 1, column: error.column ?? 1 },
      `The character ${describeCharacter(text.slice(error.offset, error.offset + error.length))} has no meaning in a formula`,
      error.length,
    ),
  );
  const statements: StatementTokens[] = [];
  const openParentheses: IToken[] = [];
  let current: IToken[] = [];
  let comment: IToken | undefined;
  const endStatement = (): void => {
    if (current.length > 0 || comment !== undefined) {
      statements.push(comment === undefined ? { tokens: current } : { tokens: current, comment });
    }
    current = [];
    comment = undefined;
  };
  for (const token of result.tokens) {
    const type = token.tokenType;
    if (type === UnterminatedString) {
      errors.push(diagnosticOfSpan(spanOfTokens(token, token), "This text has no closing quote '"));
      continue;
    }
    if (type === Newline) {
      if (openParentheses.length === 0) endStatement();
      continue;
    }
    if (type === Comment) {
      // A comment inside an open parenthesis is dropped: the tree keeps comments only on whole statements.
      if (openParentheses.length === 0) comment = token;
      continue;
    }
    if (type === LeftParenthesis) {
      openParentheses.push(token);
      if (openParentheses.length === MAX_PARENTHESIS_DEPTH + 1) {
        errors.push(
          diagnosticOfSpan(
            spanOfTokens(token, token),
            `Parentheses are nested too deeply here: at most ${MAX_PARENTHESIS_DEPTH} may be open at once`,
          ),
        );
      }
    } else if (type === RightParenthesis) {
      if (openParentheses.pop() === undefined) {
        errors.push(diagnosticOfSpan(spanOfTokens(token, token), "This ')' closes no '('"));
        continue;
      }
    }
    current.push(token);
  }
  for (const open of openParentheses.slice(0, 1)) {
    errors.push(diagnosticOfSpan(spanOfTokens(open, open), "This '(' is never closed: add a ')'"));
  }
  endStatement();
  errors.sort((left, right) => left.offset - right.offset);
  return { statements, errors };
}
