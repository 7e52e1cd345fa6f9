import {
  DEFAULT_CONSOLIDATION_APPROACH,
  DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
  consolidationApproachSchema,
  type ChangeDirection,
  type InventoryResponse,
  type RecordedChangeReason,
} from '@ecc/contracts';
import { assembleInventory, reportingYearRange, type RecordedReason } from '@ecc/domain';
import type { Database } from './create-database.ts';
import { createAssistantRepository } from './assistant-repository.ts';
import { createInventoryRepository } from './inventory-repository.ts';
import { createOrganisationRepository } from './organisation-repository.ts';
import { readRealmGwpSetId } from './result-gwp-sets.ts';
import type { InventoryChangeReasonRow } from './schema.ts';

/*
 * The realm's GHG inventory of a reporting year, read and assembled in one place for every reader: the inventory
 * page's routes and the report builder's inventory sections (modules do not import each other). Statements run
 * one after another: the report builder reads inside a transaction, one pg client, which must not be handed a
 * second query while one runs (pg deprecates it, pg 9 will refuse it).
 */

async function boundaryOf(db: Database, realmId: string) {
  const row = await createOrganisationRepository(db).findBoundary(realmId);
  return {
    approach: consolidationApproachSchema
      .catch(DEFAULT_CONSOLIDATION_APPROACH)
      .parse(row?.consolidationApproach),
    startMonth: row?.reportingYearStartMonth ?? 1,
    baseYear: row?.baseYear ?? null,
    thresholdPercent: row?.recalculationThresholdPercent ?? DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
  };
}

/**
 * The reporting years with results on the realm's set, named as the realm names its years (the yearly totals are
 * kept by the realm's reporting year), and the years facilities reported to EPA's GHGRP, ascending.
 */
export async function readInventoryYears(db: Database, realmId: string): Promise<number[]> {
  const repository = createInventoryRepository(db);
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const calculated = await repository.yearsWithResults(realmId, gwpSetId);
  const reported = await repository.reportedYears(realmId);
  return [...new Set([...calculated, ...reported])].sort((left, right) => left - right);
}

export function toRecordedReason(row: InventoryChangeReasonRow): RecordedReason {
  return {
    reason: row.reason as RecordedChangeReason,
    co2e: row.co2eKg,
    direction: row.direction as ChangeDirection,
    note: row.note,
  };
}

/**
 * The realm's inventory of a reporting year: the database sums by facility from the yearly totals kept by the
 * realm's reporting year (decision 034), the domain consolidates and adds up. Null when the year has no results.
 */
export async function readRealmInventory(
  db: Database,
  realmId: string,
  year: number,
): Promise<InventoryResponse | null> {
  const repository = createInventoryRepository(db);
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const boundary = await boundaryOf(db, realmId);
  const range = reportingYearRange(year, boundary.startMonth);
  const amounts = await repository.facilityAmounts(realmId, gwpSetId, year);
  const reported = await repository.reportedFacilityYears(realmId, year);
  if (amounts.length === 0 && reported.length === 0) return null;

  const comparisonYear = async (comparedYear: number | null) => {
    if (comparedYear === null) return undefined;
    const yearAmounts = await repository.facilityAmounts(realmId, gwpSetId, comparedYear, {
      isCo2eOnly: true,
    });
    const yearReported = await repository.reportedFacilityYears(realmId, comparedYear);
    return yearAmounts.length === 0 && yearReported.length === 0
      ? undefined
      : { year: comparedYear, amounts: yearAmounts, reported: yearReported };
  };
  const facilities = await repository.facilities(realmId);
  const businessUnits = await repository.businessUnits(realmId);
  const breakdowns = await repository.resultBreakdowns(realmId, gwpSetId, year);
  const denominators = await createOrganisationRepository(db).listDenominators(realmId, {
    year,
    scope: 'realm',
  });
  const baseYear = await comparisonYear(boundary.baseYear);
  const previousYear = await comparisonYear(year - 1);
  const changeReasons = await repository.changeReasons(realmId, year);
  return assembleInventory({
    range,
    gwpSetId,
    approach: boundary.approach,
    facilities,
    businessUnits,
    amounts,
    reported,
    ...breakdowns,
    denominators: denominators.map(({ denominator }) => ({
      kind: denominator.kind as InventoryResponse['intensities'][number]['kind'],
      amount: denominator.amount,
      unit: denominator.unit,
    })),
    baseYear,
    previousYear,
    recalculationThresholdPercent: boundary.thresholdPercent,
    changeReasons: changeReasons.map(toRecordedReason),
  });
}

/** The month the realm's reporting year starts in (1 = calendar years). */
export async function readReportingYearStartMonth(db: Database, realmId: string): Promise<number> {
  return (await boundaryOf(db, realmId)).startMonth;
}

/**
 * The realm's figures of the calendar months `from`–`to` (`YYYY-MM`), consolidated as its inventory is, from the
 * monthly totals (which keep no Scope 3 category or factor: those breakdowns are empty). Null without results.
 */
export async function readRealmMonthsInventory(
  db: Database,
  realmId: string,
  from: string,
  to: string,
): Promise<InventoryResponse | null> {
  const repository = createInventoryRepository(db);
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const boundary = await boundaryOf(db, realmId);
  const amounts = await createAssistantRepository(db).monthAmounts(realmId, gwpSetId, from, to);
  if (amounts.length === 0) return null;
  const facilities = await repository.facilities(realmId);
  const businessUnits = await repository.businessUnits(realmId);
  const lastDay = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).getUTCDate();
  return assembleInventory({
    range: {
      year: Number(to.slice(0, 4)),
      start: `${from}-01`,
      end: `${to}-${String(lastDay).padStart(2, '0')}`,
    },
    gwpSetId,
    approach: boundary.approach,
    facilities,
    businessUnits,
    amounts,
    scope3Categories: [],
    factorSources: [],
    denominators: [],
    recalculationThresholdPercent: boundary.thresholdPercent,
  });
}
