/**
 * The syntax tree of a calculation formula (docs/calculation-language.md). The parser builds it, the compiler
 * turns it into closures, the printer writes it back as text, and the editor and the DRAKON view read it: each
 * node carries the span of source text it came from, so a diagnostic or a diagram icon can point at its place.
 * Parentheses leave no node: the tree's shape is the grouping, and the printer adds the parentheses it needs.
 */

/** A place in the formula's text: `offset` counts UTF-16 units from 0; `line` and `column` count from 1. */
export interface SourcePosition {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** The text a node came from: `start` inclusive, `end` exclusive. */
export interface SourceSpan {
  readonly start: SourcePosition;
  readonly end: SourcePosition;
}

export interface NumberLiteral {
  readonly kind: 'number';
  /** Never negative: `-2` is a `negate` of `2`. */
  readonly value: number;
  readonly span: SourceSpan;
}

export interface StringLiteral {
  readonly kind: 'string';
  /** The text between the quotes, with `''` read as one `'`. */
  readonly value: string;
  readonly span: SourceSpan;
}

export interface BooleanLiteral {
  readonly kind: 'boolean';
  readonly value: boolean;
  readonly span: SourceSpan;
}

export interface NullLiteral {
  readonly kind: 'null';
  readonly span: SourceSpan;
}

/** `:name`: an input of the calculation, or a value an earlier `set` line gave. */
export interface ParameterReference {
  readonly kind: 'parameter';
  /** Without the colon. */
  readonly name: string;
  readonly span: SourceSpan;
}

export type UnaryOperator = 'negate' | 'plus' | 'not';

export interface UnaryExpression {
  readonly kind: 'unary';
  readonly operator: UnaryOperator;
  readonly operand: Expression;
  readonly span: SourceSpan;
}

export const ARITHMETIC_OPERATORS = ['+', '-', '*', '/', '^'] as const;
export const COMPARISON_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export const LOGICAL_OPERATORS = ['AND', 'OR'] as const;
export type ArithmeticOperator = (typeof ARITHMETIC_OPERATORS)[number];
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;

export interface BinaryExpression {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
  /** The operator's own text, where a diagnostic about the operation points. */
  readonly operatorSpan: SourceSpan;
  readonly span: SourceSpan;
}

/** `NAME(arguments)`: a built-in function; `name` is upper case whatever case the text used. */
export interface FunctionCall {
  readonly kind: 'call';
  readonly name: string;
  readonly nameSpan: SourceSpan;
  readonly arguments: readonly Expression[];
  readonly span: SourceSpan;
}

/** One `name: value` argument of a call to another calculation, which reads it as `:name`. */
export interface NamedArgument {
  readonly name: string;
  readonly nameSpan: SourceSpan;
  readonly value: Expression;
}

/** `#name(a: 1, b: :x)` or `#name@3(…)`: another calculation of the realm, at a pinned version when given. */
export interface CalculationCall {
  readonly kind: 'calculation';
  readonly name: string;
  readonly version?: number;
  readonly nameSpan: SourceSpan;
  readonly arguments: readonly NamedArgument[];
  readonly span: SourceSpan;
}

export type Expression =
  | NumberLiteral
  | StringLiteral
  | BooleanLiteral
  | NullLiteral
  | ParameterReference
  | UnaryExpression
  | BinaryExpression
  | FunctionCall
  | CalculationCall;

/** `set :name = value`: gives `:name` a value for the lines below it. */
export interface SetStatement {
  readonly kind: 'set';
  readonly name: string;
  readonly nameSpan: SourceSpan;
  readonly value: Expression;
  /** The text of a `// …` comment after the statement on the same line, without the slashes. */
  readonly comment?: string;
  readonly span: SourceSpan;
}

/** `EMIT('CH4', mass)`: adds `mass` kg of the gas, which the GWP set weighs into the result's CO2e. */
export interface EmitStatement {
  readonly kind: 'emit';
  readonly gas: string;
  readonly gasSpan: SourceSpan;
  readonly value: Expression;
  readonly comment?: string;
  readonly span: SourceSpan;
}

/** A line that is only an expression: the formula's result when it is the last statement. */
export interface ExpressionStatement {
  readonly kind: 'expression';
  readonly value: Expression;
  readonly comment?: string;
  readonly span: SourceSpan;
}

/** A `// …` line of its own, kept so that the editor and the DRAKON view can show it. */
export interface CommentStatement {
  readonly kind: 'comment';
  readonly text: string;
  readonly span: SourceSpan;
}

export type Statement = SetStatement | EmitStatement | ExpressionStatement | CommentStatement;

/** A whole formula: its statements in order, one a line. */
export interface Formula {
  readonly kind: 'formula';
  readonly statements: readonly Statement[];
  readonly span: SourceSpan;
}

export type SyntaxNode = Formula | Statement | Expression;
