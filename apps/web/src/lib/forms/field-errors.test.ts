import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '../api/api-response-error.ts';
import { flatFieldErrors, serverFieldErrors, topLevelFieldOf } from './field-errors.ts';

const refusal = (status: number, message: string, body: object = {}) =>
  new ApiResponseError(status, 'Bad Request', { statusCode: status, error: 'Bad Request', message, ...body });

const REALM_FIELDS = ['name', 'domains', 'plan'] as const;

describe('field errors', () => {
  it('lists a form’s nested refusals by dotted path, in order, the form’s own message included', () => {
    const input = document.createElement('input');
    expect(
      flatFieldErrors({
        themes: [
          { colors: { light: { primary: { type: 'custom', message: 'Invalid hex color', ref: input } } } },
        ],
        overrides: [undefined, { path: { type: 'server', message: 'Must start with /' } }],
        root: { type: 'server', message: 'Try later' },
      }),
    ).toEqual({
      'themes.0.colors.light.primary': 'Invalid hex color',
      'overrides.1.path': 'Must start with /',
      root: 'Try later',
    });
    expect(flatFieldErrors({})).toEqual({});
  });

  it('reads each field a 400 names in its fieldErrors', () => {
    expect(
      serverFieldErrors(
        refusal(400, 'ignored prose', {
          fieldErrors: {
            'body/themes/0/colors/light/primary': 'Invalid hex color',
            'body/selected': 'Choose: one; or other',
          },
        }),
      ),
    ).toEqual({
      fields: { 'themes.0.colors.light.primary': 'Invalid hex color', selected: 'Choose: one; or other' },
    });
  });

  it('gives each named field its message by the first segment of its path, when the form asks so', () => {
    const error = refusal(400, '…', {
      fieldErrors: { 'body/name': 'Required', 'body/domains/1': 'acme.test already belongs to realm acme' },
    });
    expect(serverFieldErrors(error, topLevelFieldOf(REALM_FIELDS))).toEqual({
      fields: { name: 'Required', domains: 'acme.test already belongs to realm acme' },
    });
  });

  it('puts each item of a 422 on its field, and an item naming none on the form', () => {
    const error = refusal(422, 'The factor cannot be used', {
      items: [
        { id: 'factor', path: 'gases.CO2.unit', message: 'Unknown unit "parsec"' },
        { id: 'factor', path: '(root)', message: 'Give gases or a CO2e value' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({
      fields: { 'gases.CO2.unit': 'Unknown unit "parsec"' },
      form: 'Give gases or a CO2e value',
    });
  });

  it('gives what names no field of the form, as a sentence, and any other failure, to the form', () => {
    expect(
      serverFieldErrors(
        refusal(409, '…', {
          fieldErrors: { 'body/key': 'A realm with the key acme already exists.', 'body/plan': 'Invalid' },
        }),
        topLevelFieldOf(REALM_FIELDS),
      ),
    ).toEqual({ fields: { plan: 'Invalid' }, form: 'A realm with the key acme already exists.' });
    expect(serverFieldErrors(refusal(400, 'body/name: prose is never parsed'))).toEqual({
      fields: {},
      form: 'body/name: prose is never parsed',
    });
    expect(serverFieldErrors(refusal(400, 'Malformed JSON'))).toEqual({ fields: {}, form: 'Malformed JSON' });
    expect(serverFieldErrors(new ApiResponseError(404, 'Not Found', { message: 'Realm not found' }))).toEqual(
      {
        fields: {},
        form: 'Realm not found',
      },
    );
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      form: 'Failed to fetch',
    });
  });

  it('places every field message of any refusal, whatever the messages say', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...REALM_FIELDS), { minLength: 1 }),
        fc.array(fc.string({ minLength: 1 }), { minLength: 3, maxLength: 3 }),
        (fields, messages) => {
          const fieldErrors = Object.fromEntries(
            fields.map((field, index) => [`body/${field}`, messages[index]]),
          );
          const expected = Object.fromEntries(fields.map((field, index) => [field, messages[index]]));
          expect(
            serverFieldErrors(refusal(400, 'prose', { fieldErrors }), topLevelFieldOf(REALM_FIELDS)),
          ).toEqual({ fields: expected });
        },
      ),
    );
  });
});
