import { calculationTestInputSchema } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import {
  calculationTestFormValues,
  calculationTestRequest,
  inputValueOfText,
  textOfInputValue,
} from './calculation-test-form.ts';

describe('a calculation test typed in the form', () => {
  it('reads numbers, TRUE, FALSE, NULL and text, and leaves empty inputs out', () => {
    expect(inputValueOfText(' 1,500.5 ')).toBe(1500.5);
    expect(inputValueOfText('true')).toBe(true);
    expect(inputValueOfText('FALSE')).toBe(false);
    expect(inputValueOfText('null')).toBeNull();
    expect(inputValueOfText('diesel')).toBe('diesel');
    expect(inputValueOfText("'42'")).toBe('42');
    expect(inputValueOfText('  ')).toBeUndefined();
  });

  it('writes text that would read as something else with quotes, so it reads back the same', () => {
    for (const value of ['42', 'TRUE', 'diesel', 3.5, null, false]) {
      expect(inputValueOfText(textOfInputValue(value))).toBe(value);
    }
  });

  it('turns the fields into the contract’s request, expected gases one a line', () => {
    const refusals: string[] = [];
    const request = calculationTestRequest(
      {
        name: 'One million scf',
        inputs: { quantity: '1000000', fuel: '' },
        expectedValue: '',
        expectedGases: 'CO2 = 54439.56\nCH4: 1.026\n',
        tolerance: '0.001',
      },
      (field, message) => refusals.push(`${field}: ${message}`),
    );
    expect(refusals).toEqual([]);
    expect(request).toEqual({
      name: 'One million scf',
      inputs: { quantity: 1_000_000 },
      expectedValue: null,
      expectedGases: { CO2: 54_439.56, CH4: 1.026 },
      tolerance: 0.001,
    });
    expect(calculationTestInputSchema.safeParse(request).success).toBe(true);
  });

  it('refuses what it cannot read on its field', () => {
    const refusals: string[] = [];
    calculationTestRequest(
      { name: 'x', inputs: {}, expectedValue: 'lots', expectedGases: 'CO2 is much', tolerance: 'small' },
      (field) => refusals.push(field),
    );
    expect(refusals).toEqual(['expectedValue', 'tolerance', 'expectedGases']);
  });

  it('fills the form from a stored test, with a field for every parameter', () => {
    const values = calculationTestFormValues(
      {
        id: 't1',
        name: 'Diesel van',
        inputs: { fuel: 'diesel', litres: 10 },
        expectedValue: 26.8,
        expectedGases: null,
        tolerance: 0.01,
        lastRun: null,
      },
      ['litres', 'distance'],
    );
    expect(values).toEqual({
      name: 'Diesel van',
      inputs: { litres: '10', distance: '', fuel: 'diesel' },
      expectedValue: '26.8',
      expectedGases: '',
      tolerance: '0.01',
    });
  });
});
