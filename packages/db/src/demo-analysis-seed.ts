import type { AnalysisQueryInput } from '@ecc/contracts';
import { analysisQuerySchema } from '@ecc/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { analysisViews, users } from './schema.ts';

/** What the demo realm's saved analyses show: its records run 2023–2025. */
const DEMO_VIEWS: readonly {
  name: string;
  visibility: 'private' | 'shared';
  definition: AnalysisQueryInput;
}[] = [
  {
    name: 'CO2e by facility and scope',
    visibility: 'shared',
    definition: { measures: ['co2e'], rows: ['facility'], columns: ['scope'], subtotals: true },
  },
  {
    name: 'Monthly CO2e against the year before',
    visibility: 'shared',
    definition: {
      measures: ['co2e'],
      rows: ['month'],
      filters: { year: [2025] },
      comparison: 'previousPeriod',
    },
  },
  {
    name: 'Gas masses by business unit',
    visibility: 'private',
    definition: { measures: ['gasMass'], rows: ['businessUnit'], columns: ['gas'] },
  },
];

/** The demo realm's saved analyses (decision 028), owned by the user with `ownerEmail`. */
export async function seedDemoAnalysisViews(
  db: Database,
  realmId: string,
  ownerEmail: string,
): Promise<void> {
  const owner = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.realmId, realmId), eq(users.email, ownerEmail)))
      .limit(1)
  )[0];
  if (!owner) throw new Error(`The demo realm has no user ${ownerEmail}`);
  await db.insert(analysisViews).values(
    DEMO_VIEWS.map((view) => ({
      realmId,
      ownerId: owner.id,
      name: view.name,
      visibility: view.visibility,
      definition: analysisQuerySchema.parse(view.definition),
    })),
  );
}
