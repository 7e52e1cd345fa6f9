import {
  createCalculationRepository,
  realmLineage,
  type CalculationBindingRow,
  type CalculationDatasetVersionRow,
  type CalculationRow,
  type CalculationVersionRow,
  type Database,
  type EquipmentAttributes,
} from '@ecc/db';
import {
  compileFormula,
  createDatedDatasets,
  isRealmCalculationMethodId,
  realmCalculationMethodId,
  type BoundCalculation,
  type CalculationSources,
  type CalculationValue,
  type DatasetVersionRows,
  type DatedCalculationDatasets,
  type FactorLookup,
  type GwpSetId,
} from '@ecc/domain';

/*
 * A realm's calculations as the engine runs them (issue 13 item 2, decision 037): its bindings and its ancestors'
 * (the nearest realm's binding of a target wins, so a child overrides its parent), the latest published version of
 * each bound calculation, the calculations `#name` may call and the datasets LOOKUP reads (again the nearest
 * realm's of a name). Loaded once per write or recalculation run; compiled once per version and GWP set.
 */

export type BindingTarget =
  | { readonly kind: 'activity-type'; readonly key: string }
  | { readonly kind: 'equipment-type'; readonly key: string };

export type BoundCalculationLookup =
  | { readonly isFound: false }
  | { readonly isFound: true; readonly bound: BoundCalculation }
  | { readonly isFound: true; readonly error: string };

export interface RealmCalculationSet {
  /** Whether any binding applies in the realm: without one, the built-in methods run and nothing else is read. */
  readonly hasBindings: boolean;
  readonly datasets: DatedCalculationDatasets;
  /** The calculation bound to a record's equipment type, else to its activity type, compiled for the set. */
  boundFor(gwp: GwpSetId, activityType: string, equipmentTypeKey: string | null): BoundCalculationLookup;
}

/** The row of each name the nearest realm has: realms earlier in `lineage` hide later ones. */
export function nearestByName<Row extends { realmId: string }>(
  rows: readonly Row[],
  lineage: readonly string[],
  nameOf: (row: Row) => string,
): Map<string, Row> {
  const byName = new Map<string, Row>();
  const rank = (row: Row) => lineage.indexOf(row.realmId);
  for (const row of rows) {
    const existing = byName.get(nameOf(row));
    if (!existing || rank(row) < rank(existing)) byName.set(nameOf(row), row);
  }
  return byName;
}

function datasetsOf(
  datasets: ReadonlyMap<string, { id: string }>,
  versions: readonly CalculationDatasetVersionRow[],
): DatedCalculationDatasets {
  const versionsByDataset = new Map<string, DatasetVersionRows[]>();
  for (const version of versions) {
    const list = versionsByDataset.get(version.datasetId) ?? [];
    list.push({
      asOf: version.asOf,
      columns: version.columns,
      rows: version.rows as Readonly<Record<string, CalculationValue>>[],
    });
    versionsByDataset.set(version.datasetId, list);
  }
  const byName = new Map<string, DatasetVersionRows[]>();
  for (const [name, dataset] of datasets) byName.set(name, versionsByDataset.get(dataset.id) ?? []);
  return createDatedDatasets(byName);
}

const EMPTY_DATASETS = createDatedDatasets(new Map());

/** What a formula reaches for a user who may not read the realm's datasets and calculations: none of them. */
export const UNREACHABLE_CALCULATION_RESOURCES: Pick<CalculationResources, 'datasets' | 'sources'> = {
  datasets: EMPTY_DATASETS,
  sources: { get: () => undefined },
};

/** What a formula of the realm may reach: its datasets and the published calculations `#name` calls. */
export interface CalculationResources {
  /** The realm, then the realms above it, nearest first. */
  readonly lineage: readonly string[];
  readonly datasets: DatedCalculationDatasets;
  readonly sources: CalculationSources;
  readonly calculationsById: ReadonlyMap<string, CalculationRow>;
  /** Published versions by calculation, newest first. */
  readonly publishedByCalculation: ReadonlyMap<string, readonly CalculationVersionRow[]>;
}

/** The realm's (and its ancestors') datasets and published calculations, the nearest realm's of each name. */
export async function loadCalculationResources(
  db: Database,
  realmId: string,
  lineage?: readonly string[],
): Promise<CalculationResources> {
  const repository = createCalculationRepository(db);
  const realms = lineage ?? (await realmLineage(db, realmId));
  const visible = (await repository.listVisible(realms)).map((summary) => summary.calculation);
  const calculationsByName = nearestByName(visible, realms, (row: CalculationRow) => row.name);
  const published = await repository.listPublishedVersions(
    realms,
    visible.map((row) => row.id),
  );
  const publishedByCalculation = new Map<string, CalculationVersionRow[]>();
  for (const version of published) {
    const list = publishedByCalculation.get(version.calculationId) ?? [];
    list.push(version);
    publishedByCalculation.set(version.calculationId, list);
  }
  const datasetRows = nearestByName(await repository.listDatasets(realms), realms, (row) => row.name);
  const datasets = datasetsOf(
    datasetRows,
    await repository.listDatasetVersions(
      realms,
      [...datasetRows.values()].map((row) => row.id),
    ),
  );
  const sources: CalculationSources = {
    get(name, version) {
      const calculation = calculationsByName.get(name);
      const versions = calculation ? (publishedByCalculation.get(calculation.id) ?? []) : [];
      const found = version === undefined ? versions[0] : versions.find((each) => each.number === version);
      return found && { formula: found.formula, version: found.number };
    },
  };
  return {
    lineage: realms,
    datasets,
    sources,
    calculationsById: new Map(visible.map((row) => [row.id, row])),
    publishedByCalculation,
  };
}

