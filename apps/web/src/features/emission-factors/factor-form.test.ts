import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import {
  emptyFactorForm,
  factorFieldOfPath,
  factorServerErrors,
  validateFactorForm,
  type FactorFormField,
} from './factor-form.ts';

const refusal = (status: number, message: string) =>
  new ApiResponseError(status, 'Refused', { statusCode: status, error: 'Refused', message });

const VALID = {
  ...emptyFactorForm(2024),
  name: 'Steam',
  source: 'Supplier letter',
  per: 'kWh',
  value: '0.2',
};

describe('the new-factor form', () => {
  it('builds the contracts input from the text of the fields', () => {
    expect(validateFactorForm({ ...VALID, gas: 'CH4', unit: 'g' })).toEqual({
      isValid: true,
      input: {
        name: 'Steam',
        source: 'Supplier letter',
        year: 2024,
        per: 'kWh',
        gases: { CH4: { value: 0.2, unit: 'g' } },
      },
    });
  });

  it('gives each problem of the schema to its field', () => {
    const result = validateFactorForm({ ...VALID, name: ' ', year: '1800', value: '' });
    expect(result.isValid).toBe(false);
    if (result.isValid) return;
    expect(Object.keys(result.fields).sort()).toEqual(['name', 'value', 'year']);
    expect(result.form).toBeUndefined();
  });

  it.each([
    [['name'], 'name'],
    [['year'], 'year'],
    [['gases', 'CO2', 'value'], 'value'],
    [['gases', 'N2O', 'unit'], 'unit'],
    [['gases', 'XYZ'], 'gas'],
    [['gases'], 'gas'],
    [['co2e', 'gwp'], undefined],
    [[], undefined],
  ] as const)('names the field of the path %j: %s', (path, field) => {
    expect(factorFieldOfPath(path)).toBe(field);
  });

  it('places the parts of a 422 and a 400 on their fields, and the rest on the form', () => {
    expect(
      factorServerErrors(
        refusal(422, 'per: Unknown factor unit "kWhh"; gases.CO2.unit: Unknown gas mass unit "kgs"'),
      ),
    ).toEqual({ fields: { per: 'Unknown factor unit "kWhh"', unit: 'Unknown gas mass unit "kgs"' } });
    expect(
      factorServerErrors(refusal(400, 'body/gases/CO2/value: Expected number, received string')),
    ).toEqual({
      fields: { value: 'Expected number, received string' },
    });
    expect(factorServerErrors(refusal(422, '(root): Give the factor at least one gas'))).toEqual({
      fields: {},
      form: 'Give the factor at least one gas',
    });
    expect(factorServerErrors(refusal(422, 'hhv.per: Unknown unit "x"'))).toEqual({
      fields: {},
      form: 'hhv.per: Unknown unit "x"',
    });
  });

  it('shows other failures on the form', () => {
    expect(factorServerErrors(refusal(409, 'Already published'))).toEqual({
      fields: {},
      form: 'Already published',
    });
    expect(factorServerErrors(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      form: 'Failed to fetch',
    });
  });

  it('puts any message the server names a field with on that field, in either notation', () => {
    const fieldPaths: [FactorFormField, string, string][] = [
      ['name', 'body/name', 'name'],
      ['source', 'body/source', 'source'],
      ['year', 'body/year', 'year'],
      ['per', 'body/per', 'per'],
      ['value', 'body/gases/CO2/value', 'gases.CO2.value'],
      ['unit', 'body/gases/CH4/unit', 'gases.CH4.unit'],
    ];
    // Messages of any text without the `; ` that separates the parts.
    const message = fc
      .string({ minLength: 1 })
      .filter((text) => !text.includes('; ') && text.trim() === text && text !== '');
    fc.assert(
      fc.property(
        fc.subarray(fieldPaths, { minLength: 1 }),
        fc.array(message, { minLength: 6, maxLength: 6 }),
        (chosen, texts) => {
          const as400 = chosen.map(([, path], index) => `${path}: ${texts[index]}`).join('; ');
          const as422 = chosen.map(([, , path], index) => `${path}: ${texts[index]}`).join('; ');
          const expected = Object.fromEntries(chosen.map(([field], index) => [field, texts[index]]));
          expect(factorServerErrors(refusal(400, as400))).toEqual({ fields: expected });
          expect(factorServerErrors(refusal(422, as422))).toEqual({ fields: expected });
        },
      ),
    );
  });
});
