import { diagnosticAt, type CalculationDiagnostic } from '../calculation-diagnostic.ts';
import { parseFormula } from '../calculation-parser.ts';
import type { Expression, Statement } from '../syntax-tree.ts';
import {
  diagramOfFormula,
  formulaOfDiagram,
  itemOfStatement,
  type DrakonBranch,
  type DrakonDecision,
  type DrakonDiagram,
  type DrakonItem,
} from './drakon-diagram.ts';

/*
 * Edits on a DRAKON diagram, addressed by the icon ids of the layout (`item-2/no/case-1/label`). Each answers a
 * new diagram, read again from its formula so that, say, an action whose new text is an IF becomes a question;
 * or the problems that stop it, at their place in the text the person typed.
 */

export type DrakonEditResult =
  | { readonly diagram: DrakonDiagram; readonly errors?: undefined }
  | { readonly diagram?: undefined; readonly errors: readonly CalculationDiagnostic[] };

const START = { offset: 0, line: 1, column: 1 };

function refusal(message: string): DrakonEditResult {
  return { errors: [diagnosticAt(START, message)] };
}

function normalised(diagram: DrakonDiagram): DrakonEditResult {
  return { diagram: diagramOfFormula(formulaOfDiagram(diagram)) };
}

type Parsed<T> =
  { readonly value: T; readonly errors?: undefined } | { readonly errors: readonly CalculationDiagnostic[] };

/** One statement typed in a dialog: a `set`, an `EMIT` or a value, with its comment. */
export function parseStatementText(text: string): Parsed<Statement> {
  const { formula, errors } = parseFormula(text);
  if (errors.length > 0) return { errors };
  const [statement, ...others] = formula.statements;
  if (statement === undefined)
    return { errors: [diagnosticAt(START, 'Write a line, such as set :energy = :fuel * 2')] };
  if (others.length > 0) {
    const second = others[0] as Statement;
    return {
      errors: [diagnosticAt(second.span.start, 'An icon holds one line: add another action for this one')],
    };
  }
  return { value: statement };
}

/** One value typed in a dialog: an expression without `set`, `EMIT` or a comment. */
export function parseExpressionText(text: string): Parsed<Expression> {
  const parsed = parseStatementText(text);
  if (parsed.errors !== undefined) return parsed;
  const statement = parsed.value;
  if (statement.kind !== 'expression') {
    return {
      errors: [
        diagnosticAt(statement.span.start, 'Write a value here, such as :fuel * 2, without set, EMIT or //'),
      ],
    };
  }
  if (statement.comment !== undefined) {
    return { errors: [diagnosticAt(statement.span.start, 'A value here has no // comment')] };
  }
  return { value: statement.value };
}

interface IconAddress {
  readonly place: 'header' | 'end' | 'item';
  readonly item: number;
  /** Steps from the item's decision into its branches: `yes`, `no`, `case-1`, `otherwise`. */
  readonly steps: readonly string[];
  /** A case's label icon rather than the branch below it. */
  readonly isLabel: boolean;
}

function addressOf(id: string): IconAddress | undefined {
  if (id === 'header' || id === 'end') return { place: id, item: -1, steps: [], isLabel: false };
  const [head, ...steps] = id.split('/');
  const match = /^item-(\d+)$/.exec(head ?? '');
  if (match === null) return undefined;
  const isLabel = steps.at(-1) === 'label';
  return { place: 'item', item: Number(match[1]), steps: isLabel ? steps.slice(0, -1) : steps, isLabel };
}

