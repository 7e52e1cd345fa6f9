import { describe, expect, it } from 'vitest';
import {
  planNotIncludedMessage,
  planNotIncludedText,
  principalPermissionsQuerySchema,
  rightsQuerySchema,
} from './authz.ts';

describe('authz query schemas', () => {
  it('default to the page limits of spec section 9 and refuse more', () => {
    expect(principalPermissionsQuerySchema.parse({})).toEqual({
      inherited: 'false',
      limit: 10000,
      offset: 0,
    });
    expect(rightsQuerySchema.parse({})).toEqual({ limit: 9999, offset: 0 });
    expect(principalPermissionsQuerySchema.safeParse({ limit: '10001' }).success).toBe(false);
    expect(rightsQuerySchema.safeParse({ limit: '10000' }).success).toBe(false);
    expect(rightsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(principalPermissionsQuerySchema.parse({ inherited: 'true', limit: '10000' })).toMatchObject({
      inherited: 'true',
      limit: 10000,
    });
  });
});

describe('planNotIncludedMessage', () => {
  it('names the feature and the plans that include it', () => {
    expect(planNotIncludedText('Reporting', ['paid'])).toEqual({
      title: 'Reporting is not part of your plan',
      description: 'It is included in the Paid plan.',
    });
    expect(planNotIncludedMessage('Benchmarks', ['paid', 'CORE', 'EQT'])).toBe(
      'Benchmarks is not part of your plan. It is included in the Paid, Core, or EQT plans.',
    );
  });
});
