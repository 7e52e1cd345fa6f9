/**
 * The first `npm start` on an empty DATA_DIR: migrating the database and inserting the reference data (the peer,
 * the work every first start does) against seeding the demo realm (20 facilities, 2023–2025 monthly records,
 * their results, equipment and audit chain), each run on a fresh PGlite data directory as the server runs it.
 * Run: `npx tsx bench/demo-seed.bench.ts [--runs N]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, seedDemoRealm, syncReferenceData } from '../packages/db/src/index.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(flags.runs);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const setUp: number[] = [];
const seed: number[] = [];
console.info(`first start on PGlite, ${runs} runs on fresh data directories (load average ${loadavg()[0]})`);
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecc-seed-bench-'));
  const database = await createDatabase({ dataDir });
  try {
    setUp.push(
      await timed(async () => {
        await database.migrate();
        await syncReferenceData(database.db);
      }),
    );
    seed.push(await timed(() => seedDemoRealm(database.db)));
    console.info(
      `  run ${run + 1}: migrate + reference data ${setUp.at(-1)?.toFixed(0)} ms, seed ${seed.at(-1)?.toFixed(0)} ms`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const setUpMedian = median(setUp);
const seedMedian = median(seed);
console.info(
  `medians: migrate + reference data ${setUpMedian.toFixed(0)} ms, demo seed ${seedMedian.toFixed(0)} ms ` +
    `(${(seedMedian / setUpMedian).toFixed(2)}× the peer)`,
);
