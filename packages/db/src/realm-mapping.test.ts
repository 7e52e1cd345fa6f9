import { describe, expect, it } from 'vitest';
import { createDefaultRealmConfig } from './realm-defaults.ts';
import { normalizeDomain, realmRowToRealm } from './realm-mapping.ts';

describe('normalizeDomain', () => {
  it('lowercases, trims and drops the root dot', () => {
    expect(normalizeDomain(' ECC.Example.COM. ')).toBe('ecc.example.com');
  });
});

describe('realmRowToRealm', () => {
  it("maps a row to the contracts' realm with the specification's field names", () => {
    const config = createDefaultRealmConfig({ plan: 'CORE' });
    const realm = realmRowToRealm(
      {
        id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
        key: 'acme',
        parentId: '0d6b1c8e-2f4a-4b7c-9d1e-3a5b7c9d1e2f',
        active: true,
        realm: 'acme',
        name: 'Acme',
        type: 'organization',
        domains: ['acme.example.com'],
        properties: { config },
        createdBy: null,
        modifiedBy: '0d6b1c8e-2f4a-4b7c-9d1e-3a5b7c9d1e2f',
        createdOn: new Date('2025-01-01T00:00:00Z'),
        modifiedOn: new Date('2025-02-01T00:00:00Z'),
      },
      'demo',
    );
    expect(realm).toEqual({
      id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
      active: true,
      realm: 'acme',
      name: 'Acme',
      type: 'organization',
      domains: ['acme.example.com'],
      key: 'acme',
      parentKey: 'demo',
      'created-by': null,
      'modified-by': '0d6b1c8e-2f4a-4b7c-9d1e-3a5b7c9d1e2f',
      'created-on': '2025-01-01T00:00:00.000Z',
      'modified-on': '2025-02-01T00:00:00.000Z',
      properties: { config },
    });
  });
});
