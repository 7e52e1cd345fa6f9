import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { issuesByField } from './equipment-api.ts';

describe('issuesByField', () => {
  const error = new ApiResponseError(400, 'Bad Request', {
    statusCode: 400,
    error: 'Bad Request',
    message: '…',
    fieldErrors: {
      'body/properties/chargeKg': 'Must be at least 0',
      'body/properties/refrigerant': 'Required',
      'body/name': 'Required',
    },
  });

  it('puts the server’s messages at the fields under a prefix, the first per field', () => {
    expect(issuesByField(error, 'body/properties')).toEqual({
      chargeKg: 'Must be at least 0',
      refrigerant: 'Required',
    });
    expect(issuesByField(error, 'body')).toEqual({ properties: 'Must be at least 0', name: 'Required' });
  });

  it('finds nothing in other failures', () => {
    expect(issuesByField(new ApiResponseError(403, 'Forbidden', { message: 'No' }), 'body')).toEqual({});
    expect(issuesByField(new Error('network'), 'body')).toEqual({});
  });
});
