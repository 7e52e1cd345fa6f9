import {
  SCOPE3_CATEGORIES,
  SCOPE3_CATEGORY_NAMES,
  type ConsolidationApproach,
  type GasAmounts,
  type IntensityDenominatorKind,
  type InventoryBusinessUnit,
  type InventoryComparison,
  type InventoryCountry,
  type InventoryExclusion,
  type InventoryFacility,
  type InventoryResponse,
  type InventoryScopeAmounts,
  type KyotoGas,
} from '@ecc/contracts';
import { isGasId, toCo2e, type GwpSetId } from '../emissions/gwp.ts';
import { rollUpBusinessUnits, type UnitOwnAmounts } from '../organisation/business-unit-roll-up.ts';
import { consolidate, consolidationFactor } from '../organisation/consolidation.ts';
import type { ReportingYearRange } from '../organisation/reporting-year.ts';
import { explainChange, type RecordedReason } from './change-reasons.ts';
import {
  GHGRP_REPORTED_SOURCE,
  reportedFacilityOf,
  withReportedAmounts,
  type ReportedFacilityYear,
} from './reported-emissions.ts';

/*
 * The GHG inventory of a reporting year (issue 11, item 2) from what the database summed per facility. Each
 * facility's amounts are consolidated under the realm's approach (`consolidate`, decision 024) before they are
 * added up, so an equity share scales every figure of the facility (gases, scopes, categories) alike.
 */

/** A facility as consolidation and the breakdowns need it. */
export interface InventoryFacilityInput {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly country: string;
  readonly businessUnitId: string | null;
  readonly ownershipSharePercent: number;
  readonly isInBoundary: boolean;
  readonly boundaryExclusionReason: string | null;
}

/**
 * A facility's sum of one scope, Scope 2 method and gas over the year, as the monthly totals keep it (decision
 * 022): gas '' is the results as a whole (their CO2e; as `gasKg` the CO2e of factors published as CO2e only),
 * any other gas its mass with no CO2e of its own.
 */
export interface InventoryAmount {
  readonly facilityId: string;
  readonly scope: number;
  readonly scope2Method: string;
  readonly gas: string;
  readonly gasKg: number;
  readonly co2eKg: number;
}

/** A facility's Scope 3 CO2e of one category (null: no category) over the year. */
export interface Scope3CategoryAmount {
  readonly facilityId: string;
  readonly category: number | null;
  readonly co2eKg: number;
}

export interface FactorSourceCount {
  readonly factorKey: string;
  readonly factorVersion: string;
  readonly calculationMethodId: string;
  readonly resultCount: number;
  readonly fallbackCount: number;
}

export interface InventoryDenominator {
  readonly kind: IntensityDenominatorKind;
  readonly amount: number;
  readonly unit: string;
}

export interface ComparedYearInput {
  readonly year: number;
  readonly amounts: readonly InventoryAmount[];
  readonly reported?: readonly ReportedFacilityYear[] | undefined;
}

export interface InventoryInput {
  readonly range: ReportingYearRange;
  readonly gwpSetId: GwpSetId;
  readonly approach: ConsolidationApproach;
  readonly facilities: readonly InventoryFacilityInput[];
  readonly businessUnits: readonly {
    readonly id: string;
    readonly parentId: string | null;
    readonly name: string;
  }[];
  /** The year's sums per facility, scope, Scope 2 method and gas. */
  readonly amounts: readonly InventoryAmount[];
  readonly scope3Categories: readonly Scope3CategoryAmount[];
  readonly factorSources: readonly FactorSourceCount[];
  /** The realm's denominators of the year (not its facilities'). */
  readonly denominators: readonly InventoryDenominator[];
  /** Facilities' years as reported to EPA's GHGRP: counted where a facility has no calculated amount. */
  readonly reported?: readonly ReportedFacilityYear[] | undefined;
  /** The CO2e rows (gas '') of the base year and the year before, when the realm has a base year / results. */
  readonly baseYear?: ComparedYearInput | undefined;
  readonly previousYear?: ComparedYearInput | undefined;
  readonly recalculationThresholdPercent: number;
  /** The year's recorded reasons of change from the year before (CDP C7.9a). */
  readonly changeReasons?: readonly RecordedReason[] | undefined;
}

/** The name the by-business-unit table gives facilities in no unit. */
export const NO_BUSINESS_UNIT_NAME = 'No business unit';

const BIOGENIC_CO2 = 'CO2_biogenic';

/** The Kyoto gas (group) a gas of the factor library belongs to; undefined for biogenic CO2 and unknown gases. */
export function kyotoGasOf(gas: string): KyotoGas | undefined {
  if (gas === 'CO2' || gas === 'N2O' || gas === 'SF6' || gas === 'NF3') return gas;
  if (gas === 'CH4' || gas.startsWith('CH4_')) return 'CH4';
  if (gas.startsWith('HFC-')) return 'HFCs';
  if (gas.startsWith('PFC-')) return 'PFCs';
  return undefined;
}

