import {
  GRAPH_NODE_TYPES,
  GRAPH_SUMMARY_TYPE,
  graphPathResponseSchema,
  graphResponseSchema,
  graphSearchResponseSchema,
  graphSummaryDataSchema,
  type GraphExpand,
  type GraphResponse,
} from '@ecc/contracts';
import { DEMO_USER, seedDemoRealm, seedPaidDemoRealm, type Database } from '@ecc/db';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';

/*
 * The knowledge graph against the tables it is read from, with two realms holding the same demo data (same
 * names, other ids): the demo realm and the paid demo realm.
 */

const HOSTS = { demo: 'localhost', paid: 'paid.localhost' } as const;
type Realm = keyof typeof HOSTS;

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every edge names nodes of the answer and no node appears twice. */
function expectWellFormed(graph: GraphResponse): void {
  const ids = graph.nodes.map((node) => node.id);
  expect(new Set(ids).size).toBe(ids.length);
  const known = new Set(ids);
  for (const edge of graph.edges) {
    expect(known.has(edge.source), `${edge.source} of ${edge.type}`).toBe(true);
    expect(known.has(edge.target), `${edge.target} of ${edge.type}`).toBe(true);
  }
}

function queryOf(expand: GraphExpand): string {
  return new URLSearchParams({
    focus: expand.focus,
    types: expand.types.join(','),
    depth: String(expand.depth),
    limit: String(expand.limit),
    offset: String(expand.offset),
  }).toString();
}

