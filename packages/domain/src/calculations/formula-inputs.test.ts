import { describe, expect, it } from 'vitest';
import { parseFormula } from './calculation-parser.ts';
import { formulaInputNames } from './formula-inputs.ts';

describe('the inputs of a formula', () => {
  it('are the parameters read before a set line gives them a value, in the order first read', () => {
    const { formula } = parseFormula(
      "set :energy = :fuel * :hhv\nEMIT('CO2', :energy * IF(:wet, :a, #other(x: :b)))\nset :fuel = 2\n:fuel + :energy",
    );
    expect(formulaInputNames(formula)).toEqual(['fuel', 'hhv', 'wet', 'a', 'b']);
  });

  it('counts a parameter that reads itself in its own set line', () => {
    expect(formulaInputNames(parseFormula('set :x = :x + 1\n:x').formula)).toEqual(['x']);
  });
});
