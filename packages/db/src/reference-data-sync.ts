import { inArray, isNull, sql } from 'drizzle-orm';
import { EQUIPMENT_CALCULATION_METHODS, FACTOR_LIBRARY, GWP_SETS, type EmissionFactor } from '@ecc/domain';
import type { Database } from './create-database.ts';
import {
  calculationMethods,
  emissionFactorSources,
  emissionFactorVersions,
  emissionFactors,
  gwpSets,
} from './schema.ts';

/** The formulas results name (`emission_results.calculation_method_id`), shown on a trail. */
export const CALCULATION_METHODS = [
  {
    id: 'direct',
    name: 'Direct factor',
    formula: 'gas mass = quantity × factor (per unit of the factor basis)',
    description: 'The quantity is converted to the unit the factor is given per, then multiplied by it.',
  },
  {
    id: 'heat-content',
    name: 'Heat content',
    formula: 'gas mass = quantity × HHV × factor (per energy unit)',
    description:
      'A fuel quantity is turned into energy with its high heat value, then multiplied by the factor.',
  },
  {
    id: 'scope2-location',
    name: 'Scope 2 location-based',
    formula: 'gas mass = electricity × grid-average factor',
    description: 'Purchased electricity times the average emission rate of the grid it is drawn from.',
  },
  {
    id: 'scope2-market',
    name: 'Scope 2 market-based',
    formula: 'gas mass = electricity × (1 − certificate coverage) × contractual or residual factor',
    description:
      'The share covered by certificates counts as zero; the rest takes the supplier, residual-mix or (flagged) grid factor.',
  },
  {
    id: 'co2e-published',
    name: 'Published CO2e factor',
    formula: 'CO2e = quantity × published CO2e factor (on the publisher’s GWP set)',
    description:
      'The publisher gives CO2e only, so no per-gas masses exist and no other GWP set can be applied.',
  },
] as const;

interface LibrarySource {
  key: string;
  idPrefix: string;
  name: string;
  publisher: string;
  url: string;
}

/** Which publisher each library factor comes from, by its id's prefix. */
const LIBRARY_SOURCES: readonly LibrarySource[] = [
  {
    key: 'epa-40-cfr-98-subpart-c',
    idPrefix: 'epa-c1-',
    name: '40 CFR Part 98, subpart C, Tables C-1 and C-2',
    publisher: 'U.S. EPA',
    url: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-C/part-98/subpart-C',
  },
  {
    key: 'epa-ghg-emission-factors-hub',
    idPrefix: 'epa-hub-',
    name: 'EPA GHG Emission Factors Hub',
    publisher: 'U.S. EPA',
    url: 'https://www.epa.gov/climateleadership/ghg-emission-factors-hub',
  },
  {
    key: 'epa-egrid',
    idPrefix: 'egrid-',
    name: 'eGRID',
    publisher: 'U.S. EPA',
    url: 'https://www.epa.gov/egrid',
  },
  {
    key: 'uk-desnz-conversion-factors',
    idPrefix: 'desnz-',
    name: 'UK Government GHG Conversion Factors for Company Reporting',
    publisher: 'UK DESNZ',
    url: 'https://www.gov.uk/government/collections/government-conversion-factors-for-company-reporting',
  },
  {
    key: 'fluorinated-gases',
    idPrefix: 'fgas-',
    name: 'Refrigerants and fluorinated gases: ASHRAE Standard 34 compositions, IPCC GWP-100',
    publisher: 'ASHRAE and IPCC',
    url: '',
  },
];

const OTHER_SOURCE: LibrarySource = {
  key: 'ecc-library',
  idPrefix: '',
  name: 'Factor library shipped with the product',
  publisher: 'Emissions Control Center',
  url: '',
};

export function librarySourceOf(factor: Pick<EmissionFactor, 'id'>): LibrarySource {
  return LIBRARY_SOURCES.find((source) => factor.id.startsWith(source.idPrefix)) ?? OTHER_SOURCE;
}

/** The edition label of a library factor: its year, as `calculateActivityResults` names it by default. */
export function libraryVersionLabelOf(factor: Pick<EmissionFactor, 'year'>): string {
  return String(factor.year);
}

