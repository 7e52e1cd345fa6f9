import type {
  EmitStatement,
  Expression,
  ExpressionStatement,
  Formula,
  FunctionCall,
  SetStatement,
  SourceSpan,
  Statement,
} from '../syntax-tree.ts';

/*
 * A formula as a DRAKON diagram in primitive form (docs/calculation-language.md, "DRAKON"): one skewer from the
 * header down to the end, a statement an item. A statement whose value is `IF(c, a, b)` becomes a question whose
 * branches hold `a` and `b`; one whose value is `SWITCH(v, case, result, …, default)` a select with a case per
 * pair. Branch values that are themselves IF or SWITCH nest further questions and selects. Everything the formula
 * says is kept, so `formulaOfDiagram(diagramOfFormula(f))` is `f` up to source positions.
 */

/** Where the value of a branching statement goes: a parameter, a gas or the result. */
export type DrakonTarget =
  | { readonly kind: 'set'; readonly name: string }
  | { readonly kind: 'emit'; readonly gas: string }
  | { readonly kind: 'expression' };

/** The value a branch gives its statement's target. */
export interface DrakonLeaf {
  readonly kind: 'leaf';
  readonly value: Expression;
}

/** `IF(condition, yes, no)`: yes goes down the skewer, no branches right. */
export interface DrakonQuestion {
  readonly kind: 'question';
  readonly condition: Expression;
  readonly yes: DrakonBranch;
  readonly no: DrakonBranch;
}

export interface DrakonCase {
  readonly label: Expression;
  readonly branch: DrakonBranch;
}

/** `SWITCH(subject, label, branch, …, otherwise)`: the cases side by side, the first on the skewer. */
export interface DrakonSelect {
  readonly kind: 'select';
  readonly subject: Expression;
  readonly cases: readonly DrakonCase[];
  readonly otherwise?: DrakonBranch;
}

export type DrakonDecision = DrakonQuestion | DrakonSelect;
export type DrakonBranch = DrakonLeaf | DrakonDecision;

export interface DrakonActionItem {
  readonly kind: 'action';
  readonly statement: SetStatement | EmitStatement | ExpressionStatement;
}

export interface DrakonCommentItem {
  readonly kind: 'comment';
  readonly text: string;
}

export interface DrakonBranchingItem {
  readonly kind: 'branching';
  readonly target: DrakonTarget;
  readonly decision: DrakonDecision;
  /** The `// …` after the statement. */
  readonly comment?: string;
}

export type DrakonItem = DrakonActionItem | DrakonCommentItem | DrakonBranchingItem;

/** The end icon: it shows the result when the formula's last line is a plain value. */
export interface DrakonEnd {
  readonly result?: Expression;
  readonly comment?: string;
}

export interface DrakonDiagram {
  readonly items: readonly DrakonItem[];
  readonly end: DrakonEnd;
}

const NO_SPAN: SourceSpan = {
  start: { offset: 0, line: 1, column: 1 },
  end: { offset: 0, line: 1, column: 1 },
};

function isCallTo(value: Expression, name: string): value is FunctionCall {
  return value.kind === 'call' && value.name === name;
}

/** Whether a value is drawn as a question or a select rather than written in an action. */
export function isDecisionShaped(value: Expression): value is FunctionCall {
  return (
    (isCallTo(value, 'IF') && value.arguments.length === 3) ||
    (isCallTo(value, 'SWITCH') && value.arguments.length >= 3)
  );
}

function decisionOf(call: FunctionCall): DrakonDecision {
  const [first, ...rest] = call.arguments as [Expression, ...Expression[]];
  if (call.name === 'IF') {
    const [yes, no] = rest as [Expression, Expression];
    return { kind: 'question', condition: first, yes: branchOf(yes), no: branchOf(no) };
  }
  const cases: DrakonCase[] = [];
  for (let index = 0; index + 1 < rest.length; index += 2) {
    cases.push({ label: rest[index] as Expression, branch: branchOf(rest[index + 1] as Expression) });
  }
  const hasOtherwise = rest.length % 2 === 1;
  return {
    kind: 'select',
    subject: first,
    cases,
    ...(hasOtherwise ? { otherwise: branchOf(rest.at(-1) as Expression) } : {}),
  };
}

