import type { BinaryOperator, Expression, Formula, Statement } from './syntax-tree.ts';

/*
 * Writes a syntax tree back as formula text, with the parentheses its shape needs and no others, so that reading
 * the text again gives the same tree (the DRAKON view edits the tree and writes the formula with this).
 */

const PRECEDENCE_OF_OPERATOR: Readonly<Record<BinaryOperator, number>> = {
  OR: 1,
  AND: 2,
  '=': 4,
  '!=': 4,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '^': 8,
};
const NOT_PRECEDENCE = 3;
const COMPARISON_PRECEDENCE = 4;
const SIGN_PRECEDENCE = 7;
const ATOM_PRECEDENCE = 9;

function precedenceOf(node: Expression): number {
  if (node.kind === 'binary') return PRECEDENCE_OF_OPERATOR[node.operator];
  if (node.kind === 'unary') return node.operator === 'not' ? NOT_PRECEDENCE : SIGN_PRECEDENCE;
  return ATOM_PRECEDENCE;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function wrapped(node: Expression, needsParentheses: boolean): string {
  const text = printExpression(node);
  return needsParentheses ? `(${text})` : text;
}

/** One expression as text. */
export function printExpression(node: Expression): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return quote(node.value);
    case 'boolean':
      return node.value ? 'TRUE' : 'FALSE';
    case 'null':
      return 'NULL';
    case 'parameter':
      return `:${node.name}`;
    case 'unary': {
      if (node.operator === 'not') {
        const operand = precedenceOf(node.operand);
        return `NOT ${wrapped(node.operand, operand < NOT_PRECEDENCE)}`;
      }
      const sign = node.operator === 'negate' ? '-' : '+';
      // A sign applies to a power, a value or another sign: `-2^2` is `-(2^2)`.
      return `${sign}${wrapped(node.operand, precedenceOf(node.operand) < SIGN_PRECEDENCE)}`;
    }
    case 'binary': {
      const precedence = PRECEDENCE_OF_OPERATOR[node.operator];
      const left = precedenceOf(node.left);
      const right = precedenceOf(node.right);
      if (node.operator === '^') {
        // The base is a value; the exponent may be a sign or another power (`^` groups to the right).
        return `${wrapped(node.left, left < ATOM_PRECEDENCE)}^${wrapped(node.right, right < SIGN_PRECEDENCE)}`;
      }
      if (precedence === COMPARISON_PRECEDENCE) {
        return `${wrapped(node.left, left <= COMPARISON_PRECEDENCE)} ${node.operator} ${wrapped(node.right, right <= COMPARISON_PRECEDENCE)}`;
      }
      return `${wrapped(node.left, left < precedence)} ${node.operator} ${wrapped(node.right, right <= precedence)}`;
    }
    case 'call':
      return `${node.name}(${node.arguments.map(printExpression).join(', ')})`;
    default: {
      const version = node.version === undefined ? '' : `@${node.version}`;
      const args = node.arguments.map((argument) => `${argument.name}: ${printExpression(argument.value)}`);
      return `#${node.name}${version}(${args.join(', ')})`;
    }
  }
}

function withComment(text: string, comment: string | undefined): string {
  return comment === undefined ? text : `${text} // ${comment}`;
}

/** One statement as its line. */
export function printStatement(statement: Statement): string {
  switch (statement.kind) {
    case 'comment':
      return `// ${statement.text}`;
    case 'set':
      return withComment(`set :${statement.name} = ${printExpression(statement.value)}`, statement.comment);
    case 'emit':
      return withComment(
        `EMIT(${quote(statement.gas)}, ${printExpression(statement.value)})`,
        statement.comment,
      );
    default:
      return withComment(printExpression(statement.value), statement.comment);
  }
}

/** A whole formula, a statement a line. */
export function printFormula(formula: Formula): string {
  return formula.statements.map(printStatement).join('\n');
}
