import { realmSchema } from '@ecc/contracts';
import { createDefaultRealmConfig } from '@ecc/db';
import { describe, expect, it } from 'vitest';
import { toPublicRealm } from './config.service.ts';

describe('toPublicRealm', () => {
  it('keeps what the shell needs for the host and drops secrets, allow-lists, flags, creators, attestation and other domains', () => {
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
      domains: ['acme.example.com', 'acme-internal.example.net'],
      key: 'acme',
      'created-by': '0b6c3f1e-6a57-4f0e-9a39-2d7e8f1c4b5a',
      'modified-by': '0b6c3f1e-6a57-4f0e-9a39-2d7e8f1c4b5a',
      'created-on': '2025-01-01T00:00:00.000Z',
      'modified-on': '2025-01-01T00:00:00.000Z',
      properties: {
        config: {
          ...config,
          applications: config.applications.map((application) => ({
            ...application,
            authentication: { strategies: [strategy] },
            proofworks: { defaults: { notaries: { attest: 'https://notary.example.com' } } },
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
    expected.domains = ['acme.example.com'];
    expected['created-by'] = null;
    expected['modified-by'] = null;
    const expectedApplication = expected.properties.config.applications[0];
    if (expectedApplication) {
      expectedApplication.authentication = {
        strategies: [{ ...publicStrategy, domain: '', organizationId: '' }],
      };
      delete expectedApplication.flags;
      delete expectedApplication.proofworks;
    }
    const shown = toPublicRealm(realm, 'ACME.example.com');
    expect(shown).toEqual(expected);
    for (const hidden of [
      'very-secret',
      'secret@example.com',
      'acme-internal',
      'notary',
      'org-1',
      '0b6c3f1e',
    ]) {
      expect(JSON.stringify(shown)).not.toContain(hidden);
    }
    // The default realm answering for a host it does not list shows no domain at all.
    expect(toPublicRealm(realm, '127.0.0.1').domains).toEqual([]);
  });
});
