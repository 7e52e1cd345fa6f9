import type { MeasureValues } from '@ecc/contracts';
import { STARTER_MEASURES } from '@ecc/domain';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { readRealmGwpSetId } from './result-gwp-sets.ts';
import { abatementMeasures, equipmentTypes, facilities, type AbatementMeasureRow } from './schema.ts';

/*
 * The realm's abatement measures (issue 12, item 3). Every function takes the realm first and filters by it; the
 * table is behind row-level security as well. A share's emission source is read from the realm's own GWP set:
 * facility × scope from the monthly totals (decision 022), an equipment type from the results of its equipment.
 */

export type AbatementMeasureFields = Omit<AbatementMeasureRow, 'id' | 'realmId' | 'createdOn' | 'modifiedOn'>;

/** What a share applies to; at least a facility with a scope, or an equipment type. */
export interface EmissionSourceSelection {
  readonly facilityId: string | null;
  readonly equipmentTypeId: string | null;
  readonly scope: number | null;
}

export interface SourceEmissions {
  readonly year: number;
  readonly co2eKg: number;
}

/** A measure of the API as the table's columns; `starterKey` when it comes from the starter set. */
export function measureFieldsOf(values: MeasureValues, starterKey: string | null): AbatementMeasureFields {
  return {
    name: values.name,
    description: values.description,
    facilityId: values.appliesTo.facilityId,
    equipmentTypeId: values.appliesTo.equipmentTypeId,
    scope: values.appliesTo.scope,
    abatementKind: values.abatement.kind,
    abatementKg: values.abatement.kind === 'absolute' ? values.abatement.kgPerYear : null,
    abatementPercent: values.abatement.kind === 'share' ? values.abatement.percent : null,
    capex: values.capex,
    annualCost: values.annualCost,
    lifetime: values.lifetime,
    earliestYear: values.earliestYear,
    exclusiveGroup: values.exclusiveGroup,
    prerequisites: [...new Set(values.prerequisites)],
    sourceCitation: values.source.citation,
    sourceUrl: values.source.url,
    starterKey,
  };
}