function emptyGasAmounts(): GasAmounts {
  return { CO2: 0, CH4: 0, N2O: 0, HFCs: 0, PFCs: 0, SF6: 0, NF3: 0 };
}

type ScopeAmounts = { -readonly [Key in keyof InventoryScopeAmounts]: number };

function emptyScopeAmounts(): ScopeAmounts {
  return { scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 0, co2e: 0 };
}

/** Adds a result's CO2e where it counts: market-based Scope 2 beside the total, never in it. */
function addCo2e(target: ScopeAmounts, scope: number, scope2Method: string, co2eKg: number): void {
  if (scope === 1) target.scope1 += co2eKg;
  else if (scope === 3) target.scope3 += co2eKg;
  else if (scope2Method === 'market') {
    target.scope2Market += co2eKg;
    return;
  } else target.scope2Location += co2eKg;
  target.co2e += co2eKg;
}

function addScopeAmounts(target: ScopeAmounts, source: InventoryScopeAmounts): void {
  target.scope1 += source.scope1;
  target.scope2Location += source.scope2Location;
  target.scope2Market += source.scope2Market;
  target.scope3 += source.scope3;
  target.co2e += source.co2e;
}

/** Each facility's consolidated CO2e by scope from CO2e rows (gas ''); facilities counted at 0 % left out. */
function consolidatedByFacility(
  amounts: readonly InventoryAmount[],
  facilities: ReadonlyMap<string, InventoryFacilityInput>,
  approach: ConsolidationApproach,
): Map<string, ScopeAmounts> {
  const byFacility = new Map<string, ScopeAmounts>();
  for (const amount of amounts) {
    if (amount.gas !== '') continue;
    const facility = facilities.get(amount.facilityId);
    if (facility === undefined || consolidationFactor(approach, facility) === 0) continue;
    let totals = byFacility.get(amount.facilityId);
    if (totals === undefined) {
      totals = emptyScopeAmounts();
      byFacility.set(amount.facilityId, totals);
    }
    addCo2e(totals, amount.scope, amount.scope2Method, consolidate(amount.co2eKg, approach, facility));
  }
  return byFacility;
}

function sumOf(byFacility: ReadonlyMap<string, InventoryScopeAmounts>): ScopeAmounts {
  const total = emptyScopeAmounts();
  for (const amounts of byFacility.values()) addScopeAmounts(total, amounts);
  return total;
}

/** This year against another: the other year's consolidated totals and the change to this year's. */
export function compareYears(
  current: InventoryScopeAmounts,
  other: { year: number; totals: InventoryScopeAmounts },
): InventoryComparison {
  const changeCo2e = current.co2e - other.totals.co2e;
  return {
    year: other.year,
    ...other.totals,
    changeCo2e,
    changePercent: other.totals.co2e === 0 ? null : (changeCo2e / other.totals.co2e) * 100,
  };
}

function descendingByCo2e<T extends { co2e: number }>(rows: T[], nameOf: (row: T) => string): T[] {
  return rows.sort((left, right) => right.co2e - left.co2e || nameOf(left).localeCompare(nameOf(right)));
}

