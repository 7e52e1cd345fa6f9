import { printExpression, printStatement } from '../print-formula.ts';
import type { Expression } from '../syntax-tree.ts';
import type { DrakonBranch, DrakonDecision, DrakonDiagram, DrakonTarget } from './drakon-diagram.ts';

/*
 * Our own DRAKON layout on a grid: a column per branch, a slot of one row per icon. The skewer is column 0 and
 * the main path goes straight down it; a question's "no" and a select's further cases take the columns right of
 * the branches before them, so no two lines cross. Junctions sit a quarter row below the lowest branch, so a
 * nested decision's junction is always above its parent's. The web view turns grid units into pixels.
 */

export type DrakonIconKind =
  'header' | 'action' | 'emission' | 'comment' | 'question' | 'select' | 'case' | 'end';

/** What a branch icon's value is given to, shown before it: `set :x =`, `EMIT('CO2',`, `result =`. */
export interface DrakonIcon {
  /** The icon's address in the diagram (`item-2/no/case-1`), which edits take. */
  readonly id: string;
  readonly kind: DrakonIconKind;
  /** The column, from 0 at the skewer. */
  readonly column: number;
  /** The slot's top row; the icon is drawn in the middle of the slot. */
  readonly row: number;
  /** What the icon says, as formula text. */
  readonly text: string;
  /** The text the edit dialog starts from and parses back (an expression, a statement or a comment). */
  readonly editText?: string;
  /** The trailing `// …` of the statement. */
  readonly note?: string;
  /** Whether `removeIcon` takes it away: a whole statement, a case, or the end's result. */
  readonly canRemove: boolean;
}

export interface DrakonPoint {
  readonly column: number;
  readonly row: number;
}

export interface DrakonLine {
  readonly points: readonly DrakonPoint[];
  /** `yes` or `no` beside a question's exits. */
  readonly caption?: string;
}

export interface DrakonLayout {
  readonly icons: readonly DrakonIcon[];
  readonly lines: readonly DrakonLine[];
  readonly columns: number;
  readonly rows: number;
}

interface BlockSize {
  readonly width: number;
  readonly height: number;
}

const JUNCTION_GAP = 0.25;

function targetPrefix(target: DrakonTarget): string {
  if (target.kind === 'set') return `set :${target.name} = `;
  if (target.kind === 'emit') return `EMIT('${target.gas.replaceAll("'", "''")}', `;
  return 'result = ';
}

function leafText(target: DrakonTarget, value: Expression): string {
  const text = `${targetPrefix(target)}${printExpression(value)}`;
  return target.kind === 'emit' ? `${text})` : text;
}

class LayoutBuilder {
  readonly icons: DrakonIcon[] = [];
  readonly lines: DrakonLine[] = [];

  /** Draws a branch whose entry is at (column, top); answers its size, its exit being (column, top + height). */
  branch(id: string, branch: DrakonBranch, target: DrakonTarget, column: number, top: number): BlockSize {
    if (branch.kind === 'leaf') {
      this.icons.push({
        id,
        kind: target.kind === 'emit' ? 'emission' : 'action',
        column,
        row: top,
        text: leafText(target, branch.value),
        editText: printExpression(branch.value),
        canRemove: false,
      });
      this.lines.push({ points: [at(column, top), at(column, top + 1)] });
      return { width: 1, height: 1 };
    }
    return this.decision(id, branch, target, column, top);
  }

