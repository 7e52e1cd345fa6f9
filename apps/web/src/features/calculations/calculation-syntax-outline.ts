import type { Expression, Formula, Statement } from '@ecc/domain';

/*
 * The formula's syntax tree (packages/domain's parser) as labelled nodes for the IDE's Formula tree tab: each
 * node says what it is in words and where it starts, so a reader sees how the parser grouped the text.
 */

export interface SyntaxOutlineNode {
  /** Unique within the outline: the path of child indexes. */
  readonly id: string;
  readonly label: string;
  readonly line: number;
  readonly column: number;
  readonly children: readonly SyntaxOutlineNode[];
}

const OPERATOR_WORDS: Readonly<Record<string, string>> = {
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply',
  '/': 'divide',
  '^': 'power',
  '=': 'equals',
  '!=': 'differs from',
  '<': 'less than',
  '<=': 'at most',
  '>': 'greater than',
  '>=': 'at least',
  AND: 'and',
  OR: 'or',
};

function expressionNode(expression: Expression, id: string): SyntaxOutlineNode {
  const at = { line: expression.span.start.line, column: expression.span.start.column };
  const node = (label: string, children: readonly Expression[] = []): SyntaxOutlineNode => ({
    id,
    label,
    ...at,
    children: children.map((child, index) => expressionNode(child, `${id}.${index}`)),
  });
  switch (expression.kind) {
    case 'number':
      return node(`Number ${expression.value}`);
    case 'string':
      return node(`Text '${expression.value}'`);
    case 'boolean':
      return node(expression.value ? 'TRUE' : 'FALSE');
    case 'null':
      return node('NULL');
    case 'parameter':
      return node(`Parameter :${expression.name}`);
    case 'unary':
      return node(
        expression.operator === 'not' ? 'NOT' : expression.operator === 'negate' ? 'Negate (−)' : 'Plus (+)',
        [expression.operand],
      );
    case 'binary':
      return node(`${OPERATOR_WORDS[expression.operator] ?? expression.operator} (${expression.operator})`, [
        expression.left,
        expression.right,
      ]);
    case 'call':
      return node(`Function ${expression.name}`, expression.arguments);
    case 'calculation':
      return {
        id,
        label: `Calculation #${expression.name}${expression.version === undefined ? '' : `@${expression.version}`}`,
        ...at,
        children: expression.arguments.map((argument, index) => ({
          id: `${id}.${index}`,
          label: `Argument ${argument.name}`,
          line: argument.nameSpan.start.line,
          column: argument.nameSpan.start.column,
          children: [expressionNode(argument.value, `${id}.${index}.0`)],
        })),
      };
  }
}

function statementNode(statement: Statement, id: string): SyntaxOutlineNode {
  const at = { id, line: statement.span.start.line, column: statement.span.start.column };
  const comment = 'comment' in statement && statement.comment !== undefined ? ` // ${statement.comment}` : '';
  switch (statement.kind) {
    case 'set':
      return {
        ...at,
        label: `set :${statement.name}${comment}`,
        children: [expressionNode(statement.value, `${id}.0`)],
      };
    case 'emit':
      return {
        ...at,
        label: `EMIT ${statement.gas}${comment}`,
        children: [expressionNode(statement.value, `${id}.0`)],
      };
    case 'expression':
      return { ...at, label: `Value${comment}`, children: [expressionNode(statement.value, `${id}.0`)] };
    case 'comment':
      return { ...at, label: `Comment: ${statement.text}`, children: [] };
  }
}

/** The formula's statements, one node a line, each with its expression's tree below it. */
export function syntaxOutline(formula: Formula): readonly SyntaxOutlineNode[] {
  return formula.statements.map((statement, index) => statementNode(statement, String(index)));
}
