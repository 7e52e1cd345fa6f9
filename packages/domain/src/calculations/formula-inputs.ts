import type { Expression, Formula } from './syntax-tree.ts';

function collectParameters(node: Expression, into: (name: string) => void): void {
  switch (node.kind) {
    case 'parameter':
      into(node.name);
      return;
    case 'unary':
      collectParameters(node.operand, into);
      return;
    case 'binary':
      collectParameters(node.left, into);
      collectParameters(node.right, into);
      return;
    case 'call':
      for (const argument of node.arguments) collectParameters(argument, into);
      return;
    case 'calculation':
      for (const argument of node.arguments) collectParameters(argument.value, into);
      return;
    default:
      return;
  }
}

/**
 * The parameters a formula reads before any `set` line gives them a value: what a caller must pass, in the order
 * the formula first reads them (the dry-run form asks for these).
 */
export function formulaInputNames(formula: Formula): string[] {
  const inputs: string[] = [];
  const known = new Set<string>();
  for (const statement of formula.statements) {
    if (statement.kind === 'comment') continue;
    collectParameters(statement.value, (name) => {
      if (!known.has(name)) {
        known.add(name);
        inputs.push(name);
      }
    });
    if (statement.kind === 'set') known.add(statement.name);
  }
  return inputs;
}
