/**
 * What the second wall costs (decision 018): the repository calls behind the facility pages, run inside a realm
 * scope (role ecc_app, row-level security, each statement outside a transaction in one of its own) against the
 * same calls as the owner role with no policies, alternating in the same run. On PGlite in a temporary data
 * directory, as the server runs it, with the demo realm seeded (20 facilities, 2023–2025 monthly records).
 * Run: `npx tsx bench/row-level-security.bench.ts`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import {
  createActivityRepository,
  createDatabase,
  createFacilityRepository,
  DEMO_REALM_KEY,
  facilities,
  realms,
  runInRealmScope,
  seedDemoRealm,
  readRealmGwpSetId,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { createTestDataDir } from '../packages/db/src/testing/test-database.ts';

const WARM_UP_RUNS = 20;
const MEASURED_RUNS = 200;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const dataDir = await createTestDataDir();
const database = await createDatabase({ dataDir });
try {
  const { db } = database;
  await syncReferenceData(db);
  await seedDemoRealm(db);
  const [realm] = await db.select().from(realms).where(eq(realms.key, DEMO_REALM_KEY));
  if (!realm) throw new Error('The demo realm was not seeded');
  const [facility] = await db.select().from(facilities).where(eq(facilities.realmId, realm.id)).limit(1);
  if (!facility) throw new Error('The demo realm has no facility');
  const gwpSetId = await readRealmGwpSetId(db, realm.id);
  const facilityRepository = createFacilityRepository(db);
  const activityRepository = createActivityRepository(db);

  const calls: Record<string, () => Promise<unknown>> = {
    'facility list (3 statements)': () =>
      facilityRepository.list(realm.id, gwpSetId, { sort: 'name', archived: 'false', limit: 500, offset: 0 }),
    'facility by slug (1 statement)': () => facilityRepository.findBySlug(realm.id, facility.slug),
    "a facility's records with emissions": () =>
      activityRepository.listForFacility(realm.id, facility.id, {
        sort: '-periodStart',
        limit: 20_000,
        offset: 0,
      }),
    'insert and delete a facility (a transaction)': () =>
      db.transaction(async (transaction) => {
        const [created] = await createFacilityRepository(transaction).insertMany(realm.id, [
          { slug: 'bench-plant', name: 'Bench plant', sector: 'Power', country: 'US' },
        ]);
        await transaction.delete(facilities).where(eq(facilities.id, created?.id ?? ''));
      }),
  };

  console.info(`row-level security on PGlite, demo realm, medians of ${MEASURED_RUNS} alternating runs`);
  for (const [name, call] of Object.entries(calls)) {
    const scoped = () => runInRealmScope({ realmIds: [realm.id] }, call);
    const owner: number[] = [];
    const withWall: number[] = [];
    for (let run = 0; run < WARM_UP_RUNS + MEASURED_RUNS; run++) {
      for (const [times, each] of [
        [owner, call],
        [withWall, scoped],
      ] as const) {
        const started = performance.now();
        await each();
        if (run >= WARM_UP_RUNS) times.push(performance.now() - started);
      }
    }
    const ownerMedian = median(owner);
    const scopedMedian = median(withWall);
    console.info(
      `  ${name}: owner ${ownerMedian.toFixed(3)} ms, scoped ${scopedMedian.toFixed(3)} ms ` +
        `(+${(scopedMedian - ownerMedian).toFixed(3)} ms, ${(scopedMedian / ownerMedian).toFixed(2)}×)`,
    );
  }
} finally {
  await database.close();
  rmSync(join(dataDir), { recursive: true, force: true });
}
