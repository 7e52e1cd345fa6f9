import { describe, expect, it } from 'vitest';
import { identifyTraitsOf } from './identify-traits.ts';

describe('identifyTraitsOf', () => {
  it('holds host, username, the user (properties, id, realm) and the application (realm id, name, plan)', () => {
    expect(
      identifyTraitsOf({
        host: 'acme.example.com',
        username: 'dana@example.com',
        user: { id: 'user-1', realm: 'acme', properties: { name: 'Dana' } },
        realm: { id: 'realm-1' },
        application: { name: 'Emissions Control Center', plan: 'CORE' },
      }),
    ).toEqual({
      host: 'acme.example.com',
      username: 'dana@example.com',
      user: { properties: { name: 'Dana' }, id: 'user-1', realm: 'acme' },
      application: { realmId: 'realm-1', name: 'Emissions Control Center', plan: 'CORE' },
    });
  });
});
