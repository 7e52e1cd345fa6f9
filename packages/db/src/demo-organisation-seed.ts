import { and, eq, inArray } from 'drizzle-orm';
import { auditActorOf, createAuditLogRepository, type NewAuditEntry } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { DEMO_YEARS } from './demo-emissions-seed.ts';
import { createOrganisationRepository } from './organisation-repository.ts';
import { facilities, intensityDenominators } from './schema.ts';

/*
 * The demo realm's organisation (issue 11, item 1): three business units (Europe with the United Kingdom below
 * it, and the Americas), every facility in one of them by country, two joint ventures owned in part, one
 * minority stake outside the operational-control boundary, 2023 as the base year, and the realm's and some
 * facilities' intensity denominators for each demo year. Figures are invented but of a plausible size.
 */

/** Joint ventures: the realm's share of each in percent. */
const OWNERSHIP_SHARES: Readonly<Record<string, number>> = {
  'gulf-coast-refinery': 60,
  'teesside-chemicals': 75,
  'san-joaquin-creamery': 40,
};

const EXCLUDED: Readonly<Record<string, string>> = {
  'san-joaquin-creamery': 'Minority stake: the partner operates the creamery',
};

/** Revenue in USD and headcount of the realm by year, growing a little each year. */
const REALM_FIGURES = [
  { revenue: 4_200_000_000, headcount: 12_400 },
  { revenue: 4_410_000_000, headcount: 12_650 },
  { revenue: 4_580_000_000, headcount: 12_900 },
] as const;

/** Per-facility denominators by slug: production in an engine unit or a label, floor area in m2 or ft2. */
const FACILITY_FIGURES: readonly { slug: string; kind: string; unit: string; amount: number }[] = [
  { slug: 'riverbend-power-station', kind: 'production', unit: 'MWh', amount: 5_400_000 },
  { slug: 'lone-star-cement', kind: 'production', unit: 't clinker', amount: 1_150_000 },
  { slug: 'great-lakes-steel', kind: 'production', unit: 't', amount: 2_300_000 },
  { slug: 'hudson-yards-office', kind: 'floor-area', unit: 'ft2', amount: 1_200_000 },
  { slug: 'canary-wharf-offices', kind: 'floor-area', unit: 'm2', amount: 38_000 },
  { slug: 'klinikum-isar', kind: 'floor-area', unit: 'm2', amount: 96_000 },
];

export async function seedDemoOrganisation(db: Database, realmId: string): Promise<void> {
  const repository = createOrganisationRepository(db);
  const europe = await repository.insertBusinessUnit(realmId, { name: 'Europe', code: 'EU', parentId: null });
  const unitedKingdom = await repository.insertBusinessUnit(realmId, {
    name: 'United Kingdom',
    code: 'UK',
    parentId: europe.id,
  });
  const americas = await repository.insertBusinessUnit(realmId, {
    name: 'Americas',
    code: 'AM',
    parentId: null,
  });
  const system = auditActorOf({ id: null, email: null });
  const audit: NewAuditEntry[] = [europe, unitedKingdom, americas].map((unit) => ({
    ...system,
    action: 'create',
    entityType: 'business-unit',
    entityId: unit.id,
    before: null,
    after: { name: unit.name, code: unit.code, parentId: unit.parentId },
  }));

  const unitByCountry = new Map([
    ['US', americas.id],
    ['GB', unitedKingdom.id],
    ['DE', europe.id],
  ]);
  for (const [country, businessUnitId] of unitByCountry) {
    await db
      .update(facilities)
      .set({ businessUnitId })
      .where(and(eq(facilities.realmId, realmId), eq(facilities.country, country)));
  }
  for (const [slug, ownershipSharePercent] of Object.entries(OWNERSHIP_SHARES)) {
    const reason = EXCLUDED[slug];
    await db
      .update(facilities)
      .set({
        ownershipSharePercent,
        ...(reason ? { isInBoundary: false, boundaryExclusionReason: reason } : {}),
      })
      .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)));
  }

  await repository.lockBoundary(realmId);
  await repository.updateBoundary(realmId, {
    consolidationApproach: 'operational-control',
    reportingYearStartMonth: 1,
    baseYear: DEMO_YEARS[0],
    recalculationThresholdPercent: 5,
  });

  const slugs = FACILITY_FIGURES.map((figure) => figure.slug);
  const facilityIds = new Map(
    (
      await db
        .select({ id: facilities.id, slug: facilities.slug })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), inArray(facilities.slug, slugs)))
    ).map((row) => [row.slug, row.id]),
  );
  const denominators: (typeof intensityDenominators.$inferInsert)[] = [];
  DEMO_YEARS.forEach((year, yearIndex) => {
    const figures = REALM_FIGURES[yearIndex]!;
    denominators.push(
      { realmId, facilityId: null, year, kind: 'revenue', amount: figures.revenue, unit: 'USD' },
      { realmId, facilityId: null, year, kind: 'headcount', amount: figures.headcount, unit: 'people' },
    );
    for (const figure of FACILITY_FIGURES) {
      const facilityId = facilityIds.get(figure.slug);
      if (!facilityId) continue;
      // Output drifts with the years; floor area stays as built.
      const amount =
        figure.kind === 'production' ? Math.round(figure.amount * (1 + 0.02 * yearIndex)) : figure.amount;
      denominators.push({ realmId, facilityId, year, kind: figure.kind, amount, unit: figure.unit });
    }
  });
  await db.insert(intensityDenominators).values(denominators);
  await createAuditLogRepository(db).appendMany(realmId, audit);
}
