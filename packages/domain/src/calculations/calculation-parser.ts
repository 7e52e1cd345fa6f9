import {
  EmbeddedActionsParser,
  EOF,
  type IOrAlt,
  type IParserErrorMessageProvider,
  type IRecognitionException,
  type IToken,
  type TokenType,
} from 'chevrotain';
import { MAX_CALCULATION_STRING_LENGTH } from '@ecc/contracts';
import { diagnosticOfSpan, type CalculationDiagnostic } from './calculation-diagnostic.ts';
import {
  ALL_TOKENS,
  And,
  CalculationName,
  Caret,
  Colon,
  Comma,
  Emit,
  Equals,
  False,
  Greater,
  GreaterOrEqual,
  Identifier,
  LeftParenthesis,
  Less,
  LessOrEqual,
  Minus,
  Not,
  NotEqual,
  Null,
  NumberLiteral,
  Or,
  Parameter,
  Plus,
  RightParenthesis,
  Set,
  Slash,
  Star,
  StringLiteral,
  tokenizeFormula,
  True,
  type StatementTokens,
} from './calculation-lexer.ts';
import { MAX_EXPRESSION_DEPTH } from './calculation-limits.ts';
import type {
  BinaryOperator,
  Expression,
  Formula,
  NamedArgument,
  SourceSpan,
  Statement,
  UnaryOperator,
} from './syntax-tree.ts';
import { joinSpans, spanOfTokens } from './token-span.ts';

const COMPARISON_TOKENS: ReadonlyMap<TokenType, BinaryOperator> = new Map([
  [Equals, '='],
  [NotEqual, '!='],
  [Less, '<'],
  [LessOrEqual, '<='],
  [Greater, '>'],
  [GreaterOrEqual, '>='],
]);

function isEndOfInput(token: IToken | undefined): boolean {
  return token === undefined || token.tokenType === EOF || Number.isNaN(token.startOffset);
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** A token as a sentence names it: "the number 12", "the parameter :fuel", "')'". */
export function describeToken(token: IToken | undefined): string {
  if (isEndOfInput(token) || token === undefined) return 'the end of the line';
  switch (token.tokenType) {
    case NumberLiteral:
      return `the number ${shorten(token.image)}`;
    case StringLiteral:
      return `the text ${shorten(token.image)}`;
    case Parameter:
      return `the parameter ${shorten(token.image)}`;
    case CalculationName:
      return `the calculation ${shorten(token.image)}`;
    case Identifier:
      return `the name ${shorten(token.image)}`;
    default:
      return /^[a-z]+$/i.test(token.image) ? token.image.toUpperCase() : `'${token.image}'`;
  }
}

const VALUE_HINT = "a number, 'text', a :parameter, a function such as IF(…) or an expression in ( … )";
const COMPARISON_CHAIN_MESSAGE =
  'Comparisons cannot be chained: join two with AND, as in :a < :b AND :b < :c';

/** Chevrotain's messages name its token types; these say what the writer can do. */
const HUMAN_MESSAGES: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual, previous, ruleName }) {
    const found = describeToken(actual);
    if (ruleName === 'setStatement' && expected === Parameter) {
      return `After set comes the :parameter to give a value, as in set :total = :a + :b; found ${found}`;
    }
    if (ruleName === 'setStatement' && expected === Equals) {
      return `After set ${previous.image} comes '=' and its value, as in set ${previous.image} = :a + :b; found ${found}`;
    }
    if (ruleName === 'emitStatement' && expected === StringLiteral) {
      return `EMIT names its gas as text first, as in EMIT('CH4', :mass); found ${found}`;
    }
    if (ruleName === 'functionCall' && expected === LeftParenthesis) {
      const name = previous.image;
      return `${name} is not a value: call a function with parentheses, as in ${name.toUpperCase()}(…), and write a parameter with a colon, as in :${name}`;
    }
    if (ruleName === 'calculationCall' && expected === LeftParenthesis) {
      return `Call ${previous.image} with its arguments in parentheses, as in ${previous.image}(quantity: :quantity)`;
    }
    if (ruleName === 'namedArgument') {
      return `Each argument of another calculation is written name: value, as in #boiler(fuel: :fuel); found ${found}`;
    }
    if (expected === RightParenthesis && (ruleName === 'functionCall' || ruleName === 'calculationCall')) {
      if (COMPARISON_TOKENS.has(actual.tokenType)) return COMPARISON_CHAIN_MESSAGE;
      return `Expected ',' or ')' after ${describeToken(previous)}, but found ${found}: is an operator or a comma missing?`;
    }
    if (expected === RightParenthesis) {
      if (COMPARISON_TOKENS.has(actual.tokenType)) return COMPARISON_CHAIN_MESSAGE;
      return `Expected ')' after ${describeToken(previous)}, but found ${found}: is an operator missing?`;
    }
    return `Expected ${expected.LABEL ?? expected.name} after ${describeToken(previous)}, but found ${found}`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    if (COMPARISON_TOKENS.has(firstRedundant.tokenType)) return COMPARISON_CHAIN_MESSAGE;
    return `Found ${describeToken(firstRedundant)} after a complete expression: is an operator (+ - * / ^) or a comma missing before it?`;
  },
  buildNoViableAltMessage({ actual, previous, ruleName }) {
    const token = actual[0];
    if (token?.tokenType === Emit) {
      return "EMIT begins a line of its own, as in EMIT('CO2', :mass), and cannot be part of an expression";
    }
    if (token?.tokenType === Set) {
      return 'set begins a line of its own, as in set :total = :a + :b, and cannot be part of an expression';
    }
    if (ruleName === 'statement' || isEndOfInput(previous)) {
      return `A line cannot begin with ${describeToken(token)}: write set :name = …, EMIT('gas', …) or an expression`;
    }
    if (isEndOfInput(token))
      return `The line ends too early: ${describeToken(previous)} must be followed by a value`;
    return `Expected a value after ${describeToken(previous)} — ${VALUE_HINT} — but found ${describeToken(token)}`;
  },
  buildEarlyExitMessage({ actual, previous }) {
    return `Expected a value after ${describeToken(previous)}, but found ${describeToken(actual[0])}`;
  },
};

