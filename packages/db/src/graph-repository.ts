import type { GraphNodeRef, GraphNodeType } from '@ecc/contracts';
import { relationKeyOf, type GraphNodeRecord, type GraphRelation } from '@ecc/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';

/*
 * The knowledge graph read from the realm's own tables (decision 036): one query per node type and relation,
 * never a copy. Every query names the realm (`m` is the member's table; shared reference rows, the factor library
 * and GWP sets, have none) and runs under the caller's row-level security. Results are read through the
 * `emission_results` view, so only the realm's own GWP set shows.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESULT_ID_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(location|market))?$/i;
const GWP_SET_ID_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

interface MemberSpec {
  from: SQL;
  id: SQL;
  label: SQL;
  data: SQL;
  order: SQL;
  inRealm: (realmId: string) => SQL;
  /** The condition naming one node by its own id (already checked by `isWellFormedId`). */
  isNode: (id: string) => SQL;
}

const ownRealm = (realmId: string) => sql`m.realm_id = ${realmId}`;
const ownOrShared = (realmId: string) => sql`(m.realm_id is null or m.realm_id = ${realmId})`;
const byUuid = (id: string) => sql`m.id = ${id}::uuid`;

/** The emission result id `<record id>` or `<record id>/<scope 2 method>`. */
function resultKeyOf(id: string): { recordId: string; method: string } {
  const match = RESULT_ID_PATTERN.exec(id);
  return { recordId: match?.[1] ?? '', method: match?.[2]?.toLowerCase() ?? '' };
}

