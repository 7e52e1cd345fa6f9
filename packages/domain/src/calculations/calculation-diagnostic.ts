import type { SourcePosition, SourceSpan } from './syntax-tree.ts';

/**
 * A problem of a formula at its place, phrased for the person who wrote it. `line` and `column` count from 1;
 * `offset` and `length` (UTF-16 units) are what an editor underlines; the end is exclusive.
 */
export interface CalculationDiagnostic {
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export function diagnosticOfSpan(span: SourceSpan, message: string): CalculationDiagnostic {
  return {
    message,
    offset: span.start.offset,
    length: Math.max(0, span.end.offset - span.start.offset),
    line: span.start.line,
    column: span.start.column,
    endLine: span.end.line,
    endColumn: span.end.column,
  };
}

/** A diagnostic of `length` characters on one line from `position`. */
export function diagnosticAt(position: SourcePosition, message: string, length = 0): CalculationDiagnostic {
  return {
    message,
    offset: position.offset,
    length,
    line: position.line,
    column: position.column,
    endLine: position.line,
    endColumn: position.column + length,
  };
}

/** Thrown while a compiled formula runs; the program catches it and answers it as a diagnostic. */
export class CalculationEvaluationError extends Error {
  override readonly name = 'CalculationEvaluationError';

  constructor(
    readonly span: SourceSpan,
    message: string,
  ) {
    super(message);
  }
}
