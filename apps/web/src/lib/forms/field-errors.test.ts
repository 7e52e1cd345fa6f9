import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '../api/api-response-error.ts';
import { fieldErrorsOfIssues, serverFieldErrors } from './field-errors.ts';

const badRequest = (message: string) =>
  new ApiResponseError(400, 'Bad Request', { statusCode: 400, error: 'Bad Request', message });

describe('field errors', () => {
  it('keeps the first message of each zod issue path', () => {
    expect(
      fieldErrorsOfIssues([
        { path: ['themes', 0, 'colors', 'light', 'primary'], message: 'Invalid hex color' },
        { path: ['themes', 0, 'colors', 'light', 'primary'], message: 'Second' },
        { path: [], message: 'Whole form' },
      ]),
    ).toEqual({ 'themes.0.colors.light.primary': 'Invalid hex color', '': 'Whole form' });
  });

  it('reads each field a 400 names, messages with semicolons and colons kept whole', () => {
    expect(
      serverFieldErrors(
        badRequest(
          'body/themes/0/colors/light/primary: Invalid hex color; body/selected: Choose: one; or other',
        ),
      ),
    ).toEqual({
      fields: { 'themes.0.colors.light.primary': 'Invalid hex color', selected: 'Choose: one; or other' },
    });
  });

  it('gives what names no field, and any other failure, to the form', () => {
    expect(serverFieldErrors(badRequest('Malformed JSON'))).toEqual({ fields: {}, form: 'Malformed JSON' });
    expect(serverFieldErrors(new ApiResponseError(404, 'Not Found', { message: 'Realm not found' }))).toEqual(
      { fields: {}, form: 'Realm not found' },
    );
    expect(serverFieldErrors(new Error('offline'))).toEqual({ fields: {}, form: 'offline' });
  });
});