function unquote(image: string): string {
  return image.slice(1, -1).replaceAll("''", "'");
}

function binary(operator: BinaryOperator, left: Expression, right: Expression, token: IToken): Expression {
  return {
    kind: 'binary',
    operator,
    left,
    right,
    operatorSpan: spanOfTokens(token, token),
    span: joinSpans(left.span, right.span),
  };
}

function unary(operator: UnaryOperator, operand: Expression, token: IToken): Expression {
  return { kind: 'unary', operator, operand, span: joinSpans(spanOfTokens(token, token), operand.span) };
}

function applyPrefixes(prefixes: readonly IToken[], operand: Expression): Expression {
  let result = operand;
  for (let index = prefixes.length - 1; index >= 0; index -= 1) {
    const prefix = prefixes[index] as IToken;
    const operator: UnaryOperator =
      prefix.tokenType === Minus ? 'negate' : prefix.tokenType === Plus ? 'plus' : 'not';
    result = unary(operator, result, prefix);
  }
  return result;
}

interface PowerStep {
  readonly caret: IToken;
  readonly prefixes: readonly IToken[];
  readonly operand: Expression;
}

/**
 * A recursive-descent parser whose rules build the tree as they match (`ACTION` blocks are skipped while
 * Chevrotain records the grammar). Chains of one operator are loops, not recursion, so only parentheses nest
 * calls, and the lexer bounds those.
 */
class FormulaParser extends EmbeddedActionsParser {
  /** Each `OR`'s alternatives, built once: Chevrotain advises against new arrays of closures on every call. */
  private readonly alternativesBySite: IOrAlt<unknown>[][] = [];

  constructor() {
    super([...ALL_TOKENS], { recoveryEnabled: false, maxLookahead: 2, errorMessageProvider: HUMAN_MESSAGES });
    this.performSelfAnalysis();
  }

  private alternatives<T>(site: number, build: () => IOrAlt<T>[]): IOrAlt<T>[] {
    return (this.alternativesBySite[site] ??= build()) as IOrAlt<T>[];
  }

  readonly statement = this.RULE('statement', (): Statement => {
    return this.OR(
      this.alternatives(0, () => [
        { ALT: () => this.SUBRULE(this.setStatement) },
        { ALT: () => this.SUBRULE(this.emitStatement) },
        {
          ALT: () => {
            const value = this.SUBRULE(this.expression);
            return this.ACTION((): Statement => ({ kind: 'expression', value, span: value.span }));
          },
        },
      ]),
    );
  });

