import { parseFormula } from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { syntaxOutline, type SyntaxOutlineNode } from './calculation-syntax-outline.ts';

const shape = (node: SyntaxOutlineNode): unknown =>
  node.children.length === 0 ? node.label : { [node.label]: node.children.map(shape) };

describe('the formula tree', () => {
  it('shows how the parser grouped each line, with where each node starts', () => {
    const formula = parseFormula(
      "// fleet\nset :rate = IF(:km > 100, 0.2, 0.3) // per km\nEMIT('CO2', :km * :rate)",
    ).formula;
    const outline = syntaxOutline(formula);
    expect(outline.map(shape)).toEqual([
      'Comment: fleet',
      {
        'set :rate // per km': [
          {
            'Function IF': [
              { 'greater than (>)': ['Parameter :km', 'Number 100'] },
              'Number 0.2',
              'Number 0.3',
            ],
          },
        ],
      },
      { 'EMIT CO2': [{ 'multiply (*)': ['Parameter :km', 'Parameter :rate'] }] },
    ]);
    expect(outline[1]).toMatchObject({ line: 2, column: 1 });
    expect(outline[1]?.children[0]).toMatchObject({ line: 2, column: 13, id: '1.0' });
  });

  it('names calls of other calculations and their arguments', () => {
    const outline = syntaxOutline(parseFormula('#fleet@2(km: 5)').formula);
    expect(outline.map(shape)).toEqual([
      { Value: [{ 'Calculation #fleet@2': [{ 'Argument km': ['Number 5'] }] }] },
    ]);
  });
});
