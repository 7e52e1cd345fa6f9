import { currentApplication, DEFAULT_AUTH_SESSION_LENGTH_SECONDS, storedColorToHex } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './create-database.ts';
import { ensureAdministrator } from './ensure-administrator.ts';
import { verifyPassword } from './password-hash.ts';
import { createDefaultRealmConfig, DEFAULT_LIGHT_COLORS } from './realm-defaults.ts';
import { createRealmRepository } from './realm-repository.ts';
import { users } from './schema.ts';
import { DEMO_ADMIN, DEMO_REALM_NAME, DEMO_USER, seedDemoRealm } from './seed-demo-realm.ts';
import { createSessionRepository } from './session-repository.ts';
import { createTestDatabase } from './testing/test-database.ts';
import { createUserRepository } from './user-repository.ts';

describe('repositories', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const insertRealm = (key: string, domains: string[] = []) =>
    createRealmRepository(database.db).insert({
      key,
      parentId: null,
      active: true,
      realm: key,
      name: `Realm ${key}`,
      type: 'organization',
      domains,
      properties: { config: createDefaultRealmConfig({ plan: 'simple' }) },
    });

  it('seeds the demo realm once: CORE plan, a themed application and the two demo users', async () => {
    expect(await seedDemoRealm(database.db)).toEqual({ isCreated: true });
    expect(await seedDemoRealm(database.db)).toEqual({ isCreated: false });

    const demo = await createRealmRepository(database.db).findByKey('demo');
    expect(demo).toMatchObject({ key: 'demo', name: DEMO_REALM_NAME, active: true, parentKey: null });
    if (!demo) throw new Error('no demo realm');
    const application = currentApplication(demo);
    expect(application).toMatchObject({
      plan: 'CORE',
      authSessionLength: DEFAULT_AUTH_SESSION_LENGTH_SECONDS,
    });
    const theme = demo.properties.config.themes[0];
    expect(theme).toMatchObject({
      logo: '/brand/logo.svg',
      login: { background: '/brand/login-background.svg', backgroundPosition: 'right 10% center/50%' },
    });
    expect(storedColorToHex(theme?.colors.light.primary ?? { space: 'srgb', coords: [0], alpha: 0 })).toBe(
      DEFAULT_LIGHT_COLORS.primary,
    );

    const userRepository = createUserRepository(database.db);
    for (const person of [DEMO_USER, DEMO_ADMIN]) {
      const user = await userRepository.findByEmail(demo.id, person.email);
      expect(user?.role).toBe(person.role);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user?.passwordHash, person.password)).toBe(true);
    }
  });

  it('scopes users to their realm: the same e-mail may exist in two realms, each seen only from its own', async () => {
    const north = await insertRealm('north');
    const south = await insertRealm('south');
    if (!north || !south) throw new Error('realms not created');
    const userRepository = createUserRepository(database.db);
    const inNorth = await userRepository.insert(north.id, {
      email: 'Same@Example.com',
      passwordHash: 'x',
      role: 'member',
    });
    const inSouth = await userRepository.insert(south.id, {
      email: 'same@example.com',
      passwordHash: 'y',
      role: 'member',
    });
    expect(inNorth?.email).toBe('same@example.com');
    expect(inSouth?.id).not.toBe(inNorth?.id);
    expect(
      await userRepository.insert(north.id, { email: 'SAME@example.com', passwordHash: 'z', role: 'admin' }),
    ).toBeUndefined();

    expect((await userRepository.findByEmail(north.id, 'same@example.com'))?.id).toBe(inNorth?.id);
    expect(await userRepository.findById(south.id, inNorth?.id ?? '')).toBeUndefined();
    expect(await userRepository.updateProperties(south.id, inNorth?.id ?? '', { a: 1 })).toBeUndefined();
  });

  it('scopes sessions to their realm', async () => {
    const east = await insertRealm('east');
    const west = await insertRealm('west');
    if (!east || !west) throw new Error('realms not created');
    const user = await createUserRepository(database.db).insert(east.id, {
      email: 'e@example.com',
      passwordHash: 'x',
      role: 'member',
    });
    const sessionRepository = createSessionRepository(database.db);
    await sessionRepository.insert(east.id, {
      tokenHash: 'hash-1',
      userId: user?.id ?? '',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await sessionRepository.findWithUser(east.id, 'hash-1'))?.user.id).toBe(user?.id);
    expect(await sessionRepository.findWithUser(west.id, 'hash-1')).toBeUndefined();
    await sessionRepository.delete(west.id, 'hash-1');
    expect(await sessionRepository.findWithUser(east.id, 'hash-1')).toBeDefined();
    await sessionRepository.delete(east.id, 'hash-1');
    expect(await sessionRepository.findWithUser(east.id, 'hash-1')).toBeUndefined();
  });

  it('finds the realm for a host by any of its domains, case-insensitively, else the fallback realm', async () => {
    await insertRealm('hosted', ['Hosted.Example.com', 'hosted.localhost']);
    const realms = createRealmRepository(database.db);
    expect((await realms.findActiveForHost('HOSTED.example.com', 'demo'))?.key).toBe('hosted');
    expect((await realms.findActiveForHost('hosted.localhost', 'demo'))?.key).toBe('hosted');
    expect((await realms.findActiveForHost('example.com', 'demo'))?.key).toBe('demo');
    expect(await realms.findActiveForHost('example.com', 'none')).toBeUndefined();
  });

  it('refuses a second realm with the same key and tells which realm owns a domain', async () => {
    const realms = createRealmRepository(database.db);
    expect(await insertRealm('hosted')).toBeUndefined();
    expect(await realms.findDomainOwners(['hosted.localhost', 'free.localhost'])).toEqual(
      new Map([['hosted.localhost', 'hosted']]),
    );
  });

  it('creates the operator administrator in the default realm once, never touching an existing user', async () => {
    expect(await ensureAdministrator(database.db, 'demo', 'Ops@Example.com', 'ops-password')).toEqual({
      isCreated: true,
    });
    expect(await ensureAdministrator(database.db, 'demo', 'ops@example.com', 'other-password')).toEqual({
      isCreated: false,
    });
    const rows = await database.db.select().from(users);
    const ops = rows.find((row) => row.email === 'ops@example.com');
    expect(ops?.role).toBe('admin');
    expect(await verifyPassword(ops?.passwordHash, 'ops-password')).toBe(true);
    await expect(ensureAdministrator(database.db, 'gone', 'a@b.co', 'password')).rejects.toThrow(
      'there is no realm with key gone',
    );
  });
});