  readonly setStatement = this.RULE('setStatement', (): Statement => {
    const setToken = this.CONSUME(Set);
    const name = this.CONSUME(Parameter);
    this.CONSUME(Equals);
    const value = this.SUBRULE(this.expression);
    return this.ACTION((): Statement => ({
      kind: 'set',
      name: name.image.slice(1),
      nameSpan: spanOfTokens(name, name),
      value,
      span: joinSpans(spanOfTokens(setToken, setToken), value.span),
    }));
  });

  readonly emitStatement = this.RULE('emitStatement', (): Statement => {
    const emitToken = this.CONSUME(Emit);
    this.CONSUME(LeftParenthesis);
    const gas = this.CONSUME(StringLiteral);
    this.CONSUME(Comma);
    const value = this.SUBRULE(this.expression);
    const close = this.CONSUME(RightParenthesis);
    return this.ACTION((): Statement => ({
      kind: 'emit',
      gas: unquote(gas.image),
      gasSpan: spanOfTokens(gas, gas),
      value,
      span: spanOfTokens(emitToken, close),
    }));
  });

  readonly expression = this.RULE('expression', (): Expression => {
    let left = this.SUBRULE(this.andExpression);
    this.MANY(() => {
      const operator = this.CONSUME(Or);
      const right = this.SUBRULE2(this.andExpression);
      this.ACTION(() => {
        left = binary('OR', left, right, operator);
      });
    });
    return left;
  });

  readonly andExpression = this.RULE('andExpression', (): Expression => {
    let left = this.SUBRULE(this.notExpression);
    this.MANY(() => {
      const operator = this.CONSUME(And);
      const right = this.SUBRULE2(this.notExpression);
      this.ACTION(() => {
        left = binary('AND', left, right, operator);
      });
    });
    return left;
  });

  readonly notExpression = this.RULE('notExpression', (): Expression => {
    const prefixes: IToken[] = [];
    this.MANY(() => {
      prefixes.push(this.CONSUME(Not));
    });
    const operand = this.SUBRULE(this.comparison);
    return this.ACTION(() => applyPrefixes(prefixes, operand));
  });

  readonly comparison = this.RULE('comparison', (): Expression => {
    let left = this.SUBRULE(this.additive);
    this.OPTION(() => {
      const operator = this.OR(
        this.alternatives(1, () => [
          { ALT: () => this.CONSUME(Equals) },
          { ALT: () => this.CONSUME(NotEqual) },
          { ALT: () => this.CONSUME(LessOrEqual) },
          { ALT: () => this.CONSUME(GreaterOrEqual) },
          { ALT: () => this.CONSUME(Less) },
          { ALT: () => this.CONSUME(Greater) },
        ]),
      );
      const right = this.SUBRULE2(this.additive);
      this.ACTION(() => {
        left = binary(COMPARISON_TOKENS.get(operator.tokenType) ?? '=', left, right, operator);
      });
    });
    return left;
  });

  readonly additive = this.RULE('additive', (): Expression => {
    let left = this.SUBRULE(this.multiplicative);
    this.MANY(() => {
      const operator = this.OR(
        this.alternatives(2, () => [{ ALT: () => this.CONSUME(Plus) }, { ALT: () => this.CONSUME(Minus) }]),
      );
      const right = this.SUBRULE2(this.multiplicative);
      this.ACTION(() => {
        left = binary(operator.tokenType === Plus ? '+' : '-', left, right, operator);
      });
    });
    return left;
  });

  readonly multiplicative = this.RULE('multiplicative', (): Expression => {
    let left = this.SUBRULE(this.unary);
    this.MANY(() => {
      const operator = this.OR(
        this.alternatives(3, () => [{ ALT: () => this.CONSUME(Star) }, { ALT: () => this.CONSUME(Slash) }]),
      );
      const right = this.SUBRULE2(this.unary);
      this.ACTION(() => {
        left = binary(operator.tokenType === Star ? '*' : '/', left, right, operator);
      });
    });
    return left;
  });

  /** `-` and `+` bind less tightly than `^`: `-2^2` is `-(2^2)`, as in mathematics. */
  readonly unary = this.RULE('unary', (): Expression => {
    const prefixes: IToken[] = [];
    this.MANY(() => {
      prefixes.push(
        this.OR(
          this.alternatives(4, () => [{ ALT: () => this.CONSUME(Minus) }, { ALT: () => this.CONSUME(Plus) }]),
        ),
      );
    });
    const operand = this.SUBRULE(this.power);
    return this.ACTION(() => applyPrefixes(prefixes, operand));
  });

