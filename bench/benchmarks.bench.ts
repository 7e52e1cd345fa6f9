/**
 * Benchmark of GET /api/benchmarks/facilities/:id (issue 12: "benchmarks for a facility among the 6,515 GHGRP
 * facilities answer in under 200 ms on PGlite"). On PGlite in a temporary data directory, as the server runs it:
 * EPA's 2020 GHGRP workbook loaded as public peers (reference data) and imported into the demo realm (6,515
 * facilities with reported emissions), the subject W A Parish (GHGRP 1006868, NAICS 221112: 1,243 peers of the
 * same 6-digit code). Times, alternating, inside the realm scope (row-level security, as a request runs):
 *  - the service of the route (`benchmarkRealmFacility`: every query, the domain's ranking and the answer with
 *    its whole peer list) on 6-digit NAICS peers, on 3-digit ones (1,5xx peers), and on the realm's 6,534
 *    facilities;
 *  - the peer: the same statistics of the 6-digit peers as one hand-written SQL statement (count, min,
 *    percentile_cont quartiles, max, and how many are lower than the facility), which returns no peer list.
 * Run: `npx tsx bench/benchmarks.bench.ts [--runs 20] [--file PATH]`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { benchmarkRealmFacility } from '../apps/server/src/modules/benchmarks/benchmarks.service.ts';
import { loadGhgrpReference } from '../apps/server/src/modules/benchmarks/reference-data.service.ts';
import { importGhgrpWorkbook } from '../apps/server/src/modules/imports/imports.service.ts';
import { findSharedDataFile } from '../apps/server/src/test-support/shared-data-dir.ts';
import {
  createDatabase,
  DEMO_REALM_KEY,
  facilities,
  realms,
  runInRealmScope,
  seedDemoRealm,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { createTestDataDir } from '../packages/db/src/testing/test-database.ts';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, file: { type: 'string' } },
});
const RUNS = Number(flags.runs);
const WARM_UP_RUNS = 3;
const SUBJECT_GHGRP_ID = '1006868';
const workbook = flags.file ?? findSharedDataFile('epa-ghgrp-2020', 'ghgp_data_2020.xlsx');
if (workbook === undefined) {
  console.error('The 2020 GHGRP workbook was not found: give --file PATH or set ECC_SHARED_DATA_DIR.');
  process.exit(1);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dataDir = await createTestDataDir();
const database = await createDatabase({ dataDir });
try {
  const { db } = database;
  await syncReferenceData(db);
  await seedDemoRealm(db);
  const [realm] = await db.select().from(realms).where(eq(realms.key, DEMO_REALM_KEY));
  if (!realm) throw new Error('The demo realm was not seeded');
  const content = readFileSync(workbook);
  const loaded = await loadGhgrpReference(db, { fileName: 'ghgp_data_2020.xlsx', content });
  await importGhgrpWorkbook(
    db,
    { id: realm.id, properties: realm.properties as Record<string, unknown> },
    { id: null, email: null },
    { fileName: 'ghgp_data_2020.xlsx', content },
  );
  const [subject] = await db.select().from(facilities).where(eq(facilities.ghgrpId, SUBJECT_GHGRP_ID));
  if (!subject) throw new Error(`GHGRP facility ${SUBJECT_GHGRP_ID} was not imported`);
  console.info(
    `${loaded.rowCount} public peers of ${loaded.year}; subject ${subject.name} (NAICS ${subject.naics})`,
  );

  /** The peer: the 6-digit peers' statistics in one statement, the subject left out by its GHGRP id. */
  const handWritten = () =>
    db.execute(sql`
      with subject as (
        select (co2e_kg_by_gwp_set ->> 'AR5')::float8 as co2e from reference_ghgrp_facility_years
        where source = 'EPA GHGRP' and year = 2020 and ghgrp_id = ${SUBJECT_GHGRP_ID}
      ), peers as (
        select (co2e_kg_by_gwp_set ->> 'AR5')::float8 as co2e from reference_ghgrp_facility_years
        where source = 'EPA GHGRP' and year = 2020 and naics = ${subject.naics} and ghgrp_id <> ${SUBJECT_GHGRP_ID}
      )
      select count(*)::int as count, min(co2e), max(co2e),
        percentile_cont(array[0.25, 0.5, 0.75]) within group (order by co2e) as quartiles,
        100.0 * count(*) filter (where co2e < (select co2e from subject)) / count(*) as percentile
      from peers`);

  /**
   * The peer of the same answer as plain SQL, decoded row by row: every peer of the year on the basis with its
   * name, state, NAICS and CO2e, lowest first, with their count and the subject's rank (the subject left out;
   * PostgreSQL has no windowed percentile_cont, and the min and max are the first and last rows).
   */
  const plainAnswer = (basis: 'naics6' | 'realm') => () =>
    db.execute(
      basis === 'realm'
        ? sql`
      with subject as (
        select sum(co2e_kg)::float8 as co2e from facility_emission_years
        where realm_id = ${realm.id} and facility_id = ${subject.id} and gwp_set_id = 'AR5' and year = 2020
      ), peers as (
        select f.id, f.slug, f.name, f.state, f.naics, f.ghgrp_id, sum(y.co2e_kg)::float8 as co2e
        from facility_emission_years y join facilities f on f.realm_id = y.realm_id and f.id = y.facility_id
        where y.realm_id = ${realm.id} and y.gwp_set_id = 'AR5' and y.year = 2020 and f.archived_on is null
          and f.id <> ${subject.id}
        group by f.id
      )
      select peers.*, count(*) over () as count,
        100.0 * count(*) filter (where co2e < (select co2e from subject)) over () / count(*) over () as percentile
      from peers order by co2e`
        : sql`
      with subject as (
        select (co2e_kg_by_gwp_set ->> 'AR5')::float8 as co2e from reference_ghgrp_facility_years
        where source = 'EPA GHGRP' and year = 2020 and ghgrp_id = ${SUBJECT_GHGRP_ID}
      ), peers as (
        select ghgrp_id, name, state, naics, (co2e_kg_by_gwp_set ->> 'AR5')::float8 as co2e,
          reported_co2e_kg::float8 as reported_co2e, reported_gwp_set_id
        from reference_ghgrp_facility_years
        where source = 'EPA GHGRP' and year = 2020 and naics = ${subject.naics} and ghgrp_id <> ${SUBJECT_GHGRP_ID}
      )
      select peers.*, count(*) over () as count,
        100.0 * count(*) filter (where co2e < (select co2e from subject)) over () / count(*) over () as percentile
      from peers order by co2e`,
    );

  const PEER = 'peer: one hand-written SQL statement (6-digit peers, statistics only)';
  const service = (peers: 'naics6' | 'naics3' | 'realm') => () =>
    benchmarkRealmFacility(db, realm.id, subject.id, { peers, year: 2020 });
  const calls: Record<string, () => Promise<unknown>> = {
    'benchmark service, 6-digit NAICS peers': service('naics6'),
    'plain SQL of the same answer, 6-digit NAICS peers (peer rows + rank)': plainAnswer('naics6'),
    [PEER]: handWritten,
    'benchmark service, 3-digit NAICS peers': service('naics3'),
    'benchmark service, the realm’s facilities': service('realm'),
    'plain SQL of the same answer, the realm’s facilities (peer rows + rank)': plainAnswer('realm'),
  };
  const sizes = new Map<string, number>();
  const times = new Map<string, number[]>(Object.keys(calls).map((name) => [name, []]));
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
    for (const [name, call] of Object.entries(calls)) {
      const startedAt = performance.now();
      const answer = await runInRealmScope({ realmIds: [realm.id] }, call);
      if (run >= WARM_UP_RUNS) times.get(name)?.push(performance.now() - startedAt);
      if (run === 0 && typeof answer === 'object' && answer !== null && 'peerList' in answer) {
        sizes.set(name, (answer as { peerList: unknown[] }).peerList.length);
      }
    }
  }
  const peer = median(times.get(PEER) ?? []);
  console.info(`medians of ${RUNS} alternating runs in the realm scope:`);
  for (const [name, values] of times) {
    const value = median(values);
    const size = sizes.has(name) ? ` [${sizes.get(name)} peers]` : '';
    console.info(`  ${name}${size}: ${value.toFixed(1)} ms (${(value / peer).toFixed(1)}× the peer)`);
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
