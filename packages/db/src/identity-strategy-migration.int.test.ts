import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { AuthenticationStrategy } from '@ecc/contracts';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './create-database.ts';
import { createRealmRepository } from './realm-repository.ts';
import { createDefaultRealmConfig } from './realm-defaults.ts';
import * as schema from './schema.ts';
import { createUserRepository } from './user-repository.ts';

const BEFORE = '0016_emission_month_totals';

/** The migrations folder as it was before 0017: its files, with the journal cut after BEFORE. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'ecc-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

const strategy = (name: string, issuer: string, id?: string): AuthenticationStrategy => ({
  active: true,
  authorizationEndpoint: `${issuer}/auth`,
  clientId: 'client',
  domain: '',
  ...(id ? { id } : {}),
  issuer,
  jwksURI: `${issuer}/jwks`,
  name,
  organizationId: '',
  service: 'oidc',
  tokenEndpoint: `${issuer}/token`,
  type: 'oidc',
});

describe('migration 0017: identities bound to their strategy', () => {
  const folder = migrationsUpTo(BEFORE);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("binds each identity to the realm's one strategy of its issuer and deletes the rest", async () => {
    const client = await PGlite.create();
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: folder });
    const config = createDefaultRealmConfig({ plan: 'CORE' });
    const strategies = [
      strategy('By id', 'https://one.example', '0b6c5a4e-1f2d-4e3c-9a8b-7c6d5e4f3a2b'),
      strategy('By name', 'https://two.example'),
      // Two strategies of one issuer: which one an identity came through cannot be told.
      strategy('Twin A', 'https://twin.example'),
      strategy('Twin B', 'https://twin.example'),
    ];
    const realm = await createRealmRepository(db).insert({
      key: 'acme',
      parentId: null,
      active: true,
      realm: 'acme',
      name: 'Acme',
      type: 'organization',
      domains: [],
      properties: {
        config: {
          ...config,
          applications: config.applications.map((application) => ({
            ...application,
            authentication: { strategies },
          })),
        },
      },
    });
    if (!realm) throw new Error('realm not created');
    const identities = [
      ['one@acme.test', 'https://one.example'],
      ['two@acme.test', 'https://two.example'],
      ['twin@acme.test', 'https://twin.example'],
      ['gone@acme.test', 'https://gone.example'],
    ] as const;
    for (const [email, issuer] of identities) {
      const user = await createUserRepository(db).insert(realm.id, {
        email,
        passwordHash: 'x',
        role: 'member',
        properties: {},
      });
      await db.execute(
        sql`insert into user_identities (realm_id, user_id, issuer, subject) values (${realm.id}, ${user?.id}, ${issuer}, ${email})`,
      );
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const rows = await db
      .select({ subject: schema.userIdentities.subject, strategyKey: schema.userIdentities.strategyKey })
      .from(schema.userIdentities)
      .orderBy(schema.userIdentities.subject);
    expect(rows).toEqual([
      { subject: 'one@acme.test', strategyKey: '0b6c5a4e-1f2d-4e3c-9a8b-7c6d5e4f3a2b' },
      { subject: 'two@acme.test', strategyKey: 'By name' },
    ]);
    // Their users stay.
    expect(await db.select().from(schema.users)).toHaveLength(4);
    await client.close();
  });
});
