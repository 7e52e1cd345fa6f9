import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormula } from '../calculation-parser.ts';
import { printFormula } from '../print-formula.ts';
import { formula, withoutPositions } from '../test-support/formula-arbitraries.ts';
import { diagramOfFormula, formulaOfDiagram } from './drakon-diagram.ts';
import { layoutDiagram, type DrakonLayout, type DrakonPoint } from './drakon-layout.ts';

function diagramOf(text: string) {
  const parsed = parseFormula(text);
  expect(parsed.errors).toEqual([]);
  return diagramOfFormula(parsed.formula);
}

const MOBILE = [
  "set :factor = SWITCH(:vehicle, 'car', 0.17, 'van', 0.23, 0.3) // kg CO2e per km",
  'IF(:distance > 0, :distance * :factor, 0)',
].join('\n');

describe('a formula as a DRAKON diagram', () => {
  it('draws set and EMIT lines as actions and the last plain value as the end', () => {
    const diagram = diagramOf(
      "// Table C-1\nset :energy = :fuel * 1.026e-3\nEMIT('CO2', :energy * 53.06)\n:energy * 2",
    );
    expect(diagram.items.map((item) => item.kind)).toEqual(['comment', 'action', 'action']);
    expect(diagram.end.result).toMatchObject({ kind: 'binary', operator: '*' });
  });

  it('draws IF as a question and SWITCH as a select, with nested decisions in their branches', () => {
    const diagram = diagramOf(MOBILE);
    expect(diagram.end).toEqual({});
    const [select, question] = diagram.items;
    expect(select).toMatchObject({
      kind: 'branching',
      target: { kind: 'set', name: 'factor' },
      comment: 'kg CO2e per km',
      decision: { kind: 'select', cases: [{ label: { value: 'car' } }, { label: { value: 'van' } }] },
    });
    expect(
      select?.kind === 'branching' && select.decision.kind === 'select' && select.decision.otherwise,
    ).toEqual({
      kind: 'leaf',
      value: expect.objectContaining({ value: 0.3 }) as unknown,
    });
    expect(question).toMatchObject({
      kind: 'branching',
      target: { kind: 'expression' },
      decision: { kind: 'question' },
    });
  });

  it('leaves an IF inside a larger expression, or of the wrong arity, in its action', () => {
    const diagram = diagramOf('set :a = 2 * IF(:b, 1, 2)\nset :c = IF(:b, 1)\n:a');
    expect(diagram.items.map((item) => item.kind)).toEqual(['action', 'action']);
  });

  it('formula → diagram → formula gives the same program for generated programs', () => {
    fc.assert(
      fc.property(formula, (tree) => {
        const back = formulaOfDiagram(diagramOfFormula(tree));
        expect(withoutPositions(back.statements)).toEqual(withoutPositions(tree.statements));
        // And through the text, as the page does it: print, read, draw, print.
        const text = printFormula(tree);
        expect(printFormula(formulaOfDiagram(diagramOfFormula(parseFormula(text).formula)))).toBe(text);
      }),
      { numRuns: 400 },
    );
  });
});

/** The segments of every line, each as [from, to]. */
function segmentsOf(layout: DrakonLayout): [DrakonPoint, DrakonPoint][] {
  return layout.lines.flatMap((line) =>
    line.points
      .slice(1)
      .map((point, index): [DrakonPoint, DrakonPoint] => [line.points[index] as DrakonPoint, point]),
  );
}

/** Whether a horizontal and a vertical segment cross at a point inside both (touching ends is a joint). */
function cross([a, b]: [DrakonPoint, DrakonPoint], [c, d]: [DrakonPoint, DrakonPoint]): boolean {
  const isHorizontal = a.row === b.row;
  const isOtherVertical = c.column === d.column;
  if (!isHorizontal || !isOtherVertical) return false;
  const [left, right] = [Math.min(a.column, b.column), Math.max(a.column, b.column)];
  const [top, bottom] = [Math.min(c.row, d.row), Math.max(c.row, d.row)];
  return c.column > left && c.column < right && a.row > top && a.row < bottom;
}

describe('the layout', () => {
  it('puts the main path on the skewer and branches to the right', () => {
    const layout = layoutDiagram(diagramOf(MOBILE), 'Mobile combustion');
    const byId = new Map(layout.icons.map((icon) => [icon.id, icon]));
    expect(byId.get('header')).toMatchObject({ column: 0, row: 0, text: 'Mobile combustion' });
    expect(byId.get('item-0')).toMatchObject({ kind: 'select', column: 0, text: ':vehicle' });
    expect(byId.get('item-0/case-0/label')).toMatchObject({ kind: 'case', column: 0, text: "'car'" });
    expect(byId.get('item-0/case-1/label')).toMatchObject({ column: 1, text: "'van'" });
    expect(byId.get('item-0/otherwise/label')).toMatchObject({ column: 2, text: 'otherwise' });
    expect(byId.get('item-0/case-1')).toMatchObject({ kind: 'action', text: 'set :factor = 0.23' });
    expect(byId.get('item-1')).toMatchObject({ kind: 'question', column: 0, text: ':distance > 0?' });
    expect(byId.get('item-1/yes')).toMatchObject({ column: 0, text: 'result = :distance * :factor' });
    expect(byId.get('item-1/no')).toMatchObject({ column: 1, text: 'result = 0' });
    const end = byId.get('end');
    expect(end).toMatchObject({ kind: 'end', column: 0 });
    expect(Math.max(...layout.icons.map((icon) => icon.row))).toBe(end?.row);
    expect(layout.columns).toBe(3);
  });

  it('marks EMIT lines as emissions', () => {
    const layout = layoutDiagram(diagramOf("EMIT('CH4', IF(:wet, 2, 1))\nEMIT('CO2', 5)"), 'x');
    expect(layout.icons.filter((icon) => icon.kind === 'emission').map((icon) => icon.text)).toEqual([
      "EMIT('CH4', 2)",
      "EMIT('CH4', 1)",
      "EMIT('CO2', 5)",
    ]);
  });

  it('never crosses lines and never puts two icons in one place, for generated programs', () => {
    fc.assert(
      fc.property(formula, (tree) => {
        const layout = layoutDiagram(diagramOfFormula(tree), 'Generated');
        const places = layout.icons.map((icon) => `${icon.column}:${icon.row}`);
        expect(new Set(places).size).toBe(places.length);
        const segments = segmentsOf(layout);
        for (const one of segments) {
          for (const other of segments) expect(cross(one, other)).toBe(false);
        }
        expect(layout.icons.every((icon) => icon.column < layout.columns && icon.row < layout.rows)).toBe(
          true,
        );
      }),
      { numRuns: 200 },
    );
  });
});