  decision(
    id: string,
    decision: DrakonDecision,
    target: DrakonTarget,
    column: number,
    top: number,
    note?: string,
  ): BlockSize {
    if (decision.kind === 'question') {
      const condition = printExpression(decision.condition);
      this.icons.push({
        id,
        kind: 'question',
        column,
        row: top,
        text: `${condition}?`,
        editText: condition,
        canRemove: isStatement(id),
        ...noteOf(note),
      });
      const yes = this.branch(`${id}/yes`, decision.yes, target, column, top + 1);
      const noColumn = column + yes.width;
      const no = this.branch(`${id}/no`, decision.no, target, noColumn, top + 1);
      const lowest = top + 1 + Math.max(yes.height, no.height);
      const junction = lowest + JUNCTION_GAP;
      this.lines.push(
        { points: [at(column, top), at(column, top + 1)], caption: 'yes' },
        { points: [at(column, top + 0.5), at(noColumn, top + 0.5), at(noColumn, top + 1)], caption: 'no' },
        { points: [at(column, top + 1 + yes.height), at(column, lowest + 2 * JUNCTION_GAP)] },
        { points: [at(noColumn, top + 1 + no.height), at(noColumn, junction), at(column, junction)] },
      );
      return { width: yes.width + no.width, height: lowest + 2 * JUNCTION_GAP - top };
    }
    const subject = printExpression(decision.subject);
    this.icons.push({
      id,
      kind: 'select',
      column,
      row: top,
      text: subject,
      editText: subject,
      canRemove: isStatement(id),
      ...noteOf(note),
    });
    const branches = [
      ...decision.cases.map((entry, index) => ({
        step: `case-${index}`,
        label: printExpression(entry.label),
        branch: entry.branch,
      })),
      ...(decision.otherwise === undefined
        ? []
        : [{ step: 'otherwise', label: 'otherwise', branch: decision.otherwise }]),
    ];
    let caseColumn = column;
    let deepest = 0;
    const exits: { column: number; bottom: number }[] = [];
    for (const entry of branches) {
      const caseId = `${id}/${entry.step}`;
      this.icons.push({
        id: `${caseId}/label`,
        kind: 'case',
        column: caseColumn,
        row: top + 1,
        text: entry.label,
        ...(entry.step === 'otherwise' ? {} : { editText: entry.label }),
        canRemove: branches.length > 1,
      });
      this.lines.push({ points: [at(caseColumn, top + 1), at(caseColumn, top + 2)] });
      const size = this.branch(caseId, entry.branch, target, caseColumn, top + 2);
      exits.push({ column: caseColumn, bottom: top + 2 + size.height });
      deepest = Math.max(deepest, size.height);
      caseColumn += size.width;
    }
    const lastColumn = exits.at(-1)?.column ?? column;
    const lowest = top + 2 + deepest;
    const junction = lowest + JUNCTION_GAP;
    this.lines.push({ points: [at(column, top), at(column, top + 1), at(lastColumn, top + 1)] });
    for (const exit of exits) {
      this.lines.push({ points: [at(exit.column, exit.bottom), at(exit.column, junction)] });
    }
    this.lines.push(
      { points: [at(lastColumn, junction), at(column, junction)] },
      { points: [at(column, junction), at(column, lowest + 2 * JUNCTION_GAP)] },
    );
    return { width: caseColumn - column, height: lowest + 2 * JUNCTION_GAP - top };
  }
}

function at(column: number, row: number): DrakonPoint {
  return { column, row };
}

/** A decision that is a statement of its own (not nested in a branch), which removing takes away whole. */
function isStatement(id: string): boolean {
  return !id.includes('/');
}

function noteOf(note: string | undefined): { note?: string } {
  return note === undefined ? {} : { note };
}

/** Places every icon and line of a diagram; `title` is the header's text (the calculation's name). */
export function layoutDiagram(diagram: DrakonDiagram, title: string): DrakonLayout {
  const builder = new LayoutBuilder();
  builder.icons.push({ id: 'header', kind: 'header', column: 0, row: 0, text: title, canRemove: false });
  builder.lines.push({ points: [at(0, 0.5), at(0, 1)] });
  let top = 1;
  let columns = 1;
  diagram.items.forEach((item, index) => {
    const id = `item-${index}`;
    if (item.kind === 'branching') {
      const size = builder.decision(id, item.decision, item.target, 0, top, item.comment);
      top += size.height;
      columns = Math.max(columns, size.width);
      return;
    }
    if (item.kind === 'comment') {
      builder.icons.push({
        id,
        kind: 'comment',
        column: 0,
        row: top,
        text: item.text,
        editText: item.text,
        canRemove: true,
      });
    } else {
      const { comment, ...statement } = item.statement;
      builder.icons.push({
        id,
        kind: statement.kind === 'emit' ? 'emission' : 'action',
        column: 0,
        row: top,
        text: printStatement(statement),
        editText: printStatement(item.statement),
        canRemove: true,
        ...noteOf(comment),
      });
    }
    builder.lines.push({ points: [at(0, top), at(0, top + 1)] });
    top += 1;
  });
  const result = diagram.end.result;
  builder.icons.push({
    id: 'end',
    kind: 'end',
    column: 0,
    row: top,
    text: result === undefined ? 'End' : printExpression(result),
    ...(result === undefined ? {} : { editText: printExpression(result) }),
    canRemove: result !== undefined,
    ...noteOf(diagram.end.comment),
  });
  builder.lines.push({ points: [at(0, top), at(0, top + 0.5)] });
  return { icons: builder.icons, lines: builder.lines, columns, rows: top + 1 };
}
