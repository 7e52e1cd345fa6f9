import { describe, expect, it } from 'vitest';
import { apiError, fieldRefusal, InvalidInputError, withoutQueryParameters, zodProblems } from './errors.ts';

describe('apiError', () => {
  it('pairs the status with its reason phrase', () => {
    expect(apiError(413, 'Request body is too large')).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });
});

describe('zodProblems', () => {
  it('gives each path its first problem, dotted, and the empty path for the whole value', () => {
    expect(
      zodProblems([
        { path: ['properties', 'config', 'themes', 0, 'name'], message: 'Required' },
        { path: ['properties', 'config', 'themes', 0, 'name'], message: 'Too short' },
        { path: [], message: 'Expected object, received array' },
      ]),
    ).toEqual([
      { path: 'properties.config.themes.0.name', message: 'Required' },
      { path: '', message: 'Expected object, received array' },
    ]);
  });
});

describe('InvalidInputError', () => {
  it('lists its problems as lines and answers them as a 400 naming each field of the body', () => {
    const error = new InvalidInputError([
      { path: 'domains.0', message: 'Not a host name' },
      { path: '', message: 'Give a realm' },
    ]);
    expect(error.issues).toEqual(['domains.0: Not a host name', 'Give a realm']);
    const refusal = error.toRefusal();
    expect(refusal.statusCode).toBe(400);
    expect(refusal.fieldErrors).toEqual({ 'body/domains/0': 'Not a host name', body: 'Give a realm' });
    expect(refusal.message).toBe('body/domains/0: Not a host name; body: Give a realm');
  });
});

describe('fieldRefusal', () => {
  it('names each field in the message and keeps the messages by field', () => {
    const refusal = fieldRefusal(409, { 'body/key': 'A realm with the key acme already exists' });
    expect(refusal).toMatchObject({
      statusCode: 409,
      message: 'body/key: A realm with the key acme already exists',
      fieldErrors: { 'body/key': 'A realm with the key acme already exists' },
    });
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