  /** `^` groups to the right: `2^3^2` is `2^(3^2)`; an exponent may carry a sign, `2^-1`. */
  readonly power = this.RULE('power', (): Expression => {
    const base = this.SUBRULE(this.primary);
    const steps: PowerStep[] = [];
    this.MANY(() => {
      const caret = this.CONSUME(Caret);
      const prefixes: IToken[] = [];
      this.MANY2(() => {
        prefixes.push(
          this.OR(
            this.alternatives(5, () => [
              { ALT: () => this.CONSUME(Minus) },
              { ALT: () => this.CONSUME(Plus) },
            ]),
          ),
        );
      });
      const operand = this.SUBRULE2(this.primary);
      this.ACTION(() => steps.push({ caret, prefixes, operand }));
    });
    return this.ACTION(() => {
      let exponent: Expression | undefined;
      for (let index = steps.length - 1; index >= 0; index -= 1) {
        const step = steps[index] as PowerStep;
        const raised =
          exponent === undefined
            ? step.operand
            : binary('^', step.operand, exponent, (steps[index + 1] as PowerStep).caret);
        exponent = applyPrefixes(step.prefixes, raised);
      }
      return exponent === undefined ? base : binary('^', base, exponent, (steps[0] as PowerStep).caret);
    });
  });

  readonly primary = this.RULE('primary', (): Expression => {
    return this.OR(
      this.alternatives(6, () => [
        {
          ALT: () => {
            const token = this.CONSUME(NumberLiteral);
            return this.ACTION((): Expression => ({
              kind: 'number',
              value: Number(token.image),
              span: spanOfTokens(token, token),
            }));
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(StringLiteral);
            return this.ACTION((): Expression => ({
              kind: 'string',
              value: unquote(token.image),
              span: spanOfTokens(token, token),
            }));
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(True);
            return this.ACTION((): Expression => ({
              kind: 'boolean',
              value: true,
              span: spanOfTokens(token, token),
            }));
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(False);
            return this.ACTION((): Expression => ({
              kind: 'boolean',
              value: false,
              span: spanOfTokens(token, token),
            }));
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(Null);
            return this.ACTION((): Expression => ({ kind: 'null', span: spanOfTokens(token, token) }));
          },
        },
        {
          ALT: () => {
            const token = this.CONSUME(Parameter);
            return this.ACTION((): Expression => ({
              kind: 'parameter',
              name: token.image.slice(1),
              span: spanOfTokens(token, token),
            }));
          },
        },
        { ALT: () => this.SUBRULE(this.functionCall) },
        { ALT: () => this.SUBRULE(this.calculationCall) },
        {
          ALT: () => {
            this.CONSUME(LeftParenthesis);
            const inner = this.SUBRULE(this.expression);
            this.CONSUME(RightParenthesis);
            return inner;
          },
        },
      ]),
    );
  });

  readonly functionCall = this.RULE('functionCall', (): Expression => {
    const name = this.CONSUME(Identifier);
    this.CONSUME(LeftParenthesis);
    const args: Expression[] = [];
    this.OPTION(() => {
      args.push(this.SUBRULE(this.expression));
      this.MANY(() => {
        this.CONSUME(Comma);
        args.push(this.SUBRULE2(this.expression));
      });
    });
    const close = this.CONSUME(RightParenthesis);
    return this.ACTION((): Expression => ({
      kind: 'call',
      name: name.image.toUpperCase(),
      nameSpan: spanOfTokens(name, name),
      arguments: args,
      span: spanOfTokens(name, close),
    }));
  });

  readonly calculationCall = this.RULE('calculationCall', (): Expression => {
    const name = this.CONSUME(CalculationName);
    this.CONSUME(LeftParenthesis);
    const args: NamedArgument[] = [];
    this.OPTION(() => {
      args.push(this.SUBRULE(this.namedArgument));
      this.MANY(() => {
        this.CONSUME(Comma);
        args.push(this.SUBRULE2(this.namedArgument));
      });
    });
    const close = this.CONSUME(RightParenthesis);
    return this.ACTION((): Expression => {
      const [calculation = '', version] = name.image.slice(1).split('@');
      return {
        kind: 'calculation',
        name: calculation,
        ...(version === undefined ? {} : { version: Number(version) }),
        nameSpan: spanOfTokens(name, name),
        arguments: args,
        span: spanOfTokens(name, close),
      };
    });
  });

