import { GWP_SET_IDS, withEveryGwpSet } from '@ecc/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { facilities } from './schema.ts';

/**
 * Gives every reported year stored before `co2eTByGwpSet` existed its CO2e on each GWP set, so the facility
 * list can show reported emissions on whichever set a realm reports with (the facility_emission_years trigger
 * follows `reported`). Runs at start-up for every realm; once done, it finds nothing to do. Answers how many
 * facilities it changed.
 */
export async function completeReportedGwpSets(db: Database): Promise<number> {
  const stale = await db
    .select({ id: facilities.id, reported: facilities.reported })
    .from(facilities)
    .where(
      sql`exists (select 1 from jsonb_each(${facilities.reported}) as years
        where jsonb_typeof(years.value) = 'object'
          and not coalesce(years.value -> 'co2eTByGwpSet' ?& ${sql.raw(
            `array[${GWP_SET_IDS.map((gwp) => `'${gwp}'`).join(', ')}]`,
          )}, false))`,
    );
  let changed = 0;
  await db.transaction(async (transaction) => {
    for (const facility of stale) {
      let isChanged = false;
      const reported = Object.fromEntries(
        Object.entries(facility.reported).map(([year, stored]) => {
          const completed = withEveryGwpSet(stored);
          if (completed === undefined) return [year, stored];
          isChanged = true;
          return [year, completed];
        }),
      );
      if (!isChanged) continue;
      await transaction.update(facilities).set({ reported }).where(eq(facilities.id, facility.id));
      changed += 1;
    }
  });
  return changed;
}
