import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula, withoutFormulaGuard } from './exports.ts';

describe('neutralizeFormula', () => {
  it('puts an apostrophe before text a spreadsheet would run as a formula, and nothing else', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['North Campus', "'quoted", '', '1-2'].map(neutralizeFormula)).toEqual([
      'North Campus',
      "'quoted",
      '',
      '1-2',
    ]);
  });

  it('never leaves formula text unguarded, and the import takes the guard off again', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const guarded = neutralizeFormula(text);
        expect(/^[=+\-@\t\r]/.test(guarded)).toBe(false);
        // Text that itself starts with an apostrophe before a formula character reads back without it.
        fc.pre(!/^'[=+\-@\t\r]/.test(text));
        expect(withoutFormulaGuard(guarded)).toBe(text);
      }),
    );
  });
});
