/**
 * Benchmark of the facility list at scale (issue 10, item 2: the sorted list answers in under 100 ms on PGlite
 * with 10,000 facilities). One realm holds EPA's 2020 GHGRP workbook (6,515 facilities with reported emissions,
 * imported as `npm run ecc -- import ghgrp` does) plus synthetic facilities up to 10,000, of which 1,000 have
 * calculated results (12 records each over three years). Times, alternating, in the same run:
 *  - ours: `GET /api/facilities?…` through the real app (`createTestApp`: routing, session, access check, zod
 *    validation and serialisation, the repository's two statements) for each order and filter below;
 *  - the peer: the same page's ordering query written as one plain SQL statement through PGlite directly (no
 *    app, no second statement for the page's rows, no JSON).
 * Run: `npx tsx bench/facility-list.bench.ts [--runs 30]`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { importGhgrpWorkbook } from '../apps/server/src/modules/imports/imports.service.ts';
import { findSharedDataFile } from '../apps/server/src/test-support/shared-data-dir.ts';
import { createTestApp, signIn, withSession } from '../apps/server/src/test-support/test-app.ts';
import { createTestRealm, createTestUser } from '../apps/server/src/test-support/test-realms.ts';
import {
  createActivityRepository,
  createDatabase,
  createEmissionResultRepository,
  createFacilityRepository,
  syncReferenceData,
  type NewActivityRecord,
  type NewEmissionResult,
} from '../packages/db/src/index.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(flags.runs);
const WARM_UP = 5;
const FACILITIES = 10_000;
const CALCULATED_FACILITIES = 1_000;

const workbook = findSharedDataFile('epa-ghgrp-2020', 'ghgp_data_2020.xlsx');
if (workbook === undefined) {
  console.error('The 2020 GHGRP workbook was not found: set ECC_SHARED_DATA_DIR.');
  process.exit(1);
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

// PGlite in a temporary data directory, as the server runs it; the peer queries the same instance directly.
const dataDir = mkdtempSync(join(tmpdir(), 'ecc-facility-list-bench-'));
const pglite = await PGlite.create({ dataDir });
const database = await createDatabase({ pglite });
await database.migrate();
await syncReferenceData(database.db);
const testApp = await createTestApp({ database });
const { db } = testApp.database;
const realm = await createTestRealm(db, { key: 'bench', domains: ['bench.test'] });
const user = { email: 'analyst@bench.test', password: 'bench-password-1' };
await createTestUser(db, realm, user);
const token = await signIn(testApp.app, user, 'bench.test');

let startedAt = performance.now();
await importGhgrpWorkbook(
  db,
  { id: realm.id, properties: realm.properties as Record<string, unknown> },
  { id: null, email: null },
  { fileName: 'ghgp_data_2020.xlsx', content: readFileSync(workbook) },
);
const facilities = createFacilityRepository(db);
const { total: imported } = await facilities.list(realm.id, 'AR5', {
  archived: 'false',
  sort: 'name',
  limit: 1,
  offset: 0,
});
const synthetic = await facilities.insertMany(
  realm.id,
  Array.from({ length: FACILITIES - imported }, (_, index) => ({
    slug: `synthetic-${index}`,
    name: `Synthetic site ${String(index).padStart(5, '0')}`,
    sector: ['Offices', 'Warehouses', 'Data centres', 'Retail'][index % 4] ?? 'Offices',
    state: ['TX', 'CA', 'NY', 'IL', null][index % 5] ?? null,
    naics: index % 3 === 0 ? null : String(531_120 + (index % 7)),
    country: 'US',
    latitude: 30 + (index % 15),
    longitude: -120 + (index % 40),
    reported: {},
  })),
);
const records: NewActivityRecord[] = [];
for (const facility of synthetic.slice(0, CALCULATED_FACILITIES)) {
  for (const year of [2023, 2024, 2025]) {
    for (const month of ['01', '04', '07', '10']) {
      records.push({
        facilityId: facility.id,
        activityType: 'Natural gas',
        periodStart: `${year}-${month}-01`,
        periodEnd: `${year}-${month}-28`,
        quantity: 1000,
        unit: 'scf',
        factorKey: 'epa-c1-natural-gas',
        scope: 1,
      });
    }
  }
}
const stored = await createActivityRepository(db).insertMany(realm.id, records);
await createEmissionResultRepository(db).insertMany(
  realm.id,
  stored.map((record, index): NewEmissionResult => ({
    activityRecordId: record.id,
    facilityId: record.facilityId,
    periodStart: record.periodStart,
    scope: 1,
    gases: { CO2: 1000 + index },
    co2eKg: 1000 + ((index * 7919) % 10_000_000),
    gwpSetId: 'AR5',
    factorKey: record.factorKey,
    factorVersion: '2024',
    calculationMethodId: 'heat-content',
  })),
);
console.info(
  `Seeded ${FACILITIES} facilities (${imported} from GHGRP, ${CALCULATED_FACILITIES} with ${stored.length} records) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
);

const co2eLateral = `left join lateral (select y.co2e_kg::float8 as co2e_kg from facility_emission_years y
  where y.realm_id = f.realm_id and y.facility_id = f.id and y.gwp_set_id = 'AR5'
  order by y.source, y.year desc limit 1) c on true`;
const peerSql = (order: string, where = '') =>
  `select f.id, count(*) over () from facilities f ${order.startsWith('c.') ? co2eLateral : ''}
   where f.realm_id = $1 and f.archived_on is null ${where} order by ${order} limit 50`;

const cases: { name: string; url: string; peer: string }[] = [
  {
    name: 'sort=-co2e',
    url: '/api/facilities?sort=-co2e&limit=50',
    peer: peerSql('c.co2e_kg desc nulls last, f.name, f.id'),
  },
  {
    name: 'sort=co2e',
    url: '/api/facilities?sort=co2e&limit=50',
    peer: peerSql('c.co2e_kg asc nulls last, f.name, f.id'),
  },
  { name: 'sort=name', url: '/api/facilities?sort=name&limit=50', peer: peerSql('f.name, f.id') },
  {
    name: 'sort=-state',
    url: '/api/facilities?sort=-state&limit=50',
    peer: peerSql('f.state desc nulls last, f.name, f.id'),
  },
  {
    name: 'sort=-co2e, page 40',
    url: '/api/facilities?sort=-co2e&limit=50&offset=1950',
    peer: peerSql('c.co2e_kg desc nulls last, f.name, f.id').replace('limit 50', 'limit 50 offset 1950'),
  },
  {
    name: 'q=power, sort=-co2e',
    url: '/api/facilities?q=power&sort=-co2e&limit=50',
    peer: peerSql(
      'c.co2e_kg desc nulls last, f.name, f.id',
      `and (f.name ilike '%power%' or f.city ilike '%power%' or f.state ilike '%power%' or f.naics ilike '%power%')`,
    ),
  },
  {
    name: 'state=TX, sort=-co2e',
    url: '/api/facilities?state=TX&sort=-co2e&limit=50',
    peer: peerSql('c.co2e_kg desc nulls last, f.name, f.id', `and f.state = 'TX'`),
  },
];

const headers = { host: 'bench.test', ...withSession(token) };
const ours = async (url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
};
const peer = (text: string) => pglite.query(text, [realm.id]);

console.info(
  `${RUNS} runs each after ${WARM_UP} warm-up runs, alternating; load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.info(
  '| Request | Ours, median | Ours, p95 | Peer SQL, median | Peer SQL, p95 | Ours ÷ peer (median) |',
);
console.info('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const entry of cases) {
  const ourTimes: number[] = [];
  const peerTimes: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    startedAt = performance.now();
    await ours(entry.url);
    const ourTime = performance.now() - startedAt;
    startedAt = performance.now();
    await peer(entry.peer);
    const peerTime = performance.now() - startedAt;
    if (run >= WARM_UP) {
      ourTimes.push(ourTime);
      peerTimes.push(peerTime);
    }
  }
  const ourMedian = percentile(ourTimes, 0.5);
  const peerMedian = percentile(peerTimes, 0.5);
  console.info(
    `| \`${entry.name}\` | ${ourMedian.toFixed(1)} ms | ${percentile(ourTimes, 0.95).toFixed(1)} ms | ${peerMedian.toFixed(1)} ms | ${percentile(peerTimes, 0.95).toFixed(1)} ms | ${(ourMedian / peerMedian).toFixed(2)}× |`,
  );
}
const check = await testApp.app.inject({ method: 'GET', url: '/api/facilities?sort=-co2e&limit=1', headers });
console.info(
  `Largest: ${check.json().results[0].name} (${Math.round(check.json().results[0].co2e / 1000)} t CO2e, ${check.json().results[0].co2eSource})`,
);
await testApp.close();
rmSync(dataDir, { recursive: true, force: true });
