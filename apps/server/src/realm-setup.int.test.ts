import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentApplication } from '@ecc/contracts';
import { createRealmRepository, createUserRepository, verifyPassword, type DatabaseHandle } from '@ecc/db';
import { createTestDatabase } from '@ecc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { EXIT_FAILURE, EXIT_OK } from './cli.ts';
import type { RealmSetup } from './realm-setup.ts';

describe('realm setup --file', () => {
  let database: DatabaseHandle;
  let workDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    workDir = mkdtempSync(join(tmpdir(), 'ecc-realm-setup-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  async function setup(name: string, data: unknown) {
    const file = join(workDir, name);
    writeFileSync(file, JSON.stringify(data));
    return runCliCapturing(database, ['realm', 'setup', '--file', file]);
  }

  it('creates every realm of the list with its application settings and users, in one run', async () => {
    const realms: RealmSetup[] = [
      {
        key: 'north',
        name: 'North',
        domains: ['north.localhost'],
        plan: 'paid',
        application: {
          'feature-flags': 'ai-assistant',
          authSessionLength: 90,
          legal: { licences: [{ id: 'eula', title: 'End-user licence', text: 'Be kind.' }] },
        },
        users: [
          { email: 'admin@north.test', password: 'north-password', role: 'admin' },
          { email: 'member@north.test', password: 'north-password' },
        ],
      },
      { key: 'south', name: 'South' },
    ];
    const result = await setup('two.json', realms);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(EXIT_OK);
    expect(result.stdout).toMatch(
      /^Created realm north \(.+\) with 2 users\.\nCreated realm south \(.+\) with 0 users\.\n$/,
    );

    const north = await createRealmRepository(database.db).findByKey('north');
    if (!north) throw new Error('north was not created');
    expect(north.domains).toEqual(['north.localhost']);
    expect(currentApplication(north)).toMatchObject({
      plan: 'paid',
      'feature-flags': 'ai-assistant',
      authSessionLength: 90,
      legal: { licences: [{ id: 'eula' }] },
    });
    const admin = await createUserRepository(database.db).findByEmail(north.id, 'admin@north.test');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'north-password')).toBe(true);
    expect((await createUserRepository(database.db).findByEmail(north.id, 'member@north.test'))?.role).toBe(
      'member',
    );
  });

  it('names each problem by its index and writes nothing when any entry is invalid', async () => {
    const result = await setup('bad.json', [
      { key: 'east', name: 'East', users: [{ email: 'ok@east.test', password: 'east-password' }] },
      { key: 'west', name: 'West', application: { authSessionLength: -5 } },
      { key: 'wild', name: 'Wild', users: [{ email: 'not-an-email', password: 'wild-password' }] },
    ]);
    expect(result.exitCode).toBe(EXIT_FAILURE);
    expect(result.stderr).toMatch(/^1\.application\.authSessionLength: /);
    expect(await createRealmRepository(database.db).findByKey('east')).toBeUndefined();
    expect(await createRealmRepository(database.db).findByKey('west')).toBeUndefined();

    const badUser = await setup('bad-user.json', {
      key: 'wild',
      name: 'Wild',
      users: [{ email: 'nope', password: 'wild-password' }],
    });
    expect(badUser.stderr).toBe('0.users.0.email: Must be an e-mail address\n');
    expect(await createRealmRepository(database.db).findByKey('wild')).toBeUndefined();

    const taken = await setup('taken.json', [{ key: 'north', name: 'Again' }]);
    expect(taken.stderr).toBe('0.key: A realm with the key north already exists\n');
  });
});