const MEMBERS: Record<GraphNodeType, MemberSpec> = {
  realm: {
    from: sql`realms m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('key', m.key)`,
    order: sql`m.name, m.id`,
    inRealm: (realmId) => sql`m.id = ${realmId}`,
    isNode: byUuid,
  },
  'business-unit': {
    from: sql`business_units m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('code', m.code, 'parentId', m.parent_id)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  facility: {
    from: sql`facilities m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('slug', m.slug, 'sector', m.sector, 'state', m.state, 'country', m.country,
      'businessUnitId', m.business_unit_id, 'isArchived', m.archived_on is not null)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  equipment: {
    from: sql`equipment m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('facilityId', m.facility_id, 'equipmentTypeId', m.equipment_type_id,
      'typeVersion', m.type_version)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  'equipment-type': {
    from: sql`equipment_types m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('key', m.key, 'currentVersion', m.current_version)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  'activity-record': {
    from: sql`activity_records m`,
    id: sql`m.id::text`,
    label: sql`m.activity_type || ' ' || m.period_start::text`,
    data: sql`jsonb_build_object('activityType', m.activity_type, 'periodStart', m.period_start,
      'periodEnd', m.period_end, 'quantity', m.quantity, 'unit', m.unit, 'scope', m.scope,
      'scope3Category', m.scope3_category, 'factorKey', m.factor_key, 'facilityId', m.facility_id,
      'equipmentId', m.equipment_id, 'isEstimated', m.is_estimated)`,
    order: sql`m.period_start, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  'emission-factor': {
    from: sql`emission_factors m join emission_factor_versions v on v.id = m.version_id`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('key', m.key, 'version', v.label, 'year', v.year, 'status', v.status,
      'isRealmFactor', m.realm_id is not null)`,
    order: sql`m.name, m.id`,
    inRealm: ownOrShared,
    isNode: byUuid,
  },
  'factor-source': {
    from: sql`emission_factor_sources m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('key', m.key, 'publisher', m.publisher, 'url', m.url,
      'isRealmSource', m.realm_id is not null)`,
    order: sql`m.name, m.id`,
    inRealm: ownOrShared,
    isNode: byUuid,
  },
  'gwp-set': {
    from: sql`gwp_sets m`,
    id: sql`m.id`,
    label: sql`m.name`,
    data: sql`'{}'::jsonb`,
    order: sql`m.id`,
    inRealm: () => sql`true`,
    isNode: (id) => sql`m.id = ${id}`,
  },
  'emission-result': {
    from: sql`emission_results m`,
    id: sql`m.activity_record_id::text || case when m.scope2_method = '' then '' else '/' || m.scope2_method end`,
    label: sql`'Scope ' || m.scope
      || case when m.scope2_method = '' then '' else ' ' || m.scope2_method || '-based' end || ' result'`,
    data: sql`jsonb_build_object('activityRecordId', m.activity_record_id, 'scope', m.scope,
      'scope2Method', m.scope2_method, 'co2eKg', m.co2e_kg, 'gases', m.gases, 'gwpSetId', m.gwp_set_id,
      'factorKey', m.factor_key, 'factorVersion', m.factor_version,
      'calculationMethodId', m.calculation_method_id, 'periodStart', m.period_start, 'isFallback', m.is_fallback)`,
    order: sql`m.activity_record_id, m.scope2_method`,
    inRealm: ownRealm,
    isNode: (id) => {
      const { recordId, method } = resultKeyOf(id);
      return sql`m.activity_record_id = ${recordId}::uuid and m.scope2_method = ${method}`;
    },
  },
  report: {
    from: sql`reports m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('status', m.status, 'latestVersion', m.latest_version,
      'approvedVersion', m.approved_version)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
  target: {
    from: sql`pathway_targets m`,
    id: sql`m.id::text`,
    label: sql`m.name`,
    data: sql`jsonb_build_object('kind', m.kind, 'scopes', m.scopes, 'scope2Method', m.scope2_method,
      'scope3Categories', m.scope3_categories, 'baseYear', m.base_year, 'targetYear', m.target_year,
      'term', m.term, 'ambition', m.ambition)`,
    order: sql`m.name, m.id`,
    inRealm: ownRealm,
    isNode: byUuid,
  },
};

/** Whether `id` can name a node of `type` at all, so that a made-up id needs no query (and casts cannot fail). */
export function isWellFormedGraphId(type: GraphNodeType, id: string): boolean {
  if (type === 'gwp-set') return GWP_SET_ID_PATTERN.test(id);
  if (type === 'emission-result') return RESULT_ID_PATTERN.test(id);
  return UUID_PATTERN.test(id);
}

/** A report (aliased `report`) whose newest version has a KPI section: it cites the realm's totals. */
const citesRealmTotals = (report: SQL) => sql`exists (select 1 from report_versions rv
  where rv.realm_id = ${report}.realm_id and rv.report_id = ${report}.id and rv.number = ${report}.latest_version
    and rv.sections @> '[{"kind":"kpi"}]'::jsonb)`;

const RESULT_KEY_OF_O = sql`o.activity_record_id::text || case when o.scope2_method = '' then '' else '/' || o.scope2_method end`;

/**
 * How the members `m` of a relation meet their owners: an optional join (the owner's row as `o`), a condition,
 * and the owner's id as the members' rows give it.
 */
interface RelationJoin {
  join?: SQL;
  condition?: SQL;
  ownerKey: SQL;
}

function relationJoinOf(relation: GraphRelation, realmId: string): RelationJoin {
  switch (relationKeyOf(relation)) {
    case 'realm/ROLLS_UP_TO/in/business-unit':
      return { ownerKey: sql`m.realm_id`, condition: sql`m.parent_id is null` };
    case 'realm/ROLLS_UP_TO/in/facility':
      return { ownerKey: sql`m.realm_id`, condition: sql`m.business_unit_id is null` };
    case 'realm/WEIGHTED_BY/out/gwp-set':
      return { join: sql`join realms o on m.id = ecc_realm_gwp_set_id(o.properties)`, ownerKey: sql`o.id` };
    case 'realm/CITED_IN/out/report':
      return { ownerKey: sql`m.realm_id`, condition: citesRealmTotals(sql`m`) };
    case 'realm/COVERS/in/target':
      return { ownerKey: sql`m.realm_id` };
    case 'business-unit/ROLLS_UP_TO/out/business-unit':
      return {
        join: sql`join business_units o on o.realm_id = m.realm_id and o.parent_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'business-unit/ROLLS_UP_TO/out/realm':
      return {
        join: sql`join business_units o on o.realm_id = m.id and o.parent_id is null`,
        ownerKey: sql`o.id`,
      };
    case 'business-unit/ROLLS_UP_TO/in/business-unit':
      return { ownerKey: sql`m.parent_id` };
    case 'business-unit/ROLLS_UP_TO/in/facility':
      return { ownerKey: sql`m.business_unit_id` };
    case 'facility/ROLLS_UP_TO/out/business-unit':
      return {
        join: sql`join facilities o on o.realm_id = m.realm_id and o.business_unit_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'facility/ROLLS_UP_TO/out/realm':
      return {
        join: sql`join facilities o on o.realm_id = m.id and o.business_unit_id is null`,
        ownerKey: sql`o.id`,
      };
    case 'facility/HAS_EQUIPMENT/out/equipment':
    case 'facility/RECORDED_AT/in/activity-record':
      return { ownerKey: sql`m.facility_id` };
    case 'equipment/HAS_EQUIPMENT/in/facility':
      return {
        join: sql`join equipment o on o.realm_id = m.realm_id and o.facility_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'equipment/OF_TYPE/out/equipment-type':
      return {
        join: sql`join equipment o on o.realm_id = m.realm_id and o.equipment_type_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'equipment/RECORDED_AT/in/activity-record':
      return { ownerKey: sql`m.equipment_id` };
    case 'equipment-type/OF_TYPE/in/equipment':
      return { ownerKey: sql`m.equipment_type_id` };
    case 'activity-record/RECORDED_AT/out/facility':
      return {
        join: sql`join activity_records o on o.realm_id = m.realm_id and o.facility_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'activity-record/RECORDED_AT/out/equipment':
      return {
        join: sql`join activity_records o on o.realm_id = m.realm_id and o.equipment_id = m.id`,
        ownerKey: sql`o.id`,
      };
    case 'activity-record/USES_FACTOR/out/emission-factor':
      return {
        join: sql`join activity_records o on o.realm_id = ${realmId} and o.factor_key = m.key`,
        ownerKey: sql`o.id`,
      };
    case 'activity-record/PRODUCED/out/emission-result':
      return { ownerKey: sql`m.activity_record_id` };
    case 'emission-factor/FROM_SOURCE/out/factor-source':
      return {
        join: sql`join emission_factor_versions ov on ov.source_id = m.id join emission_factors o on o.version_id = ov.id`,
        ownerKey: sql`o.id`,
      };
    case 'emission-factor/USES_FACTOR/in/activity-record':
      return { join: sql`join emission_factors o on o.key = m.factor_key`, ownerKey: sql`o.id` };
    case 'factor-source/FROM_SOURCE/in/emission-factor':
      return { ownerKey: sql`v.source_id` };
    case 'gwp-set/WEIGHTED_BY/in/emission-result':
      return { ownerKey: sql`m.gwp_set_id` };
    case 'gwp-set/WEIGHTED_BY/in/realm':
      return { ownerKey: sql`ecc_realm_gwp_set_id(m.properties)` };
    case 'emission-result/PRODUCED/in/activity-record':
      return {
        join: sql`join emission_results o on o.realm_id = m.realm_id and o.activity_record_id = m.id`,
        ownerKey: RESULT_KEY_OF_O,
      };
    case 'emission-result/WEIGHTED_BY/out/gwp-set':
      return {
        join: sql`join emission_results o on o.realm_id = ${realmId} and o.gwp_set_id = m.id`,
        ownerKey: RESULT_KEY_OF_O,
      };
    case 'report/CITED_IN/in/realm':
      return {
        join: sql`join reports o on o.realm_id = m.id`,
        condition: citesRealmTotals(sql`o`),
        ownerKey: sql`o.id`,
      };
    case 'target/COVERS/out/realm':
      return { join: sql`join pathway_targets o on o.realm_id = m.id`, ownerKey: sql`o.id` };
    default:
      throw new Error(`The graph has no query for ${relationKeyOf(relation)}`);
  }
}

/**
 * The owners as a condition on their id as the members' rows give it: one array parameter of the id column's type
 * (ids come from the database, so no comma). A result's id is composed, so its records' ids narrow the join first.
 */
function ownedBy(relation: GraphRelation, ownerKey: SQL, owners: readonly GraphNodeRecord[]): SQL {
  const list = owners.map((owner) => owner.id).join(',');
  if (relation.ownerType === 'gwp-set') return sql`${ownerKey} = any(string_to_array(${list}, ','))`;
  if (relation.ownerType !== 'emission-result')
    return sql`${ownerKey} = any(string_to_array(${list}, ',')::uuid[])`;
  const recordIds = [...new Set(owners.map((owner) => resultKeyOf(owner.id).recordId))].join(',');
  return sql`o.activity_record_id = any(string_to_array(${recordIds}, ',')::uuid[])
    and ${ownerKey} = any(string_to_array(${list}, ','))`;
}

function toRecord(type: GraphNodeType, row: Row): GraphNodeRecord {
  return {
    type,
    id: String(row.id),
    label: String(row.label ?? ''),
    data: (row.data ?? {}) as Record<string, unknown>,
  };
}

function selectOf(type: GraphNodeType, condition: SQL, realmId: string): SQL {
  const member = MEMBERS[type];
  return sql`select ${member.id} as id, ${member.label} as label, ${member.data} as data
    from ${member.from} where ${member.inRealm(realmId)} and ${condition}`;
}

export interface GraphSearchHit extends GraphNodeRecord {
  rank: number;
}

/** The node types search finds by name. */
const SEARCHED_TYPES = [
  'facility',
  'equipment',
  'emission-factor',
  'business-unit',
  'report',
  'target',
] as const;

export function createGraphRepository(db: Database) {
  return {
    /** The node of the realm `ref` names, or undefined when the realm has none (another realm's is none). */
    async findNode(realmId: string, ref: GraphNodeRef): Promise<GraphNodeRecord | undefined> {
      if (!isWellFormedGraphId(ref.type, ref.id)) return undefined;
      const rows = await rowsOf(
        db,
        sql`${selectOf(ref.type, MEMBERS[ref.type].isNode(ref.id), realmId)} limit 1`,
      );
      return rows[0] ? toRecord(ref.type, rows[0]) : undefined;
    },

    /** How many members `relation` has next to each owner, by the owner's own id. */
    async countMembers(
      realmId: string,
      owners: readonly GraphNodeRecord[],
      relation: GraphRelation,
    ): Promise<Map<string, number>> {
      const member = MEMBERS[relation.memberType];
      const { join, condition, ownerKey } = relationJoinOf(relation, realmId);
      const rows = await rowsOf(
        db,
        sql`select ${ownerKey}::text as owner_id, count(*)::int as total from ${member.from} ${join ?? sql``}
          where ${member.inRealm(realmId)} and ${condition ?? sql`true`}
            and ${ownedBy(relation, ownerKey, owners)}
          group by 1`,
      );
      return new Map(rows.map((row) => [String(row.owner_id), Number(row.total)]));
    },

    /** Members `offset` to `offset + limit` of `relation` next to each owner, in the member type's order. */
    async readMembers(
      realmId: string,
      owners: readonly GraphNodeRecord[],
      relation: GraphRelation,
      page: { limit: number; offset: number },
    ): Promise<Map<string, GraphNodeRecord[]>> {
      const member = MEMBERS[relation.memberType];
      const { join, condition, ownerKey } = relationJoinOf(relation, realmId);
      const matching = sql`from ${member.from} ${join ?? sql``}
        where ${member.inRealm(realmId)} and ${condition ?? sql`true`}
          and ${ownedBy(relation, ownerKey, owners)}`;
      const columns = sql`${ownerKey}::text as owner_id, ${member.id} as id, ${member.label} as label,
        ${member.data} as data`;
      // One owner (the paged focus) pages with the index; several share one window over members already counted.
      const rows =
        owners.length === 1
          ? await rowsOf(
              db,
              sql`select ${columns} ${matching} order by ${member.order} limit ${page.limit} offset ${page.offset}`,
            )
          : await rowsOf(
              db,
              sql`select owner_id, id, label, data from (
                select ${columns}, row_number() over (partition by ${ownerKey} order by ${member.order}) as position
                ${matching}) ranked
              where position > ${page.offset} and position <= ${page.offset + page.limit}
              order by owner_id, position`,
            );
      const byOwner = new Map<string, GraphNodeRecord[]>();
      for (const row of rows) {
        const ownerId = String(row.owner_id);
        const members = byOwner.get(ownerId) ?? [];
        members.push(toRecord(relation.memberType, row));
        byOwner.set(ownerId, members);
      }
      return byOwner;
    },

    /**
     * Nodes whose name (or code, or factor key) contains `text`, any case: equal first, then starting with it,
     * then containing it; shorter names first, then by name.
     */
    async search(realmId: string, text: string, limit: number): Promise<GraphSearchHit[]> {
      const needle = text.toLowerCase();
      const rankOf = (name: SQL) =>
        sql`case when lower(${name}) = ${needle} then 0 when strpos(lower(${name}), ${needle}) = 1 then 1 else 2 end`;
      const parts = SEARCHED_TYPES.map((type) => {
        const member = MEMBERS[type];
        const matches =
          type === 'emission-factor'
            ? sql`(strpos(lower(m.name), ${needle}) > 0 or strpos(lower(m.key), ${needle}) > 0)`
            : type === 'business-unit'
              ? sql`(strpos(lower(m.name), ${needle}) > 0 or strpos(lower(coalesce(m.code, '')), ${needle}) > 0)`
              : sql`strpos(lower(m.name), ${needle}) > 0`;
        return sql`(select ${type} as type, ${member.id} as id, ${member.label} as label, ${member.data} as data,
            ${rankOf(sql`m.name`)} as rank
          from ${member.from} where ${member.inRealm(realmId)} and ${matches}
          order by rank, length(m.name), m.name limit ${limit})`;
      });
      const rows = await rowsOf(
        db,
        sql`select * from (${sql.join(parts, sql` union all `)}) hits
          order by rank, length(label), label, type, id limit ${limit}`,
      );
      return rows.map((row) => ({ ...toRecord(row.type as GraphNodeType, row), rank: Number(row.rank) }));
    },
  };
}

export type GraphRepository = ReturnType<typeof createGraphRepository>;
