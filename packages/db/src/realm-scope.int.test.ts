import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './create-database.ts';
import { createFacilityRepository } from './facility-repository.ts';
import { APPLICATION_ROLE, runInRealmScope, runOutsideRealmScope, type RealmScope } from './realm-scope.ts';
import { syncReferenceData } from './reference-data-sync.ts';
import { emissionFactors, emissionFactorVersions, facilities, realms, users } from './schema.ts';
import { createTestDatabase, insertTestRealm } from './testing/test-database.ts';

/** PGlite's and pg's raw results both carry `rows`; the shared drizzle type leaves them unknown. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The SQLSTATE of a failed query, which drizzle wraps in an error of its own. */
async function sqlStateOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

describe('row-level security: the realm scope is the second wall', () => {
  let database: DatabaseHandle;
  let acmeId: string;
  let otherId: string;
  let otherFacilityId: string;

  const inAcme = <Result>(work: () => Result) => runInRealmScope({ realmIds: [acmeId] }, work);

  beforeAll(async () => {
    database = await createTestDatabase();
    await syncReferenceData(database.db);
    acmeId = await insertTestRealm(database.db, 'acme');
    otherId = await insertTestRealm(database.db, 'other');
    const facilityRepository = createFacilityRepository(database.db);
    await facilityRepository.insertMany(acmeId, [
      { slug: 'north', name: 'North plant', sector: 'Power', country: 'US' },
    ]);
    const [other] = await facilityRepository.insertMany(otherId, [
      { slug: 'south', name: 'South plant', sector: 'Power', country: 'US' },
    ]);
    otherFacilityId = other?.id ?? '';
  });

  afterAll(async () => {
    await database?.close();
  });

  it('runs scoped statements as the application role, and unscoped ones as the owner', async () => {
    const whoAmI = async () =>
      rowsOf(await database.db.execute(sql`select current_user as name`))[0]?.['name'];
    expect(await inAcme(whoAmI)).toBe(APPLICATION_ROLE);
    expect(await whoAmI()).not.toBe(APPLICATION_ROLE);
    expect(await inAcme(() => runOutsideRealmScope(whoAmI))).not.toBe(APPLICATION_ROLE);
  });

  it("reads only the scope's rows, even when a query forgets to filter by realm", async () => {
    const everyFacility = () => database.db.select({ slug: facilities.slug }).from(facilities);
    expect(await inAcme(everyFacility)).toEqual([{ slug: 'north' }]);
    expect(await inAcme(() => createFacilityRepository(database.db).findBySlug(otherId, 'south'))).toBe(
      undefined,
    );
    const everyRealm = () => database.db.select({ key: realms.key }).from(realms);
    expect(await inAcme(everyRealm)).toEqual([{ key: 'acme' }]);
    expect((await everyFacility()).map((row) => row.slug).sort()).toEqual(['north', 'south']);
  });

  it("refuses to write another realm's rows: inserts fail, updates and deletes reach nothing", async () => {
    const insertIntoOther = inAcme(() =>
      database.db
        .insert(facilities)
        .values({ realmId: otherId, slug: 'smuggled', name: 'Smuggled', sector: 'Power', country: 'US' }),
    );
    expect(await sqlStateOf(insertIntoOther)).toBe(INSUFFICIENT_PRIVILEGE);
    const renamed = await inAcme(() =>
      database.db
        .update(facilities)
        .set({ name: 'Renamed' })
        .where(eq(facilities.id, otherFacilityId))
        .returning(),
    );
    expect(renamed).toEqual([]);
    const moved = await inAcme(() =>
      database.db.update(facilities).set({ realmId: otherId }).where(eq(facilities.slug, 'north')),
    ).then(
      () => 'moved',
      () => 'refused',
    );
    expect(moved).toBe('refused');
    const deleted = await inAcme(() =>
      database.db.delete(facilities).where(eq(facilities.id, otherFacilityId)).returning(),
    );
    expect(deleted).toEqual([]);
    const [south] = await database.db.select().from(facilities).where(eq(facilities.id, otherFacilityId));
    expect(south?.name).toBe('South plant');
    expect(south?.realmId).toBe(otherId);
  });

  it('binds transactions too, and nested work started inside them', async () => {
    const slugs = await inAcme(() =>
      database.db.transaction(async (transaction) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return transaction.select({ slug: facilities.slug }).from(facilities);
      }),
    );
    expect(slugs).toEqual([{ slug: 'north' }]);
  });

  it('lets every realm read the shared factor library but no realm change it', async () => {
    const shared = await inAcme(() =>
      database.db
        .select({ id: emissionFactors.id })
        .from(emissionFactors)
        .where(isNull(emissionFactors.realmId)),
    );
    expect(shared.length).toBeGreaterThan(0);
    const versions = await inAcme(() =>
      database.db.select({ id: emissionFactorVersions.id }).from(emissionFactorVersions),
    );
    expect(versions.length).toBeGreaterThan(0);
    const changed = await inAcme(() =>
      database.db
        .update(emissionFactors)
        .set({ name: 'Tampered' })
        .where(isNull(emissionFactors.realmId))
        .returning(),
    );
    expect(changed).toEqual([]);
  });

  it('reaches nothing with an empty scope, and every realm with the operator scope', async () => {
    const count = (scope: RealmScope) =>
      runInRealmScope(scope, () => database.db.select({ id: realms.id }).from(realms)).then(
        (rows) => rows.length,
      );
    expect(await count({ realmIds: [] })).toBe(0);
    expect(await count({ isAllRealms: true })).toBe(2);
    expect(
      await runInRealmScope({ realmIds: [] }, () => database.db.select({ id: users.id }).from(users)),
    ).toEqual([]);
  });

  it('refuses a scope that is not a list of realm ids', () => {
    expect(() => runInRealmScope({ realmIds: ["x', 'on"] }, () => undefined)).toThrow(/realm ids/);
  });

  it('puts every table with a realm_id behind a policy, so a new realm table cannot be forgotten', async () => {
    const unguarded = rowsOf(
      await database.db.execute(sql`
        select c.relname as name
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'realm_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
          and (not c.relrowsecurity or not exists (select 1 from pg_policy p where p.polrelid = c.oid))`),
    );
    expect(unguarded).toEqual([]);
  });
});