/** Replaces the branch at `steps` inside a decision; undefined when the steps lead nowhere. */
function updateBranch(
  branch: DrakonBranch,
  steps: readonly string[],
  update: (branch: DrakonBranch) => DrakonBranch | undefined,
): DrakonBranch | undefined {
  const [step, ...rest] = steps;
  if (step === undefined) return update(branch);
  if (branch.kind === 'question' && (step === 'yes' || step === 'no')) {
    const inner = updateBranch(branch[step], rest, update);
    return inner === undefined ? undefined : { ...branch, [step]: inner };
  }
  if (branch.kind === 'select' && step === 'otherwise' && branch.otherwise !== undefined) {
    const inner = updateBranch(branch.otherwise, rest, update);
    return inner === undefined ? undefined : { ...branch, otherwise: inner };
  }
  const caseMatch = /^case-(\d+)$/.exec(step);
  if (branch.kind === 'select' && caseMatch !== null) {
    const index = Number(caseMatch[1]);
    const entry = branch.cases[index];
    if (entry === undefined) return undefined;
    const inner = updateBranch(entry.branch, rest, update);
    if (inner === undefined) return undefined;
    return {
      ...branch,
      cases: branch.cases.map((other, at) => (at === index ? { ...other, branch: inner } : other)),
    };
  }
  return undefined;
}

function updateDecisionAt(
  diagram: DrakonDiagram,
  address: IconAddress,
  steps: readonly string[],
  update: (branch: DrakonBranch) => DrakonBranch | undefined,
): DrakonDiagram | undefined {
  const item = diagram.items[address.item];
  if (item?.kind !== 'branching') return undefined;
  const decision = updateBranch(item.decision, steps, update);
  if (decision === undefined || decision.kind === 'leaf') return undefined;
  return replaceItem(diagram, address.item, { ...item, decision });
}

function replaceItem(diagram: DrakonDiagram, index: number, item: DrakonItem | undefined): DrakonDiagram {
  const items = [...diagram.items];
  if (item === undefined) items.splice(index, 1);
  else items[index] = item;
  return { ...diagram, items };
}

/** Where the case a label belongs to sits: the select's steps and the case's own step. */
function splitLabel(address: IconAddress): { selectSteps: readonly string[]; step: string } {
  return { selectSteps: address.steps.slice(0, -1), step: address.steps.at(-1) ?? '' };
}

const UNKNOWN_ICON = 'That icon is no longer in the diagram: the formula changed';

/** Inserts a statement as the item after the icon's statement (after the header: first; at the end: last). */
export function insertStatementAfter(
  diagram: DrakonDiagram,
  iconId: string,
  statement: Statement,
): DrakonEditResult {
  const address = addressOf(iconId);
  if (address === undefined) return refusal(UNKNOWN_ICON);
  const index =
    address.place === 'header' ? 0 : address.place === 'end' ? diagram.items.length : address.item + 1;
  const items = [...diagram.items];
  items.splice(index, 0, itemOfStatement(statement));
  return normalised({ ...diagram, items });
}

/** Changes what an icon says: its text is parsed as the icon's kind expects, and refused with its errors. */
export function changeIconText(diagram: DrakonDiagram, iconId: string, text: string): DrakonEditResult {
  const address = addressOf(iconId);
  if (address === undefined || address.place === 'header') return refusal(UNKNOWN_ICON);
  if (address.place === 'end') {
    const parsed = parseExpressionText(text);
    if (parsed.errors !== undefined) return parsed;
    return normalised({ ...diagram, end: { ...diagram.end, result: parsed.value } });
  }
  const item = diagram.items[address.item];
  if (item === undefined) return refusal(UNKNOWN_ICON);
  if (item.kind === 'comment') {
    if (/[\r\n]/.test(text)) return refusal('A comment is one line');
    return normalised(replaceItem(diagram, address.item, { kind: 'comment', text: text.trim() }));
  }
  if (item.kind === 'action') {
    const parsed = parseStatementText(text);
    if (parsed.errors !== undefined) return parsed;
    if (parsed.value.kind === 'comment')
      return normalised(replaceItem(diagram, address.item, { kind: 'comment', text: parsed.value.text }));
    return normalised(replaceItem(diagram, address.item, { kind: 'action', statement: parsed.value }));
  }
  const parsed = parseExpressionText(text);
  if (parsed.errors !== undefined) return parsed;
  const value = parsed.value;
  if (address.isLabel) {
    const { selectSteps, step } = splitLabel(address);
    const caseMatch = /^case-(\d+)$/.exec(step);
    if (caseMatch === null) return refusal('The otherwise case has no value to change');
    const index = Number(caseMatch[1]);
    const updated = updateDecisionAt(diagram, address, selectSteps, (branch) =>
      branch.kind === 'select' && index < branch.cases.length
        ? {
            ...branch,
            cases: branch.cases.map((entry, at) => (at === index ? { ...entry, label: value } : entry)),
          }
        : undefined,
    );
    return updated === undefined ? refusal(UNKNOWN_ICON) : normalised(updated);
  }
  const updated = updateDecisionAt(diagram, address, address.steps, (branch): DrakonBranch => {
    if (branch.kind === 'leaf') return { kind: 'leaf', value };
    if (branch.kind === 'question') return { ...branch, condition: value };
    return { ...branch, subject: value };
  });
  return updated === undefined ? refusal(UNKNOWN_ICON) : normalised(updated);
}