/** The inventory of a reporting year from the database's sums: consolidated, broken down, compared. */
export function assembleInventory(input: InventoryInput): InventoryResponse {
  const { approach } = input;
  const facilities = new Map(input.facilities.map((facility) => [facility.id, facility]));
  const merged = withReportedAmounts(input.amounts, input.reported ?? [], input.gwpSetId);
  const amounts = merged.amounts;
  const byFacilityAmounts = consolidatedByFacility(amounts, facilities, approach);

  const gases = emptyGasAmounts();
  const gasesCo2e = emptyGasAmounts();
  let unspecifiedCo2e = 0;
  let biogenicCo2 = 0;
  for (const amount of amounts) {
    const facility = facilities.get(amount.facilityId);
    if (facility === undefined || amount.scope2Method === 'market') continue;
    const kg = consolidate(amount.gasKg, approach, facility);
    if (amount.gas === BIOGENIC_CO2) {
      biogenicCo2 += kg;
      continue;
    }
    if (amount.scope !== 1) continue;
    if (amount.gas === '') {
      unspecifiedCo2e += kg;
      continue;
    }
    const kyotoGas = kyotoGasOf(amount.gas);
    if (kyotoGas === undefined || !isGasId(amount.gas)) continue;
    gases[kyotoGas] += kg;
    gasesCo2e[kyotoGas] += toCo2e(kg, amount.gas, input.gwpSetId);
  }

  const categoryTotals = new Map<number | null, number>();
  for (const amount of input.scope3Categories) {
    const facility = facilities.get(amount.facilityId);
    if (facility === undefined) continue;
    const co2eKg = consolidate(amount.co2eKg, approach, facility);
    categoryTotals.set(amount.category, (categoryTotals.get(amount.category) ?? 0) + co2eKg);
  }

  const byFacility: InventoryFacility[] = [];
  const knownUnits = new Set(input.businessUnits.map((unit) => unit.id));
  const ownByUnit = new Map<string | null, UnitOwnAmounts & { amounts: ScopeAmounts }>();
  const byCountry = new Map<string, InventoryCountry>();
  for (const [facilityId, amounts] of byFacilityAmounts) {
    const facility = facilities.get(facilityId);
    if (facility === undefined) continue;
    byFacility.push({
      facilityId,
      source: merged.facilities.get(facilityId)?.isCounted === true ? 'reported' : 'calculated',
      slug: facility.slug,
      name: facility.name,
      country: facility.country,
      businessUnitId: facility.businessUnitId,
      countedPercent: consolidationFactor(approach, facility) * 100,
      ...amounts,
    });
    // A unit the realm does not list (never stored: a foreign key) counts with the facilities in no unit.
    const unitId =
      facility.businessUnitId !== null && knownUnits.has(facility.businessUnitId)
        ? facility.businessUnitId
        : null;
    const unit = ownByUnit.get(unitId) ?? { facilityCount: 0, amounts: emptyScopeAmounts() };
    addScopeAmounts(unit.amounts, amounts);
    ownByUnit.set(unitId, { facilityCount: unit.facilityCount + 1, amounts: unit.amounts });
    let country = byCountry.get(facility.country);
    if (country === undefined) {
      country = { country: facility.country, facilityCount: 0, ...emptyScopeAmounts() };
      byCountry.set(facility.country, country);
    }
    country.facilityCount += 1;
    addScopeAmounts(country, amounts);
  }

  const totals = sumOf(byFacilityAmounts);
  const marketTotal = totals.scope1 + totals.scope2Market + totals.scope3;
  // A compared year follows the same rule: reported years count for facilities with no calculated result in it.
  const compared = (other: InventoryInput['baseYear']) =>
    other === undefined
      ? null
      : compareYears(totals, {
          year: other.year,
          totals: sumOf(
            consolidatedByFacility(
              withReportedAmounts(other.amounts, other.reported ?? [], input.gwpSetId).amounts,
              facilities,
              approach,
            ),
          ),
        });
  const reportedFacilities = [...merged.facilities].flatMap(([facilityId, { year, isCounted }]) => {
    const facility = facilities.get(facilityId);
    return facility === undefined
      ? []
      : [{ facility, row: reportedFacilityOf(facility, year, isCounted, input.gwpSetId) }];
  });

  const previousYear = compared(input.previousYear);
  return {
    year: input.range.year,
    period: { start: input.range.start, end: input.range.end },
    gwp: input.gwpSetId,
    consolidation: approach,
    totals: { co2e: totals.co2e, co2eMarket: marketTotal },
    scope1: { co2e: totals.scope1, gases, gasesCo2e, unspecifiedCo2e },
    scope2: { location: { co2e: totals.scope2Location }, market: { co2e: totals.scope2Market } },
    scope3: {
      co2e: totals.scope3,
      categories: SCOPE3_CATEGORIES.map((category) => ({
        category,
        name: SCOPE3_CATEGORY_NAMES[category] ?? String(category),
        co2e: categoryTotals.get(category) ?? 0,
      })),
      uncategorisedCo2e: categoryTotals.get(null) ?? 0,
    },
    biogenicCo2,
    byFacility: descendingByCo2e(byFacility, (row) => row.name),
    byBusinessUnit: businessUnitTree(input.businessUnits, ownByUnit),
    byCountry: descendingByCo2e([...byCountry.values()], (row) => row.country),
    comparison: {
      baseYear: compared(input.baseYear),
      previousYear,
      recalculationThresholdPercent: input.recalculationThresholdPercent,
    },
    intensities: input.denominators.map((denominator) => ({
      kind: denominator.kind,
      amount: denominator.amount,
      unit: denominator.unit,
      co2ePerUnit: denominator.amount === 0 ? null : totals.co2e / denominator.amount,
      co2eMarketPerUnit: denominator.amount === 0 ? null : marketTotal / denominator.amount,
    })),
    methods: methodsOf(input.factorSources),
    factorSources: factorSourcesOf(input.factorSources),
    exclusions: exclusionsOf(input.approach, amounts, facilities),
    reported: {
      source: GHGRP_REPORTED_SOURCE,
      co2e: reportedFacilities
        .filter(({ row }) => row.isCounted)
        .reduce((sum, { facility, row }) => sum + consolidate(row.co2e, approach, facility), 0),
      facilities: reportedFacilities
        .map(({ row }) => row)
        .sort((left, right) => right.co2e - left.co2e || left.name.localeCompare(right.name)),
    },
    changeReasons: {
      year: input.range.year,
      changeCo2e: previousYear?.changeCo2e ?? null,
      reasons: explainChange(
        previousYear?.changeCo2e ?? null,
        previousYear?.co2e ?? null,
        input.changeReasons ?? [],
      ),
    },
  };
}