  readonly namedArgument = this.RULE('namedArgument', (): NamedArgument => {
    const name = this.CONSUME(Identifier);
    this.CONSUME(Colon);
    const value = this.SUBRULE(this.expression);
    return this.ACTION(() => ({ name: name.image, nameSpan: spanOfTokens(name, name), value }));
  });
}

let parser: FormulaParser | undefined;

/** One parser for the process: its grammar analysis costs milliseconds, a parse microseconds. */
function sharedParser(): FormulaParser {
  parser ??= new FormulaParser();
  return parser;
}

function errorSpan(error: IRecognitionException, statement: StatementTokens): SourceSpan {
  if (!isEndOfInput(error.token)) return spanOfTokens(error.token, error.token);
  const previous = (error as { previousToken?: IToken }).previousToken;
  const last = !isEndOfInput(previous) && previous !== undefined ? previous : statement.tokens.at(-1);
  if (last === undefined)
    return { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
  const end = spanOfTokens(last, last).end;
  return { start: end, end };
}

/** Problems a grammar cannot say: nesting past the limit, text past its length. Walks without recursion. */
function checkExpression(root: Expression, errors: CalculationDiagnostic[]): void {
  const pending: [Expression, number][] = [[root, 1]];
  let isTooDeep = false;
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [Expression, number];
    if (depth > MAX_EXPRESSION_DEPTH && !isTooDeep) {
      isTooDeep = true;
      errors.push(
        diagnosticOfSpan(
          node.span,
          `This line nests more than ${MAX_EXPRESSION_DEPTH} operations inside one another: split it with set lines`,
        ),
      );
    }
    switch (node.kind) {
      case 'number':
        if (!Number.isFinite(node.value))
          errors.push(diagnosticOfSpan(node.span, 'This number is too large'));
        break;
      case 'string':
        if (node.value.length > MAX_CALCULATION_STRING_LENGTH) {
          errors.push(
            diagnosticOfSpan(
              node.span,
              `This text is too long: at most ${MAX_CALCULATION_STRING_LENGTH} characters`,
            ),
          );
        }
        break;
      case 'unary':
        pending.push([node.operand, depth + 1]);
        break;
      case 'binary':
        pending.push([node.left, depth + 1], [node.right, depth + 1]);
        break;
      case 'call':
        for (const argument of node.arguments) pending.push([argument, depth + 1]);
        break;
      case 'calculation':
        for (const argument of node.arguments) pending.push([argument.value, depth + 1]);
        break;
      default:
        break;
    }
  }
}

function commentText(token: IToken): string {
  return token.image.slice(2).trim();
}

function parseStatement(statement: StatementTokens, errors: CalculationDiagnostic[]): Statement | undefined {
  if (statement.tokens.length === 0) {
    const comment = statement.comment as IToken;
    return { kind: 'comment', text: commentText(comment), span: spanOfTokens(comment, comment) };
  }
  const instance = sharedParser();
  instance.input = [...statement.tokens];
  const parsed = instance.statement();
  const [error] = instance.errors;
  if (error !== undefined) {
    errors.push(diagnosticOfSpan(errorSpan(error, statement), error.message));
    return undefined;
  }
  if (parsed.kind === 'comment') return parsed;
  checkExpression(parsed.value, errors);
  return statement.comment === undefined ? parsed : { ...parsed, comment: commentText(statement.comment) };
}

export interface ParsedFormula {
  /** Every statement that parsed; with errors, the tree lacks the lines they name. */
  readonly formula: Formula;
  /** Empty when the whole formula reads. */
  readonly errors: readonly CalculationDiagnostic[];
}

function endOf(text: string): { offset: number; line: number; column: number } {
  const lines = text.split(/\r\n|\r|\n/);
  return { offset: text.length, line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Reads a formula into its syntax tree. Never throws: every problem is a diagnostic at its place, one at most
 * per statement, so a mistake on one line does not hide those on the others.
 */
export function parseFormula(text: string): ParsedFormula {
  const tokenized = tokenizeFormula(text);
  const span: SourceSpan = { start: { offset: 0, line: 1, column: 1 }, end: endOf(text) };
  if (tokenized.errors.length > 0) {
    return { formula: { kind: 'formula', statements: [], span }, errors: tokenized.errors };
  }
  const errors: CalculationDiagnostic[] = [];
  const statements: Statement[] = [];
  for (const statementTokens of tokenized.statements) {
    const statement = parseStatement(statementTokens, errors);
    if (statement !== undefined) statements.push(statement);
  }
  return { formula: { kind: 'formula', statements, span }, errors };
}
