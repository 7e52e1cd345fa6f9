import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { realmEmissionFactorInputSchema } from '@ecc/contracts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { emptyFactorForm, factorFieldOfPath, factorRequestOf, type FactorFormField } from './factor-form.ts';

const refusal = (status: number, message: string, fieldErrors?: Record<string, string>) =>
  new ApiResponseError(status, 'Refused', { statusCode: status, error: 'Refused', message, fieldErrors });

const factorServerErrors = (error: unknown) => serverFieldErrors(error, factorFieldOfPath);

const VALID = {
  ...emptyFactorForm(2024),
  name: 'Steam',
  source: 'Supplier letter',
  per: 'kWh',
  value: '0.2',
};

describe('the new-factor form', () => {
  it('builds the contracts input from the text of the fields', () => {
    expect(
      realmEmissionFactorInputSchema.parse(factorRequestOf({ ...VALID, gas: 'CH4', unit: 'g' })),
    ).toEqual({
      name: 'Steam',
      source: 'Supplier letter',
      year: 2024,
      per: 'kWh',
      gases: { CH4: { value: 0.2, unit: 'g' } },
    });
  });

  it('has a field for each problem the schema finds in what it builds', () => {
    const parsed = realmEmissionFactorInputSchema.safeParse(
      factorRequestOf({ ...VALID, name: ' ', year: '1800', value: '' }),
    );
    const fields = parsed.error?.issues.map((issue) => factorFieldOfPath(issue.path.map(String)));
    expect([...new Set(fields)].sort()).toEqual(['name', 'value', 'year']);
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

  it('places the fields of a 422 and a 400 on their fields, and the rest on the form', () => {
    expect(
      factorServerErrors(
        refusal(422, '…', {
          'body/per': 'Unknown factor unit "kWhh"',
          'body/gases/CO2/unit': 'Unknown gas mass unit "kgs"',
        }),
      ),
    ).toEqual({ fields: { per: 'Unknown factor unit "kWhh"', unit: 'Unknown gas mass unit "kgs"' } });
    expect(
      factorServerErrors(refusal(400, '…', { 'body/gases/CO2/value': 'Expected number, received string' })),
    ).toEqual({ fields: { value: 'Expected number, received string' } });
    expect(factorServerErrors(refusal(422, '…', { body: 'Give the factor at least one gas' }))).toEqual({
      fields: {},
      form: 'Give the factor at least one gas',
    });
    expect(factorServerErrors(refusal(422, '…', { 'body/hhv/per': 'Unknown unit "x"' }))).toEqual({
      fields: {},
      form: 'Unknown unit "x"',
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

  it('puts any message the server names a field with on that field', () => {
    const fieldPaths: [FactorFormField, string][] = [
      ['name', 'body/name'],
      ['source', 'body/source'],
      ['year', 'body/year'],
      ['per', 'body/per'],
      ['value', 'body/gases/CO2/value'],
      ['unit', 'body/gases/CH4/unit'],
    ];
    fc.assert(
      fc.property(
        fc.subarray(fieldPaths, { minLength: 1 }),
        fc.array(fc.string({ minLength: 1 }), { minLength: 6, maxLength: 6 }),
        (chosen, texts) => {
          const fieldErrors = Object.fromEntries(chosen.map(([, path], index) => [path, texts[index] ?? '']));
          const expected = Object.fromEntries(chosen.map(([field], index) => [field, texts[index]]));
          expect(factorServerErrors(refusal(400, 'prose', fieldErrors))).toEqual({ fields: expected });
          expect(factorServerErrors(refusal(422, 'prose', fieldErrors))).toEqual({ fields: expected });
        },
      ),
    );
  });
});
