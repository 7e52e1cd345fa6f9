import { describe, expect, it } from 'vitest';
import { parseFormula } from '../calculation-parser.ts';
import { printFormula } from '../print-formula.ts';
import { diagramOfFormula, formulaOfDiagram, type DrakonDiagram } from './drakon-diagram.ts';
import {
  addCase,
  changeIconText,
  insertStatementAfter,
  parseExpressionText,
  parseStatementText,
  removeIcon,
  swapBranches,
  type DrakonEditResult,
} from './drakon-edits.ts';

const FORMULA = [
  '// Mobile combustion',
  "set :factor = SWITCH(:vehicle, 'car', 0.17, 'van', 0.23, 0.3)",
  'IF(:distance > 0, :distance * :factor, 0)',
].join('\n');

function diagramOf(text: string): DrakonDiagram {
  const parsed = parseFormula(text);
  expect(parsed.errors).toEqual([]);
  return diagramOfFormula(parsed.formula);
}

function formulaAfter(result: DrakonEditResult): string {
  expect(result.errors).toBeUndefined();
  return printFormula(formulaOfDiagram(result.diagram as DrakonDiagram));
}

function errorOf(result: DrakonEditResult): string {
  const [error] = result.errors ?? [];
  return `${error?.line}:${error?.column} ${error?.message}`;
}

describe('edits on the diagram change the formula', () => {
  const diagram = diagramOf(FORMULA);

  it('adds an action after an icon, after the header or before the end', () => {
    const statement = parseStatementText('set :km = :distance / 1000');
    if (statement.errors !== undefined) throw new Error('did not parse');
    expect(formulaAfter(insertStatementAfter(diagram, 'item-0', statement.value)).split('\n')[1]).toBe(
      'set :km = :distance / 1000',
    );
    expect(formulaAfter(insertStatementAfter(diagram, 'header', statement.value)).split('\n')[0]).toBe(
      'set :km = :distance / 1000',
    );
    // After an icon inside a branch: after the whole statement the branch belongs to.
    expect(formulaAfter(insertStatementAfter(diagram, 'item-1/case-1', statement.value)).split('\n')[2]).toBe(
      'set :km = :distance / 1000',
    );
  });

  it('changes an action, a question, a branch, a case label, a comment and the end', () => {
    expect(formulaAfter(changeIconText(diagram, 'item-0', 'Vehicles'))).toContain('// Vehicles');
    expect(formulaAfter(changeIconText(diagram, 'item-2', ':distance >= 1'))).toContain('IF(:distance >= 1,');
    expect(formulaAfter(changeIconText(diagram, 'item-2/no', '-1'))).toContain(':distance * :factor, -1)');
    expect(formulaAfter(changeIconText(diagram, 'item-1/case-1/label', "'lorry'"))).toContain(
      "'lorry', 0.23",
    );
    expect(formulaAfter(changeIconText(diagram, 'item-1/otherwise', '0.4'))).toContain('0.23, 0.4)');
    expect(formulaAfter(changeIconText(diagram, 'item-1', ':kind'))).toContain('SWITCH(:kind,');
    const plain = diagramOf('set :a = 1\n:a * 2');
    expect(formulaAfter(changeIconText(plain, 'end', ':a * 3'))).toBe('set :a = 1\n:a * 3');
    expect(formulaAfter(changeIconText(plain, 'item-0', 'set :a = 2 // two'))).toBe(
      'set :a = 2 // two\n:a * 2',
    );
  });

  it('redraws an action whose new text is an IF as a question', () => {
    const result = changeIconText(diagramOf('set :a = 1\n:a'), 'item-0', 'set :a = IF(:b, 1, 2)');
    expect(result.diagram?.items[0]?.kind).toBe('branching');
  });

  it('refuses text that does not read, with the error at its place in the text typed', () => {
    expect(errorOf(changeIconText(diagram, 'item-2', ':distance > '))).toBe(
      "1:12 The line ends too early: '>' must be followed by a value",
    );
    expect(errorOf(changeIconText(diagram, 'item-2/yes', 'set :x = 1'))).toBe(
      '1:1 Write a value here, such as :fuel * 2, without set, EMIT or //',
    );
    expect(errorOf(changeIconText(diagram, 'item-0', 'a\nb'))).toBe('1:1 A comment is one line');
    expect(errorOf(changeIconText(diagram, 'item-9', '1'))).toMatch(/no longer in the diagram/);
    expect(parseExpressionText('1\n2').errors?.[0]).toMatchObject({ line: 2, column: 1 });
  });

  it('removes a statement, a case and the end result, and keeps what must stay', () => {
    expect(formulaAfter(removeIcon(diagram, 'item-0'))).not.toContain('//');
    expect(formulaAfter(removeIcon(diagram, 'item-1/case-0/label'))).toContain(
      "SWITCH(:vehicle, 'van', 0.23, 0.3)",
    );
    expect(formulaAfter(removeIcon(diagram, 'item-1/otherwise/label'))).toContain("'van', 0.23)");
    expect(formulaAfter(removeIcon(diagramOf('set :a = 1\n:a'), 'end'))).toBe('set :a = 1');
    expect(errorOf(removeIcon(diagram, 'header'))).toMatch(/header stays/);
    expect(errorOf(removeIcon(diagram, 'end'))).toMatch(/end stays/);
    expect(errorOf(removeIcon(diagram, 'item-2/yes'))).toMatch(/always gives a value/);
    const single = diagramOf("SWITCH(:v, 'a', 1, 2)");
    expect(errorOf(removeIcon(single, 'item-0/case-0/label'))).toMatch(/at least one case/);
    expect(formulaAfter(removeIcon(single, 'item-0/otherwise/label'))).toBe("SWITCH(:v, 'a', 1)");
  });

  it('adds a case before otherwise', () => {
    const label = parseExpressionText("'bus'");
    const value = parseExpressionText('0.1');
    if (label.errors !== undefined || value.errors !== undefined) throw new Error('did not parse');
    expect(formulaAfter(addCase(diagram, 'item-1', label.value, value.value))).toContain(
      "SWITCH(:vehicle, 'car', 0.17, 'van', 0.23, 'bus', 0.1, 0.3)",
    );
    expect(errorOf(addCase(diagram, 'item-2', label.value, value.value))).toMatch(/added to a select/);
  });

  it('swaps yes and no, negating the condition so the values stay, and back again', () => {
    const swapped = swapBranches(diagram, 'item-2');
    expect(formulaAfter(swapped)).toContain('IF(NOT :distance > 0, 0, :distance * :factor)');
    expect(formulaAfter(swapBranches(swapped.diagram as DrakonDiagram, 'item-2'))).toBe(FORMULA);
    expect(errorOf(swapBranches(diagram, 'item-1'))).toMatch(/Only a question/);
  });
});