/** The paid demo's library: the starter set (its figures illustrative, each citing its source). */
export async function seedDemoAbatement(db: Database, realmId: string): Promise<void> {
  const repository = createAbatementRepository(db);
  for (const starter of STARTER_MEASURES) {
    await repository.insert(realmId, measureFieldsOf(starter.values, starter.key));
  }
}

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export function createAbatementRepository(db: Database) {
  return {
    async list(realmId: string): Promise<AbatementMeasureRow[]> {
      return db
        .select()
        .from(abatementMeasures)
        .where(eq(abatementMeasures.realmId, realmId))
        .orderBy(asc(sql`lower(${abatementMeasures.name})`), asc(abatementMeasures.id));
    },

    /**
     * Serialises the realm's library writes (prerequisite cycles and names are checked over all its measures)
     * and answers its measures locked.
     */
    async lockAll(realmId: string): Promise<AbatementMeasureRow[]> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`abatement-measures:${realmId}`}, 0))`,
      );
      return db
        .select()
        .from(abatementMeasures)
        .where(eq(abatementMeasures.realmId, realmId))
        .orderBy(asc(abatementMeasures.name))
        .for('update');
    },

    async find(realmId: string, id: string): Promise<AbatementMeasureRow | undefined> {
      const rows = await db
        .select()
        .from(abatementMeasures)
        .where(and(eq(abatementMeasures.realmId, realmId), eq(abatementMeasures.id, id)));
      return rows[0];
    },

    async insert(realmId: string, fields: AbatementMeasureFields): Promise<AbatementMeasureRow> {
      const [created] = await db
        .insert(abatementMeasures)
        .values({ ...fields, realmId })
        .returning();
      return created!;
    },

    async update(realmId: string, id: string, fields: AbatementMeasureFields): Promise<AbatementMeasureRow> {
      const [updated] = await db
        .update(abatementMeasures)
        .set({ ...fields, modifiedOn: new Date() })
        .where(and(eq(abatementMeasures.realmId, realmId), eq(abatementMeasures.id, id)))
        .returning();
      return updated!;
    },

    async delete(realmId: string, id: string): Promise<void> {
      await db
        .delete(abatementMeasures)
        .where(and(eq(abatementMeasures.realmId, realmId), eq(abatementMeasures.id, id)));
    },

    async isNameTaken(realmId: string, name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: abatementMeasures.id })
        .from(abatementMeasures)
        .where(
          and(
            eq(abatementMeasures.realmId, realmId),
            sql`lower(${abatementMeasures.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(abatementMeasures.id, exceptId),
          ),
        );
      return rows.length > 0;
    },

    async hasFacility(realmId: string, facilityId: string): Promise<boolean> {
      const rows = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, facilityId)));
      return rows.length > 0;
    },

    /** The names of the realm's facilities and equipment types among these ids, by id (an export names them). */
    async sourceNames(
      realmId: string,
      ids: { facilityIds: readonly string[]; equipmentTypeIds: readonly string[] },
    ): Promise<{ facilities: Map<string, string>; equipmentTypes: Map<string, string> }> {
      const facilityRows =
        ids.facilityIds.length === 0
          ? []
          : await db
              .select({ id: facilities.id, name: facilities.name })
              .from(facilities)
              .where(and(eq(facilities.realmId, realmId), inArray(facilities.id, [...ids.facilityIds])));
      const typeRows =
        ids.equipmentTypeIds.length === 0
          ? []
          : await db
              .select({ id: equipmentTypes.id, name: equipmentTypes.name })
              .from(equipmentTypes)
              .where(
                and(
                  eq(equipmentTypes.realmId, realmId),
                  inArray(equipmentTypes.id, [...ids.equipmentTypeIds]),
                ),
              );
      return {
        facilities: new Map(facilityRows.map((row) => [row.id, row.name])),
        equipmentTypes: new Map(typeRows.map((row) => [row.id, row.name])),
      };
    },

    async hasEquipmentType(realmId: string, equipmentTypeId: string): Promise<boolean> {
      const rows = await db
        .select({ id: equipmentTypes.id })
        .from(equipmentTypes)
        .where(and(eq(equipmentTypes.realmId, realmId), eq(equipmentTypes.id, equipmentTypeId)));
      return rows.length > 0;
    },

    /**
     * The latest year with emissions of each source and that year's kg CO2e (Scope 2 location-based), on the
     * realm's GWP set; a source without emissions is left out of the answer. Keys are `sourceKey(selection)`.
     */
    async sourceEmissions(
      realmId: string,
      selections: readonly EmissionSourceSelection[],
    ): Promise<Map<string, SourceEmissions>> {
      const answers = new Map<string, SourceEmissions>();
      if (selections.length === 0) return answers;
      const gwpSetId = await readRealmGwpSetId(db, realmId);
      for (const selection of uniqueSelections(selections)) {
        const rows =
          selection.equipmentTypeId === null
            ? await rowsOf(
                db,
                sql`select extract(year from month)::int as year, sum(co2e_kg)::float8 as co2e_kg
                      from emission_month_totals
                     where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and gas = ''
                       and scope2_method <> 'market'
                       ${selection.facilityId === null ? sql`` : sql`and facility_id = ${selection.facilityId}`}
                       ${selection.scope === null ? sql`` : sql`and scope = ${selection.scope}`}
                     group by 1 order by 1 desc limit 1`,
              )
            : await rowsOf(
                db,
                sql`select extract(year from r.period_start)::int as year, sum(r.co2e_kg::numeric)::float8 as co2e_kg
                      from emission_results r
                      join activity_records a on a.realm_id = r.realm_id and a.id = r.activity_record_id
                      join equipment e on e.realm_id = a.realm_id and e.id = a.equipment_id
                     where r.realm_id = ${realmId} and r.scope2_method <> 'market'
                       and e.equipment_type_id = ${selection.equipmentTypeId}
                       ${selection.facilityId === null ? sql`` : sql`and r.facility_id = ${selection.facilityId}`}
                       ${selection.scope === null ? sql`` : sql`and r.scope = ${selection.scope}`}
                     group by 1 order by 1 desc limit 1`,
              );
        const row = rows[0];
        if (row) answers.set(sourceKey(selection), { year: Number(row.year), co2eKg: Number(row.co2e_kg) });
      }
      return answers;
    },
  };
}

/** One key per distinct source selection. */
export function sourceKey(selection: EmissionSourceSelection): string {
  return `${selection.facilityId ?? ''}|${selection.equipmentTypeId ?? ''}|${selection.scope ?? ''}`;
}

function uniqueSelections(selections: readonly EmissionSourceSelection[]): EmissionSourceSelection[] {
  return [...new Map(selections.map((selection) => [sourceKey(selection), selection])).values()];
}
