import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realmSchema } from '@ecc/contracts';
import {
  acquireDataDirLock,
  createRealmRepository,
  DEMO_USER,
  seedDemoRealm,
  verifyPassword,
  createUserRepository,
  type DatabaseHandle,
} from '@ecc/db';
import { createTestDatabase } from '@ecc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './cli.ts';
import { REPOSITORY_ROOT } from '#platform/config.ts';
import { createTestApp, signIn } from '#test-support/test-app.ts';

describe('operator command line', () => {
  let database: DatabaseHandle;
  let workDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    workDir = mkdtempSync(join(tmpdir(), 'ecc-cli-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const ecc = (...args: string[]) => runCliCapturing(database, args);

  function writeJson(name: string, data: unknown): string {
    const file = join(workDir, name);
    writeFileSync(file, JSON.stringify(data));
    return file;
  }

  it('creates a realm with one application on the plan and the default theme, under a parent', async () => {
    const result = await ecc(
      'realm',
      'create',
      '--key',
      'acme',
      '--name',
      'Acme Corp',
      '--domain',
      'Acme.Example.com',
      '--domain',
      'acme.localhost',
      '--parent',
      'demo',
      '--plan',
      'paid',
    );
    expect(result).toMatchObject({ exitCode: EXIT_OK, stderr: '' });
    expect(result.stdout).toMatch(/^Created realm acme \(/);
    const realm = await createRealmRepository(database.db).findByKey('acme');
    expect(realm).toMatchObject({
      name: 'Acme Corp',
      parentKey: 'demo',
      domains: ['acme.example.com', 'acme.localhost'],
    });
    const config = realm?.properties.config;
    expect(config?.applications).toHaveLength(1);
    expect(config?.applications[0]).toMatchObject({ plan: 'paid', authSessionLength: 1800 });
    expect(config?.themes).toHaveLength(1);
    expect(config?.applications[0]?.themes?.[0]?.selected).toBe(config?.themes[0]?.id);
  });

  it('refuses a bad key, an unknown plan or parent, a taken key or domain, writing nothing', async () => {
    const badKey = await ecc('realm', 'create', '--key', '9lives', '--name', 'Nine', '--plan', 'gold');
    expect(badKey.exitCode).toBe(EXIT_FAILURE);
    expect(badKey.stderr).toContain('key: Realm key must start with a letter, then letters, digits, _ or -');
    expect(badKey.stderr).toMatch(/^plan: /m);
    const taken = await ecc('realm', 'create', '--key', 'acme', '--name', 'Again');
    expect(taken.stderr).toBe('key: A realm with the key acme already exists\n');
    const clash = await ecc(
      'realm',
      'create',
      '--key',
      'other',
      '--name',
      'Other',
      '--domain',
      'acme.localhost',
      '--parent',
      'nope',
    );
    expect(clash.stderr).toBe(
      'parentKey: No realm has the key nope\ndomains.0: acme.localhost already belongs to realm acme\n',
    );
    expect(await createRealmRepository(database.db).findByKey('other')).toBeUndefined();
  });

  it('explains its usage when a required option is missing or unknown', async () => {
    const missing = await ecc('realm', 'create', '--key', 'abc');
    expect(missing.exitCode).toBe(EXIT_USAGE);
    expect(missing.stderr).toMatch(/^--name is required/);
    expect((await ecc('realm', 'create', '--key', 'abc', '--name', 'A', '--colour', 'red')).exitCode).toBe(
      EXIT_USAGE,
    );
    expect((await ecc('realm', 'destroy')).stderr).toMatch(/^Unknown command: realm destroy/);
    expect((await ecc('help')).stdout).toContain('realm import --file F');
  });

  it('lists every realm with key, name, plan, parent and domains', async () => {
    const result = await ecc('realm', 'list');
    expect(result.exitCode).toBe(EXIT_OK);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^KEY\s+NAME\s+PLAN\s+PARENT\s+ACTIVE\s+DOMAINS$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^acme\s+Acme Corp\s+paid\s+demo\s+yes\s+acme\.example\.com, acme\.localhost$/),
      expect.stringMatching(/^demo\s+Demo Energy Co\.\s+CORE\s+-\s+yes\s+-$/),
    ]);
  });

  it('exports a realm as JSON that import accepts back unchanged', async () => {
    const exported = await ecc('realm', 'export', '--key', 'acme');
    expect(exported.exitCode).toBe(EXIT_OK);
    const realm = realmSchema.parse(JSON.parse(exported.stdout));
    const imported = await ecc('realm', 'import', '--file', writeJson('acme.json', realm));
    expect(imported).toMatchObject({ exitCode: EXIT_OK, stdout: `Updated realm acme (${realm.id}).\n` });
    const again = realmSchema.parse(JSON.parse((await ecc('realm', 'export', '--key', 'acme')).stdout));
    expect({ ...again, 'modified-on': realm['modified-on'] }).toEqual(realm);
  });

  it('imports a new realm, keeping its id and audit fields, and updates it by key', async () => {
    const source = realmSchema.parse(JSON.parse((await ecc('realm', 'export', '--key', 'acme')).stdout));
    const copy = {
      ...source,
      id: '3b241101-e2bb-4255-8caf-4136c566a962',
      key: 'acme2',
      domains: ['acme2.localhost'],
      'created-on': '2024-01-02T03:04:05.000Z',
    };
    expect((await ecc('realm', 'import', '--file', writeJson('acme2.json', copy))).stdout).toBe(
      `Created realm acme2 (${copy.id}).\n`,
    );
    const created = await createRealmRepository(database.db).findByKey('acme2');
    expect(created).toMatchObject({
      id: copy.id,
      'created-on': '2024-01-02T03:04:05.000Z',
      parentKey: 'demo',
    });

    const renamed = { ...copy, name: 'Acme Two', parentKey: null };
    expect((await ecc('realm', 'import', '--file', writeJson('acme2b.json', renamed))).stdout).toMatch(
      /^Updated realm acme2/,
    );
    expect(await createRealmRepository(database.db).findByKey('acme2')).toMatchObject({
      name: 'Acme Two',
      parentKey: null,
    });
  });

  it('rejects an invalid realm file with every problem as path: message, and writes nothing', async () => {
    const source = realmSchema.parse(JSON.parse((await ecc('realm', 'export', '--key', 'acme')).stdout));
    const broken = JSON.parse(JSON.stringify(source)) as Record<string, unknown> & typeof source;
    Object.assign(broken, { key: 'x', id: 'not-a-uuid', name: 'Broken', 'created-on': 'last tuesday' });
    const theme = broken.properties.config.themes[0];
    if (!theme) throw new Error('The exported realm has no theme');
    (theme.colors.light as Record<string, unknown>).primary = '#12345';
    (broken.properties.config.applications[0] as Record<string, unknown>).flags = {
      'ai-assistant': { variants: { on: true, off: false }, defaultVariant: 'maybe' },
    };
    const result = await ecc('realm', 'import', '--file', writeJson('broken.json', broken));
    expect(result.exitCode).toBe(EXIT_FAILURE);
    expect(result.stderr.trimEnd().split('\n')).toEqual(
      expect.arrayContaining([
        'id: This field must be a valid UUID',
        'key: Realm key must be at least 3 characters',
        'created-on: This field must be a valid ISO 8601 date',
        'properties.config.applications.0.flags.ai-assistant.defaultVariant: defaultVariant must be one of the keys from variants',
        'properties.config.themes.0.colors.light.primary: Expected object, received string',
      ]),
    );
    expect((await createRealmRepository(database.db).list()).map((realm) => realm.name)).not.toContain(
      'Broken',
    );
  });

  it('keeps a realm with results on its GWP set: an import naming another one is refused', async () => {
    // The demo realm has results (on AR5, its set): another set needs them recalculated first.
    const demo = realmSchema.parse(JSON.parse((await ecc('realm', 'export', '--key', 'demo')).stdout));
    const moved = { ...demo, properties: { ...demo.properties, gwpSetId: 'AR6' } };
    const result = await ecc('realm', 'import', '--file', writeJson('demo-ar6.json', moved));
    expect(result).toMatchObject({
      exitCode: EXIT_FAILURE,
      stderr:
        'properties.gwpSetId: Realm demo reports on AR5; to move it to AR6, run `npm run ecc -- recalculate --realm demo --gwp AR6`, which recalculates every result on it first\n',
    });
    // The same set imports as before.
    expect((await ecc('realm', 'import', '--file', writeJson('demo-same.json', demo))).exitCode).toBe(
      EXIT_OK,
    );
  });

  it('rejects a parent that would make the realm tree a cycle', async () => {
    const demo = realmSchema.parse(JSON.parse((await ecc('realm', 'export', '--key', 'demo')).stdout));
    const result = await ecc(
      'realm',
      'import',
      '--file',
      writeJson('cycle.json', { ...demo, parentKey: 'acme' }),
    );
    expect(result).toMatchObject({
      exitCode: EXIT_FAILURE,
      stderr: 'parentKey: acme is demo itself or below it; realms form a tree\n',
    });
  });

  it('rejects a file that is not JSON', async () => {
    const file = join(workDir, 'not.json');
    writeFileSync(file, '{ nope');
    const result = await ecc('realm', 'import', '--file', file);
    expect(result.exitCode).toBe(EXIT_FAILURE);
    expect(result.stderr).toMatch(/^file: .* is not readable JSON/);
  });

  it('creates a user who can then sign in on that realm', async () => {
    const result = await ecc(
      'user',
      'create',
      '--realm',
      'acme',
      '--email',
      'Grace@Acme.example.com',
      '--password',
      'grace-password',
      '--role',
      'admin',
    );
    expect(result.exitCode).toBe(EXIT_OK);
    expect(result.stdout).toMatch(/^Created admin grace@acme\.example\.com in realm acme \(/);
    const acme = await createRealmRepository(database.db).findByKey('acme');
    const user = await createUserRepository(database.db).findByEmail(
      acme?.id ?? '',
      'grace@acme.example.com',
    );
    expect(user?.role).toBe('admin');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user?.passwordHash, 'grace-password')).toBe(true);

    const testApp = await createTestApp({ database });
    try {
      await signIn(
        testApp.app,
        { email: 'grace@acme.example.com', password: 'grace-password' },
        'acme.localhost',
      );
    } finally {
      await testApp.close();
    }
  });

  it('refuses a duplicate user, a short password, an unknown role or realm', async () => {
    expect(
      (await ecc('user', 'create', '--realm', 'demo', '--email', DEMO_USER.email, '--password', 'whatever-1'))
        .stderr,
    ).toBe(`email: Realm demo already has a user ${DEMO_USER.email}\n`);
    const bad = await ecc(
      'user',
      'create',
      '--realm',
      'demo',
      '--email',
      'not-an-email',
      '--password',
      'short',
      '--role',
      'owner',
    );
    expect(bad.stderr.trimEnd().split('\n')).toEqual([
      'email: Must be an e-mail address',
      'password: Must be at least 8 characters',
      'role: Must be one of admin, member',
    ]);
    expect(
      (await ecc('user', 'create', '--realm', 'zzz', '--email', 'a@b.co', '--password', 'long-enough'))
        .stderr,
    ).toBe('realm: No realm has the key zzz\n');
  });
});

describe('the real command line', () => {
  it('refuses a DATA_DIR that another process holds, saying which and what to do', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecc-cli-locked-'));
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli.ts', 'realm', 'list'],
        {
          cwd: REPOSITORY_ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      expect(result.status).toBe(EXIT_FAILURE);
      expect(result.stderr).toBe(
        `DATA_DIR ${dataDir} is in use by another Emissions Control Center process (pid ${process.pid}). ` +
          'Stop it first, or set DATA_DIR to another directory.\n',
      );
    } finally {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
