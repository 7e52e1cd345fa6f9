import type { IToken } from 'chevrotain';
import type { SourceSpan } from './syntax-tree.ts';

/** The text from the start of `first` to the end of `last`. */
export function spanOfTokens(first: IToken, last: IToken): SourceSpan {
  return {
    start: { offset: first.startOffset, line: first.startLine ?? 1, column: first.startColumn ?? 1 },
    end: {
      offset: (last.endOffset ?? last.startOffset) + 1,
      line: last.endLine ?? last.startLine ?? 1,
      column: (last.endColumn ?? last.startColumn ?? 0) + 1,
    },
  };
}

/** The span from the start of one span to the end of another. */
export function joinSpans(first: SourceSpan, last: SourceSpan): SourceSpan {
  return { start: first.start, end: last.end };
}