/** Removes a statement's icon, a case (by its label) or the end's result; a branch's value stays. */
export function removeIcon(diagram: DrakonDiagram, iconId: string): DrakonEditResult {
  const address = addressOf(iconId);
  if (address === undefined) return refusal(UNKNOWN_ICON);
  if (address.place === 'header') return refusal('The header stays: it names the calculation');
  if (address.place === 'end') {
    if (diagram.end.result === undefined) return refusal('The end stays: every diagram has one');
    return normalised({ ...diagram, end: {} });
  }
  if (diagram.items[address.item] === undefined) return refusal(UNKNOWN_ICON);
  if (address.steps.length === 0) return normalised(replaceItem(diagram, address.item, undefined));
  if (!address.isLabel) return refusal('A branch always gives a value: change its text instead');
  const { selectSteps, step } = splitLabel(address);
  let refusedMessage: string | undefined;
  const updated = updateDecisionAt(diagram, address, selectSteps, (branch): DrakonBranch | undefined => {
    if (branch.kind !== 'select') return undefined;
    const caseCount = branch.cases.length + (branch.otherwise === undefined ? 0 : 1);
    if (caseCount <= 1) {
      refusedMessage = 'A select keeps at least one case: remove the whole select instead';
      return undefined;
    }
    if (step === 'otherwise') {
      const { otherwise: _removed, ...rest } = branch;
      return rest;
    }
    const index = Number(/^case-(\d+)$/.exec(step)?.[1] ?? -1);
    if (branch.cases.length === 1) {
      refusedMessage = 'A select keeps at least one case beside otherwise';
      return undefined;
    }
    return { ...branch, cases: branch.cases.filter((_entry, at) => at !== index) };
  });
  if (refusedMessage !== undefined) return refusal(refusedMessage);
  return updated === undefined ? refusal(UNKNOWN_ICON) : normalised(updated);
}

/** Adds a case after a select's last case (before otherwise). */
export function addCase(
  diagram: DrakonDiagram,
  selectIconId: string,
  label: Expression,
  value: Expression,
): DrakonEditResult {
  const address = addressOf(selectIconId);
  if (address?.place !== 'item' || address.isLabel) return refusal(UNKNOWN_ICON);
  const updated = updateDecisionAt(diagram, address, address.steps, (branch) =>
    branch.kind === 'select'
      ? { ...branch, cases: [...branch.cases, { label, branch: { kind: 'leaf', value } }] }
      : undefined,
  );
  return updated === undefined ? refusal('Cases are added to a select') : normalised(updated);
}

function negated(condition: Expression): Expression {
  if (condition.kind === 'unary' && condition.operator === 'not') return condition.operand;
  return { kind: 'unary', operator: 'not', operand: condition, span: condition.span };
}

/**
 * Swaps a question's branches: what went down the skewer goes right and the other way round. The condition is
 * negated (or its NOT taken away), so the calculation answers the same values.
 */
export function swapBranches(diagram: DrakonDiagram, questionIconId: string): DrakonEditResult {
  const address = addressOf(questionIconId);
  if (address?.place !== 'item' || address.isLabel) return refusal(UNKNOWN_ICON);
  const updated = updateDecisionAt(diagram, address, address.steps, (branch): DrakonDecision | undefined =>
    branch.kind === 'question'
      ? { kind: 'question', condition: negated(branch.condition), yes: branch.no, no: branch.yes }
      : undefined,
  );
  return updated === undefined
    ? refusal('Only a question has yes and no branches to swap')
    : normalised(updated);
}