describe('GET /api/graph and /api/graph/search', () => {
  let testApp: TestApp;
  let db: Database;
  const tokens: Record<Realm, string> = { demo: '', paid: '' };
  const realmIds: Record<Realm, string> = { demo: '', paid: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    await seedDemoRealm(db);
    await seedPaidDemoRealm(db);
    for (const realm of Object.keys(HOSTS) as Realm[]) {
      tokens[realm] = await signIn(testApp.app, DEMO_USER, HOSTS[realm]);
      const [row] = await rowsOf(
        db,
        sql`select id from realms where ${HOSTS[realm]} = any(domains)
        or (${realm} = 'demo' and key = 'demo')`,
      );
      realmIds[realm] = String(row?.id);
    }
  }, 120_000);
  afterAll(() => testApp.close());

  const get = (url: string, realm: Realm = 'demo') =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: { host: HOSTS[realm], ...withSession(tokens[realm]) },
    });

  async function graph(query: string, realm: Realm = 'demo'): Promise<GraphResponse> {
    const response = await get(`/api/graph?${query}`, realm);
    expect(response.statusCode, response.body).toBe(200);
    const answer = graphResponseSchema.parse(response.json());
    expectWellFormed(answer);
    return answer;
  }

  /** The demo realm's facility with the most activity records, and its records' ids. */
  async function busiestFacility(realm: Realm = 'demo') {
    const [row] = await rowsOf(
      db,
      sql`select facility_id, count(*)::int as count from activity_records where realm_id = ${realmIds[realm]}
        group by facility_id order by count desc limit 1`,
    );
    const facilityId = String(row?.facility_id);
    const records = await rowsOf(
      db,
      sql`select id from activity_records where realm_id = ${realmIds[realm]} and facility_id = ${facilityId}`,
    );
    return { facilityId, recordIds: new Set(records.map((record) => String(record.id))) };
  }

  it('draws the user’s realm by default: its top business units, targets, reports citing it and its GWP set', async () => {
    const answer = await graph('depth=1');
    const realmNodeId = `realm:${realmIds.demo}`;
    expect(answer.nodes[0]?.id).toBe(realmNodeId);
    const topUnits = await rowsOf(
      db,
      sql`select id from business_units where realm_id = ${realmIds.demo} and parent_id is null`,
    );
    const unitEdges = answer.edges.filter(
      (edge) => edge.type === 'ROLLS_UP_TO' && edge.target === realmNodeId,
    );
    expect(
      unitEdges
        .map((edge) => edge.source)
        .filter((id) => id.startsWith('business-unit:'))
        .sort(),
    ).toEqual(topUnits.map((unit) => `business-unit:${String(unit.id)}`).sort());
    const targets = await rowsOf(db, sql`select id from pathway_targets where realm_id = ${realmIds.demo}`);
    expect(
      answer.edges
        .filter((edge) => edge.type === 'COVERS')
        .map((edge) => edge.source)
        .sort(),
    ).toEqual(targets.map((target) => `target:${String(target.id)}`).sort());
    expect(answer.edges).toContainEqual({ source: realmNodeId, target: 'gwp-set:AR5', type: 'WEIGHTED_BY' });
    const citing = answer.edges.filter((edge) => edge.type === 'CITED_IN');
    expect(citing.length).toBeGreaterThan(0);
    for (const edge of citing) expect(edge.source).toBe(realmNodeId);
  });

  it('summarises a facility’s records above the limit, and paging its summary reaches every record', async () => {
    const { facilityId, recordIds } = await busiestFacility();
    expect(recordIds.size).toBeGreaterThan(40);
    const answer = await graph(`focus=facility:${facilityId}&depth=1&limit=40`);
    expect(answer.truncated).toBe(true);
    expect(answer.nodes.some((node) => node.type === 'activity-record')).toBe(false);
    const summary = answer.nodes.find((node) => node.type === GRAPH_SUMMARY_TYPE);
    const data = graphSummaryDataSchema.parse(summary?.data);
    expect(data.memberType).toBe('activity-record');
    expect(data.count).toBe(recordIds.size);
    expect(summary?.label).toBe(`${recordIds.size.toLocaleString('en-US')} activity records`);
    expect(answer.edges).toContainEqual({
      source: summary?.id,
      target: `facility:${facilityId}`,
      type: 'RECORDED_AT',
    });

    const reached = new Set<string>();
    let expand: GraphExpand | undefined = data.expand;
    while (expand) {
      const page = await graph(queryOf(expand));
      for (const node of page.nodes.filter((each) => each.type === 'activity-record')) {
        reached.add(node.id.slice('activity-record:'.length));
        expect(page.edges).toContainEqual({ source: node.id, target: expand.focus, type: 'RECORDED_AT' });
      }
      const rest = page.nodes.find((node) => node.type === GRAPH_SUMMARY_TYPE);
      expand = rest ? graphSummaryDataSchema.parse(rest.data).expand : undefined;
    }
    expect(reached).toEqual(recordIds);
  });

  it('walks a record to its facility, equipment, factor and source, and its results to the realm’s GWP set', async () => {
    const [record] = await rowsOf(
      db,
      sql`select r.id, r.facility_id, r.equipment_id, r.factor_key from activity_records r
        where r.realm_id = ${realmIds.demo} and r.equipment_id is not null
          and exists (select 1 from emission_results e where e.activity_record_id = r.id) limit 1`,
    );
    const recordNodeId = `activity-record:${String(record?.id)}`;
    const answer = await graph(`focus=${recordNodeId}&depth=2`);
    expect(answer.edges).toContainEqual({
      source: recordNodeId,
      target: `facility:${String(record?.facility_id)}`,
      type: 'RECORDED_AT',
    });
    expect(answer.edges).toContainEqual({
      source: recordNodeId,
      target: `equipment:${String(record?.equipment_id)}`,
      type: 'RECORDED_AT',
    });
    const factor = answer.nodes.find((node) => node.type === 'emission-factor');
    expect(factor?.data.key).toBe(record?.factor_key);
    expect(answer.edges).toContainEqual({ source: recordNodeId, target: factor?.id, type: 'USES_FACTOR' });
    expect(answer.edges.some((edge) => edge.source === factor?.id && edge.type === 'FROM_SOURCE')).toBe(true);
    const results = await rowsOf(
      db,
      sql`select scope2_method, co2e_kg from emission_results where activity_record_id = ${String(record?.id)}`,
    );
    const resultNodes = answer.nodes.filter((node) => node.type === 'emission-result');
    expect(resultNodes.map((node) => node.data.co2eKg).sort()).toEqual(
      results.map((row) => row.co2e_kg).sort(),
    );
    for (const node of resultNodes) {
      expect(answer.edges).toContainEqual({ source: recordNodeId, target: node.id, type: 'PRODUCED' });
      expect(answer.edges).toContainEqual({ source: node.id, target: 'gwp-set:AR5', type: 'WEIGHTED_BY' });
    }
    // A result is a focus of its own, by the id the answer gave it.
    const result = await graph(`focus=${encodeURIComponent(resultNodes[0]!.id)}&depth=1`);
    expect(result.nodes.map((node) => node.id)).toContain(recordNodeId);
  });

  it('shows a facility’s equipment with their types, as the tables have them, and keeps to the types asked for', async () => {
    const { facilityId } = await busiestFacility();
    const equipment = await rowsOf(
      db,
      sql`select id, equipment_type_id from equipment where realm_id = ${realmIds.demo} and facility_id = ${facilityId}`,
    );
    const answer = await graph(`focus=facility:${facilityId}&depth=2&types=equipment,equipment-type`);
    expect(new Set(answer.nodes.map((node) => node.type))).toEqual(
      new Set(['facility', ...(equipment.length > 0 ? ['equipment', 'equipment-type'] : [])]),
    );
    for (const row of equipment) {
      expect(answer.edges).toContainEqual({
        source: `facility:${facilityId}`,
        target: `equipment:${String(row.id)}`,
        type: 'HAS_EQUIPMENT',
      });
      expect(answer.edges).toContainEqual({
        source: `equipment:${String(row.id)}`,
        target: `equipment-type:${String(row.equipment_type_id)}`,
        type: 'OF_TYPE',
      });
    }
    expect(answer.nodes.filter((node) => node.type === 'equipment')).toHaveLength(equipment.length);
  });

  it('never shows a node of another realm, whatever the focus or depth', async () => {
    const paidIds = new Set<string>([realmIds.paid]);
    for (const table of ['facilities', 'equipment', 'activity_records', 'business_units', 'reports']) {
      const rows = await rowsOf(
        db,
        sql`select id from ${sql.identifier(table)} where realm_id = ${realmIds.paid}`,
      );
      for (const row of rows) paidIds.add(String(row.id));
    }
    const { facilityId } = await busiestFacility();
    for (const query of ['depth=4&limit=500', `focus=facility:${facilityId}&depth=4&limit=500`]) {
      const answer = await graph(query);
      for (const node of answer.nodes) {
        const ownId = node.id.slice(node.id.indexOf(':') + 1).split('/')[0]!;
        expect(paidIds.has(ownId), node.id).toBe(false);
      }
    }
    const paidFacility = await busiestFacility('paid');
    const refused = await get(`/api/graph?focus=facility:${paidFacility.facilityId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Demo Energy Co. (paid plan)');
    expect((await get(`/api/graph?focus=facility:${paidFacility.facilityId}`, 'paid')).statusCode).toBe(200);
  });

  it('answers around a node of every type, each of its relations read from the tables', async () => {
    const [record] = await rowsOf(
      db,
      sql`select r.id from activity_records r where r.realm_id = ${realmIds.demo} and r.equipment_id is not null
        and exists (select 1 from emission_results e where e.activity_record_id = r.id) limit 1`,
    );
    const around = [
      ...(await graph('depth=1')).nodes,
      ...(await graph(`focus=activity-record:${String(record?.id)}&depth=3&limit=5`)).nodes,
    ];
    const byType = new Map(around.map((node) => [node.type, node.id]));
    byType.delete(GRAPH_SUMMARY_TYPE);
    expect([...byType.keys()].sort()).toEqual([...GRAPH_NODE_TYPES].sort());
    for (const nodeId of byType.values()) {
      const answer = await graph(`focus=${encodeURIComponent(nodeId)}&depth=1&limit=5`);
      expect(answer.nodes[0]?.id).toBe(nodeId);
      expect(answer.edges.length, nodeId).toBeGreaterThan(0);
    }
  });

  it('refuses bad input: a made-up or malformed focus, a depth out of 1 to 4, an unknown type', async () => {
    for (const focus of [
      'facility:2f1c0d4e-0000-4000-8000-000000000000',
      'facility:not-an-id',
      'gwp-set:AR9',
    ]) {
      const response = await get(`/api/graph?focus=${focus}`);
      expect(response.statusCode, focus).toBe(404);
      expect(response.json().message).toContain(focus);
    }
    const cases: [string, string][] = [
      ['depth=0', 'querystring/depth'],
      ['depth=9', 'querystring/depth'],
      ['types=facility,planet', 'querystring/types'],
      ['focus=planet:1', 'querystring/focus'],
      ['limit=0', 'querystring/limit'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/graph?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), query).toEqual([field]);
    }
    expect((await get('/api/graph?types=planet')).json().fieldErrors['querystring/types']).toContain(
      'planet',
    );
    const signedOut = await testApp.app.inject({
      method: 'GET',
      url: '/api/graph',
      headers: { host: 'localhost' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('finds facilities, factors and business units by name in any case, best match first, only the realm’s', async () => {
    const [facility] = await rowsOf(
      db,
      sql`select id, name from facilities where realm_id = ${realmIds.demo} order by name limit 1`,
    );
    const name = String(facility?.name);
    const response = await get(`/api/graph/search?q=${encodeURIComponent(name.toUpperCase())}`);
    expect(response.statusCode, response.body).toBe(200);
    const { results } = graphSearchResponseSchema.parse(response.json());
    expect(results[0]).toMatchObject({
      id: `facility:${String(facility?.id)}`,
      type: 'facility',
      label: name,
    });
    // The paid realm has a facility of the same name: never found from the demo realm.
    const [twin] = await rowsOf(
      db,
      sql`select id from facilities where realm_id = ${realmIds.paid} and name = ${name}`,
    );
    expect(twin).toBeDefined();
    expect(results.map((result) => result.id)).not.toContain(`facility:${String(twin?.id)}`);

    const factors = graphSearchResponseSchema.parse(
      (await get('/api/graph/search?q=natural%20gas&limit=5')).json(),
    );
    expect(factors.results.length).toBeGreaterThan(0);
    expect(factors.results.length).toBeLessThanOrEqual(5);
    for (const result of factors.results) expect(result.label.toLowerCase()).toContain('natural gas');

    const empty = await get('/api/graph/search?q=%20%20');
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors ?? {})).toEqual(['querystring/q']);
  });

  it('walks from a factor found by search to the facilities whose records use it', async () => {
    const [used] = await rowsOf(
      db,
      sql`select f.id, f.name, count(distinct r.facility_id)::int as facilities from emission_factors f
        join activity_records r on r.factor_key = f.key and r.realm_id = ${realmIds.demo}
        group by f.id, f.name order by facilities desc limit 1`,
    );
    const factorNodeId = `emission-factor:${String(used?.id)}`;
    const answer = await graph(`focus=${factorNodeId}&depth=2&types=activity-record,facility&limit=500`);
    const facilities = await rowsOf(
      db,
      sql`select distinct r.facility_id from activity_records r join emission_factors f on f.key = r.factor_key
        where r.realm_id = ${realmIds.demo} and f.id = ${String(used?.id)}`,
    );
    const summary = answer.nodes.find((node) => node.type === GRAPH_SUMMARY_TYPE);
    if (summary) {
      // More records than the limit: the summary counts them all.
      const [count] = await rowsOf(
        db,
        sql`select count(*)::int as count from activity_records r join emission_factors f on f.key = r.factor_key
          where r.realm_id = ${realmIds.demo} and f.id = ${String(used?.id)}`,
      );
      expect(graphSummaryDataSchema.parse(summary.data).count).toBe(count?.count);
    } else {
      expect(
        answer.nodes
          .filter((node) => node.type === 'facility')
          .map((node) => node.id)
          .sort(),
      ).toEqual(facilities.map((row) => `facility:${String(row.facility_id)}`).sort());
    }
  });

  it('finds the shortest path between two nodes: a record’s source to its facility, each edge its own way', async () => {
    const [record] = await rowsOf(
      db,
      sql`select r.id, r.facility_id, s.id as source_id from activity_records r
        join emission_factors f on f.key = r.factor_key
        join emission_factor_versions v on v.id = f.version_id join emission_factor_sources s on s.id = v.source_id
        where r.realm_id = ${realmIds.demo} limit 1`,
    );
    const from = `factor-source:${String(record?.source_id)}`;
    const to = `facility:${String(record?.facility_id)}`;
    const response = await get(`/api/graph/path?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const path = graphPathResponseSchema.parse(response.json());
    expect(path).toMatchObject({ found: true, isExhaustive: true });
    // source ← factor ← record → facility: three edges, no shorter chain exists between the two types.
    expect(path.nodes.map((node) => node.type)).toEqual([
      'factor-source',
      'emission-factor',
      'activity-record',
      'facility',
    ]);
    expect(path.nodes[0]?.id).toBe(from);
    expect(path.nodes.at(-1)?.id).toBe(to);
    expect(path.edges.map((edge) => edge.type)).toEqual(['FROM_SOURCE', 'USES_FACTOR', 'RECORDED_AT']);
    path.edges.forEach((edge, index) => {
      const ends = [path.nodes[index]!.id, path.nodes[index + 1]!.id].sort();
      expect([edge.source, edge.target].sort()).toEqual(ends);
    });

    const itself = graphPathResponseSchema.parse((await get(`/api/graph/path?from=${to}&to=${to}`)).json());
    expect(itself).toMatchObject({ found: true, edges: [] });
    const tooShort = graphPathResponseSchema.parse(
      (await get(`/api/graph/path?from=${from}&to=${to}&maxDepth=2`)).json(),
    );
    expect(tooShort).toMatchObject({ found: false, nodes: [], edges: [], isExhaustive: true });
  });

  it('refuses a path to another realm’s node as unknown, and bad ends or depths with the field named', async () => {
    const own = await busiestFacility();
    const paid = await busiestFacility('paid');
    const refused = await get(
      `/api/graph/path?from=facility:${own.facilityId}&to=facility:${paid.facilityId}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('paid plan');
    const cases: [string, string][] = [
      [`from=planet:1&to=facility:${own.facilityId}`, 'querystring/from'],
      [`from=facility:${own.facilityId}`, 'querystring/to'],
      [`from=facility:${own.facilityId}&to=realm:${realmIds.demo}&maxDepth=9`, 'querystring/maxDepth'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/graph/path?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {}), query).toEqual([field]);
    }
  });
});
