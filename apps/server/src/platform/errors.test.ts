import { describe, expect, it } from 'vitest';
import { apiError, formatZodIssues, withoutQueryParameters } from './errors.ts';

describe('apiError', () => {
  it('pairs the status with its reason phrase', () => {
    expect(apiError(413, 'Request body is too large')).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });
});

describe('formatZodIssues', () => {
  it('writes each issue as dotted.path: message, and (root) for the whole value', () => {
    expect(
      formatZodIssues([
        { path: ['properties', 'config', 'themes', 0, 'name'], message: 'Required' },
        { path: [], message: 'Expected object, received array' },
      ]),
    ).toEqual(['properties.config.themes.0.name: Required', '(root): Expected object, received array']);
  });
});

describe('withoutQueryParameters', () => {
  it('answers a failed query as what failed and the database error code, without the parameters', () => {
    const failed = Object.assign(
      new Error('Failed query: update realms set properties = $1\nparams: {"s":1}'),
      {
        params: ['{"clientSecret":"hidden"}'],
        cause: Object.assign(new Error('no writes'), { code: 'P0001' }),
      },
    );
    const answered = withoutQueryParameters(failed, 'Storing the sign-in strategies');
    expect(answered).toEqual(new Error('Storing the sign-in strategies failed (database error P0001)'));
    expect(JSON.stringify(answered)).not.toContain('hidden');
  });

  it('answers any other error as it is', () => {
    const other = new Error('Realm not found');
    expect(withoutQueryParameters(other, 'Storing')).toBe(other);
  });
});