/** What a realm's records are calculated with; `factors` is the realm's factor lookup. */
export async function loadRealmCalculations(
  db: Database,
  realmId: string,
  factors: FactorLookup,
): Promise<RealmCalculationSet> {
  const repository = createCalculationRepository(db);
  const lineage = await realmLineage(db, realmId);
  const bindings = nearestByName(
    await repository.listBindings(lineage),
    lineage,
    (binding: CalculationBindingRow) => `${binding.targetKind}/${binding.targetKey}`,
  );
  if (bindings.size === 0) {
    return { hasBindings: false, datasets: EMPTY_DATASETS, boundFor: () => ({ isFound: false }) };
  }
  const { datasets, sources, calculationsById, publishedByCalculation } = await loadCalculationResources(
    db,
    realmId,
    lineage,
  );
  const compiled = new Map<string, BoundCalculationLookup>();

  function compile(gwp: GwpSetId, binding: CalculationBindingRow): BoundCalculationLookup {
    const calculation = calculationsById.get(binding.calculationId);
    const version = calculation && publishedByCalculation.get(calculation.id)?.[0];
    if (!calculation || !version) {
      return {
        isFound: true,
        error: `The calculation bound to ${binding.targetKind} '${binding.targetKey}' has no published version`,
      };
    }
    const result = compileFormula(version.formula, { gwp, factors, datasets, calculations: sources });
    if (result.calculation === undefined) {
      const [first] = result.errors;
      return {
        isFound: true,
        error: `Calculation '${calculation.name}' version ${version.number} does not compile${first ? `: line ${first.line}, column ${first.column}: ${first.message}` : ''}`,
      };
    }
    return {
      isFound: true,
      bound: {
        versionId: version.id,
        name: calculation.name,
        number: version.number,
        calculation: result.calculation,
      },
    };
  }

  function lookup(gwp: GwpSetId, kind: string, key: string): BoundCalculationLookup {
    const binding = bindings.get(`${kind}/${key}`);
    if (!binding) return { isFound: false };
    const cacheKey = `${gwp}/${binding.id}`;
    let found = compiled.get(cacheKey);
    if (!found) {
      found = compile(gwp, binding);
      compiled.set(cacheKey, found);
    }
    return found;
  }

  return {
    hasBindings: true,
    datasets,
    boundFor(gwp, activityType, equipmentTypeKey) {
      if (equipmentTypeKey !== null) {
        const byEquipment = lookup(gwp, 'equipment-type', equipmentTypeKey);
        if (byEquipment.isFound) return byEquipment;
      }
      return lookup(gwp, 'activity-type', activityType);
    },
  };
}

/** The equipment of the records that have one, when the realm has bindings (otherwise nothing is read). */
export async function equipmentAttributesFor(
  db: Database,
  realmId: string,
  set: RealmCalculationSet,
  equipmentIds?: readonly string[],
): Promise<ReadonlyMap<string, EquipmentAttributes>> {
  if (!set.hasBindings) return new Map();
  return createCalculationRepository(db).listEquipmentAttributes(realmId, equipmentIds);
}

/** A realm calculation's version as a trail names its method: the calculation, its version and its formula. */
export interface RealmCalculationMethod {
  readonly id: string;
  readonly name: string;
  readonly formula: string;
}

/** The versions results name as `calculation:<version id>`, the realm's or an ancestor's. */
export async function realmCalculationMethods(
  db: Database,
  realmId: string,
  methodIds: readonly string[],
): Promise<Map<string, RealmCalculationMethod>> {
  const versionIds = [...new Set(methodIds.filter(isRealmCalculationMethodId))].map((id) =>
    id.slice('calculation:'.length),
  );
  const methods = new Map<string, RealmCalculationMethod>();
  if (versionIds.length === 0) return methods;
  const repository = createCalculationRepository(db);
  const lineage = await realmLineage(db, realmId);
  const names = new Map(
    (await repository.listVisible(lineage)).map((summary) => [
      summary.calculation.id,
      summary.calculation.name,
    ]),
  );
  for (const versionId of versionIds) {
    const version = await repository.findVersionById(lineage, versionId);
    if (!version) continue;
    const id = realmCalculationMethodId(versionId);
    methods.set(id, {
      id,
      name: `Calculation '${names.get(version.calculationId) ?? version.calculationId}' version ${version.number}`,
      formula: version.formula,
    });
  }
  return methods;
}