function branchOf(value: Expression): DrakonBranch {
  return isDecisionShaped(value) ? decisionOf(value) : { kind: 'leaf', value };
}

function targetOf(statement: SetStatement | EmitStatement | ExpressionStatement): DrakonTarget {
  if (statement.kind === 'set') return { kind: 'set', name: statement.name };
  if (statement.kind === 'emit') return { kind: 'emit', gas: statement.gas };
  return { kind: 'expression' };
}

/** The item a statement is drawn as. */
export function itemOfStatement(statement: Statement): DrakonItem {
  if (statement.kind === 'comment') return { kind: 'comment', text: statement.text };
  if (isDecisionShaped(statement.value)) {
    return {
      kind: 'branching',
      target: targetOf(statement),
      decision: decisionOf(statement.value),
      ...(statement.comment === undefined ? {} : { comment: statement.comment }),
    };
  }
  return { kind: 'action', statement };
}

/** The diagram of a formula's syntax tree. */
export function diagramOfFormula(formula: Formula): DrakonDiagram {
  const statements = [...formula.statements];
  const last = statements.at(-1);
  if (last?.kind === 'expression' && !isDecisionShaped(last.value)) {
    statements.pop();
    return {
      items: statements.map(itemOfStatement),
      end: { result: last.value, ...(last.comment === undefined ? {} : { comment: last.comment }) },
    };
  }
  return { items: statements.map(itemOfStatement), end: {} };
}

function call(name: string, args: readonly Expression[]): FunctionCall {
  return { kind: 'call', name, nameSpan: NO_SPAN, arguments: args, span: NO_SPAN };
}

/** The expression a branch stands for: a leaf's value, or the IF or SWITCH of a nested decision. */
export function expressionOfBranch(branch: DrakonBranch): Expression {
  if (branch.kind === 'leaf') return branch.value;
  if (branch.kind === 'question') {
    return call('IF', [branch.condition, expressionOfBranch(branch.yes), expressionOfBranch(branch.no)]);
  }
  const pairs = branch.cases.flatMap((entry) => [entry.label, expressionOfBranch(entry.branch)]);
  const otherwise = branch.otherwise === undefined ? [] : [expressionOfBranch(branch.otherwise)];
  return call('SWITCH', [branch.subject, ...pairs, ...otherwise]);
}

/** The statement that gives `value` to a target. */
export function statementOfTarget(
  target: DrakonTarget,
  value: Expression,
  comment: string | undefined,
): Statement {
  const note = comment === undefined ? {} : { comment };
  if (target.kind === 'set') {
    return { kind: 'set', name: target.name, nameSpan: NO_SPAN, value, ...note, span: NO_SPAN };
  }
  if (target.kind === 'emit') {
    return { kind: 'emit', gas: target.gas, gasSpan: NO_SPAN, value, ...note, span: NO_SPAN };
  }
  return { kind: 'expression', value, ...note, span: NO_SPAN };
}

function statementOfItem(item: DrakonItem): Statement {
  if (item.kind === 'comment') return { kind: 'comment', text: item.text, span: NO_SPAN };
  if (item.kind === 'action') return item.statement;
  return statementOfTarget(item.target, expressionOfBranch(item.decision), item.comment);
}

/** The formula a diagram draws; print it with `printFormula`. */
export function formulaOfDiagram(diagram: DrakonDiagram): Formula {
  const statements = diagram.items.map(statementOfItem);
  if (diagram.end.result !== undefined) {
    statements.push(statementOfTarget({ kind: 'expression' }, diagram.end.result, diagram.end.comment));
  }
  return { kind: 'formula', statements, span: NO_SPAN };
}
