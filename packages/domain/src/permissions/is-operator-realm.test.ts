import { describe, expect, it } from 'vitest';
import { isOperatorRealm } from './is-operator-realm.ts';

describe('isOperatorRealm', () => {
  it('recognises exactly the operator realms acm and context', () => {
    expect(isOperatorRealm('acm')).toBe(true);
    expect(isOperatorRealm('context')).toBe(true);
    expect(isOperatorRealm('demo')).toBe(false);
    expect(isOperatorRealm('acme')).toBe(false);
    expect(isOperatorRealm('ACM')).toBe(false);
  });
});
