import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiResponseError } from './api-response-error.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const FIELDS = ['name', 'domains', 'plan'] as const;
const refusal = (status: number, message: string) =>
  new ApiResponseError(status, 'Bad Request', { statusCode: status, error: 'Bad Request', message });

describe('serverFieldErrors', () => {
  it('gives each named field its message, by the first segment of its path', () => {
    const error = refusal(
      400,
      'body/name: Required; body/domains/1: acme.test already belongs to realm acme',
    );
    expect(serverFieldErrors(error, FIELDS)).toEqual({
      fields: { name: 'Required', domains: 'acme.test already belongs to realm acme' },
    });
  });

  it('keeps what names no field of the form as the form’s message', () => {
    expect(serverFieldErrors(refusal(409, 'body/key: taken; body/plan: Invalid'), FIELDS)).toEqual({
      fields: { plan: 'Invalid' },
      form: 'body/key: taken',
    });
    expect(serverFieldErrors(refusal(403, 'You are not allowed to update Realm'), FIELDS)).toEqual({
      fields: {},
      form: 'You are not allowed to update Realm',
    });
    expect(serverFieldErrors(new TypeError('Failed to fetch'), FIELDS)).toEqual({
      fields: {},
      form: 'Failed to fetch',
    });
  });

  it('recovers every field message the server joined, whatever the messages say', () => {
    const message = fc
      .string({ minLength: 1 })
      .filter((text) => !text.includes('; body/') && text.trim() === text && text !== '');
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...FIELDS), { minLength: 1 }),
        fc.array(message, { minLength: 3, maxLength: 3 }),
        (fields, messages) => {
          const joined = fields.map((field, index) => `body/${field}: ${messages[index]}`).join('; ');
          const expected = Object.fromEntries(fields.map((field, index) => [field, messages[index]]));
          expect(serverFieldErrors(refusal(400, joined), FIELDS)).toEqual({ fields: expected });
        },
      ),
    );
  });
});
