import { describe, expect, it } from 'vitest';
import { apiError, formatZodIssues } from './errors.ts';

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
