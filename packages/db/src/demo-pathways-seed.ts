import { auditActorOf, createAuditLogRepository, type NewAuditEntry } from './audit-log-repository.ts';
import type { Database } from './create-database.ts';
import { DEMO_YEARS } from './demo-emissions-seed.ts';
import { createPathwayTargetRepository, type PathwayTargetValues } from './pathway-target-repository.ts';

/*
 * The demo realm's targets (issue 12, item 2), from its base year 2023 so that /pathways shows real gaps on the
 * demo data: a near-term 1.5 °C target on Scopes 1 and 2 (location-based) for 2030, a net-zero target on all
 * scopes (90 % by 2050), and a well-below 2 °C intensity target per revenue.
 */

const BASE_YEAR = DEMO_YEARS[0];

const DEMO_TARGETS: readonly PathwayTargetValues[] = [
  {
    name: 'Near-term 1.5 °C (Scopes 1 and 2)',
    kind: 'absolute',
    denominatorKind: null,
    scopes: [1, 2],
    scope2Method: 'location',
    scope3Categories: [],
    baseYear: BASE_YEAR,
    targetYear: 2030,
    term: 'near-term',
    ambition: '1.5C',
    customReductionPercent: null,
    projectionMethod: 'linear-trend',
    growthPercent: null,
    sectorPathwayId: null,
  },
  {
    name: 'Net-zero 2050 (all scopes)',
    kind: 'absolute',
    denominatorKind: null,
    scopes: [1, 2, 3],
    scope2Method: 'location',
    scope3Categories: [],
    baseYear: BASE_YEAR,
    targetYear: 2050,
    term: 'net-zero',
    ambition: 'long-term-90',
    customReductionPercent: null,
    projectionMethod: 'compound-growth',
    growthPercent: 1.5,
    sectorPathwayId: null,
  },
  {
    name: 'Revenue intensity, well-below 2 °C',
    kind: 'intensity',
    denominatorKind: 'revenue',
    scopes: [1, 2],
    scope2Method: 'market',
    scope3Categories: [],
    baseYear: BASE_YEAR,
    targetYear: 2030,
    term: 'near-term',
    ambition: 'well-below-2C',
    customReductionPercent: null,
    projectionMethod: 'linear-trend',
    growthPercent: null,
    sectorPathwayId: null,
  },
];

export async function seedDemoPathways(db: Database, realmId: string): Promise<void> {
  const repository = createPathwayTargetRepository(db);
  const system = auditActorOf({ id: null, email: null });
  const audit: NewAuditEntry[] = [];
  for (const values of DEMO_TARGETS) {
    const created = await repository.insertTarget(realmId, values);
    audit.push({
      ...system,
      action: 'create',
      entityType: 'pathway-target',
      entityId: created.id,
      before: null,
      after: { ...values },
    });
  }
  await createAuditLogRepository(db).appendMany(realmId, audit);
}
