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
  it('answers a failed query as its placeholders and the database’s reason, without the parameters', () => {
    const failed = Object.assign(
      new Error('Failed query: update "realms" set "properties" = $1\nparams: {"clientSecret":"hidden"}'),
      {
        query: 'update "realms" set "properties" = $1',
        params: ['{"clientSecret":"hidden"}'],
        cause: Object.assign(new Error('realms are read-only'), { code: 'P0001' }),
      },
    );
    const logged = withoutQueryParameters(failed) as Error;
    expect(logged.message).toBe(
      'Failed query: update "realms" set "properties" = $1 (realms are read-only, P0001)',
    );
    expect(`${logged.stack} ${JSON.stringify(logged)}`).not.toContain('hidden');
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it('answers any other error as it is', () => {
    const other = new Error('Realm not found');
    expect(withoutQueryParameters(other)).toBe(other);
  });
});
