import { realmSchema } from '@ecc/contracts';
import { createDefaultRealmConfig } from '@ecc/db';
import { describe, expect, it } from 'vitest';
import { toPublicRealm } from './config.service.ts';

describe('toPublicRealm', () => {
  it('drops the client secret of every sign-in strategy and the flag definitions, and keeps everything else', () => {
    const config = createDefaultRealmConfig({ plan: 'paid' });
    const strategy = {
      active: true,
      authorizationEndpoint: 'https://id.example.com/authorize',
      clientId: 'ecc',
      clientSecret: 'very-secret',
      domain: 'example.com',
      issuer: 'https://id.example.com',
      jwksURI: 'https://id.example.com/jwks',
      name: 'Example ID',
      organizationId: 'org-1',
      service: 'oidc',
      tokenEndpoint: 'https://id.example.com/token',
      type: 'oidc',
    };
    const realm = realmSchema.parse({
      id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
      active: true,
      realm: 'acme',
      name: 'Acme',
      type: 'organization',
      domains: ['acme.example.com'],
      key: 'acme',
      'created-by': null,
      'modified-by': null,
      'created-on': '2025-01-01T00:00:00.000Z',
      'modified-on': '2025-01-01T00:00:00.000Z',
      properties: {
        config: {
          ...config,
          applications: config.applications.map((application) => ({
            ...application,
            authentication: { strategies: [strategy] },
            flags: {
              beta: {
                type: 'boolean',
                variants: { on: true, off: false },
                defaultVariant: 'off',
                targeting: { if: [{ '==': [{ var: 'email' }, 'secret@example.com'] }, 'on', 'off'] },
              },
            },
          })),
        },
      },
    });
    const { clientSecret: _clientSecret, ...publicStrategy } = strategy;
    const expected = structuredClone(realm);
    const expectedApplication = expected.properties.config.applications[0];
    if (expectedApplication) {
      expectedApplication.authentication = { strategies: [publicStrategy] };
      delete expectedApplication.flags;
    }
    expect(toPublicRealm(realm)).toEqual(expected);
    expect(JSON.stringify(toPublicRealm(realm))).not.toContain('very-secret');
    expect(JSON.stringify(toPublicRealm(realm))).not.toContain('secret@example.com');
  });
});