function definitionOf(factor: EmissionFactor): Record<string, unknown> {
  return {
    source: factor.source,
    year: factor.year,
    per: factor.per,
    gases: factor.gases,
    scope: factor.scope,
    ...(factor.co2e ? { co2e: factor.co2e } : {}),
    ...(factor.hhv ? { hhv: factor.hhv } : {}),
    ...(factor.category ? { category: factor.category } : {}),
    ...(factor.electricityBasis ? { electricityBasis: factor.electricityBasis } : {}),
    ...(factor.calorificBasis ? { calorificBasis: factor.calorificBasis } : {}),
  };
}

/**
 * Inserts the reference rows the product ships with (GWP sets, calculation methods, the factor library as
 * published sources, versions and factors) that are missing, and leaves existing rows alone: published factor
 * rows are immutable (a trigger refuses changes), and a library edition that changes gets a new version label.
 * Safe to run on every start and from several processes at once.
 */
/** The engine's methods and those equipment types name; where both name one, the engine's text wins. */
function everyCalculationMethod() {
  return [
    ...new Map(
      [...CALCULATION_METHODS, ...EQUIPMENT_CALCULATION_METHODS]
        .reverse()
        .map((method) => [method.id, method]),
    ).values(),
  ];
}

export async function syncReferenceData(db: Database): Promise<void> {
  await db.transaction(async (transaction) => {
    // A set's published values never change, but the product learns more gases: the stored sets follow the code.
    await transaction
      .insert(gwpSets)
      .values(
        Object.values(GWP_SETS).map((set) => ({ id: set.id, name: set.name, values: { ...set.values } })),
      )
      .onConflictDoUpdate({
        target: gwpSets.id,
        set: { name: sql`excluded.name`, values: sql`excluded.values` },
      });
    await transaction
      .insert(calculationMethods)
      .values(everyCalculationMethod().map((method) => ({ ...method })))
      .onConflictDoNothing();

    const sources = [
      ...new Map(
        FACTOR_LIBRARY.map((factor) => [librarySourceOf(factor).key, librarySourceOf(factor)]),
      ).values(),
    ];
    await transaction
      .insert(emissionFactorSources)
      .values(
        sources.map((source) => ({
          realmId: null,
          key: source.key,
          name: source.name,
          publisher: source.publisher,
          url: source.url || null,
        })),
      )
      .onConflictDoNothing();
    const sourceRows = await transaction
      .select({ id: emissionFactorSources.id, key: emissionFactorSources.key })
      .from(emissionFactorSources)
      .where(isNull(emissionFactorSources.realmId));
    const sourceIdByKey = new Map(sourceRows.map((row) => [row.key, row.id]));

    const versionKey = (sourceId: string, label: string) => `${sourceId}\n${label}`;
    const versions = new Map<string, { sourceId: string; label: string; year: number }>();
    for (const factor of FACTOR_LIBRARY) {
      const sourceId = sourceIdByKey.get(librarySourceOf(factor).key);
      if (!sourceId) continue;
      const label = libraryVersionLabelOf(factor);
      versions.set(versionKey(sourceId, label), { sourceId, label, year: factor.year });
    }
    const publishedOn = new Date();
    await transaction
      .insert(emissionFactorVersions)
      .values(
        [...versions.values()].map((version) => ({ ...version, status: 'published' as const, publishedOn })),
      )
      .onConflictDoNothing();
    const versionRows = await transaction
      .select({
        id: emissionFactorVersions.id,
        sourceId: emissionFactorVersions.sourceId,
        label: emissionFactorVersions.label,
      })
      .from(emissionFactorVersions)
      .where(inArray(emissionFactorVersions.sourceId, [...sourceIdByKey.values()]));
    const versionIdByKey = new Map(versionRows.map((row) => [versionKey(row.sourceId, row.label), row.id]));

    const factorRows = FACTOR_LIBRARY.flatMap((factor) => {
      const sourceId = sourceIdByKey.get(librarySourceOf(factor).key);
      const versionId = sourceId && versionIdByKey.get(versionKey(sourceId, libraryVersionLabelOf(factor)));
      return versionId
        ? [{ versionId, realmId: null, key: factor.id, name: factor.name, definition: definitionOf(factor) }]
        : [];
    });
    if (factorRows.length > 0)
      await transaction.insert(emissionFactors).values(factorRows).onConflictDoNothing();
  });
}