/**
 * The by-business-unit table as an indented tree: each unit with its own facilities and all its descendants'
 * (siblings by CO2e, largest first), and the facilities in no unit as one more top-level row.
 */
function businessUnitTree(
  units: InventoryInput['businessUnits'],
  ownByUnit: ReadonlyMap<string | null, UnitOwnAmounts & { amounts: ScopeAmounts }>,
): InventoryBusinessUnit[] {
  const ownOfUnits = new Map(
    [...ownByUnit].filter(
      (entry): entry is [string, UnitOwnAmounts & { amounts: ScopeAmounts }] => entry[0] !== null,
    ),
  );
  const rows: InventoryBusinessUnit[] = rollUpBusinessUnits(
    units,
    ownOfUnits,
    emptyScopeAmounts,
    (left, right) => right.amounts.co2e - left.amounts.co2e || left.name.localeCompare(right.name),
  ).map((unit) => ({
    businessUnitId: unit.businessUnitId,
    parentId: unit.parentId,
    name: unit.name,
    depth: unit.depth,
    facilityCount: unit.facilityCount,
    ownCo2e: unit.ownAmounts.co2e,
    ...unit.amounts,
  }));
  const unassigned = ownByUnit.get(null);
  if (unassigned !== undefined) {
    rows.push({
      businessUnitId: null,
      parentId: null,
      name: NO_BUSINESS_UNIT_NAME,
      depth: 0,
      facilityCount: unassigned.facilityCount,
      ownCo2e: unassigned.amounts.co2e,
      ...unassigned.amounts,
    });
  }
  return rows;
}

function methodsOf(sources: readonly FactorSourceCount[]): InventoryResponse['methods'] {
  const counts = new Map<string, number>();
  for (const source of sources) {
    counts.set(
      source.calculationMethodId,
      (counts.get(source.calculationMethodId) ?? 0) + source.resultCount,
    );
  }
  return [...counts]
    .map(([calculationMethodId, resultCount]) => ({ calculationMethodId, resultCount }))
    .sort(
      (left, right) =>
        right.resultCount - left.resultCount ||
        left.calculationMethodId.localeCompare(right.calculationMethodId),
    );
}

function factorSourcesOf(sources: readonly FactorSourceCount[]): InventoryResponse['factorSources'] {
  const counts = new Map<string, InventoryResponse['factorSources'][number]>();
  for (const source of sources) {
    const key = `${source.factorKey}\u0000${source.factorVersion}`;
    const entry = counts.get(key);
    if (entry) {
      entry.resultCount += source.resultCount;
      entry.fallbackCount += source.fallbackCount;
    } else {
      counts.set(key, {
        factorKey: source.factorKey,
        factorVersion: source.factorVersion,
        resultCount: source.resultCount,
        fallbackCount: source.fallbackCount,
      });
    }
  }
  return [...counts.values()].sort(
    (left, right) =>
      right.resultCount - left.resultCount ||
      left.factorKey.localeCompare(right.factorKey) ||
      left.factorVersion.localeCompare(right.factorVersion),
  );
}

/**
 * Facilities not wholly counted: out of the boundary under a control approach (with their reason), or at an
 * equity share below 100 %. Each with what it emitted before consolidation, so a reader sees what was left out.
 */
function exclusionsOf(
  approach: ConsolidationApproach,
  amounts: readonly InventoryAmount[],
  facilities: ReadonlyMap<string, InventoryFacilityInput>,
): InventoryExclusion[] {
  const ownCo2e = new Map<string, number>();
  for (const amount of amounts) {
    if (amount.gas !== '' || amount.scope2Method === 'market') continue;
    ownCo2e.set(amount.facilityId, (ownCo2e.get(amount.facilityId) ?? 0) + amount.co2eKg);
  }
  const exclusions: InventoryExclusion[] = [];
  for (const facility of facilities.values()) {
    const factor = consolidationFactor(approach, facility);
    if (factor === 1) continue;
    exclusions.push({
      facilityId: facility.id,
      slug: facility.slug,
      name: facility.name,
      kind: factor === 0 ? 'out-of-boundary' : 'partial-share',
      countedPercent: factor * 100,
      reason: facility.boundaryExclusionReason,
      uncountedCo2e: (ownCo2e.get(facility.id) ?? 0) * (1 - factor),
    });
  }
  return exclusions.sort(
    (left, right) => right.uncountedCo2e - left.uncountedCo2e || left.name.localeCompare(right.name),
  );
}
