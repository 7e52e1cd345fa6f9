import type { InventoryReportedFacility } from '@ecc/contracts';
import type { InventoryAmount } from './inventory.ts';

/*
 * Emissions a facility reported to EPA's GHGRP (decision 039): Scope 1 direct emissions as EPA publishes them,
 * per facility and gas group, stored by the GHGRP import in `facilities.reported[year]` (metric tons). They enter
 * the inventory as the summary rows a calculated facility has, so consolidation and every breakdown treat them
 * alike, and only for facilities with no calculated result in the year: calculated results win.
 */

export const GHGRP_REPORTED_SOURCE = 'EPA GHGRP, reported';

const KG_PER_T = 1000;
const BIOGENIC_CO2 = 'CO2_biogenic';

/** One facility's reported year as the import stored it (masses and CO2e in t). */
export interface ReportedFacilityYear {
  readonly facilityId: string;
  /** t of each gas EPA's CO2e columns give back (CO2, CH4, N2O, SF6, NF3). */
  readonly gases: Readonly<Record<string, number>>;
  /** t CO2e of gas groups EPA publishes only as CO2e (HFC, PFC, …), carried as published. */
  readonly mixturesCo2eT: Readonly<Record<string, number>>;
  /** The year's total on each GWP set: the single gases re-based, the gas groups as published. */
  readonly co2eTByGwpSet: Readonly<Record<string, number>>;
  /** EPA's total as published, on `reportedGwpSetId` (AR4 for GHGRP through 2023). */
  readonly reportedCo2eT: number;
  readonly reportedGwpSetId: string;
  readonly biogenicCo2T: number | null;
}

/**
 * A reported year as the summary rows of Scope 1: a CO2e row (gas '') with the year's total on the realm's set,
 * whose `gasKg` is the CO2e of the gas groups that name no mass (as factors published as CO2e only do); a row per
 * gas with its mass; biogenic CO2 apart.
 */
export function reportedInventoryAmounts(
  reported: ReportedFacilityYear,
  gwpSetId: string,
): InventoryAmount[] {
  const row = (gas: string, gasKg: number, co2eKg: number): InventoryAmount => ({
    facilityId: reported.facilityId,
    scope: 1,
    scope2Method: '',
    gas,
    gasKg,
    co2eKg,
  });
  const mixturesCo2eT = Object.values(reported.mixturesCo2eT).reduce((sum, value) => sum + value, 0);
  const totalT = reported.co2eTByGwpSet[gwpSetId] ?? reported.reportedCo2eT;
  return [
    row('', mixturesCo2eT * KG_PER_T, totalT * KG_PER_T),
    ...Object.entries(reported.gases).map(([gas, tonnes]) => row(gas, tonnes * KG_PER_T, 0)),
    ...(reported.biogenicCo2T === null ? [] : [row(BIOGENIC_CO2, reported.biogenicCo2T * KG_PER_T, 0)]),
  ];
}

/**
 * The year's amounts with the reported years of facilities that have no calculated result in it (calculated
 * results win: they come from the realm's own records with their trail and cover every scope, where a reported
 * figure is Scope 1 only), and each reported facility with whether it was counted.
 */
export function withReportedAmounts(
  calculated: readonly InventoryAmount[],
  reported: readonly ReportedFacilityYear[],
  gwpSetId: string,
): {
  amounts: InventoryAmount[];
  facilities: Map<string, { year: ReportedFacilityYear; isCounted: boolean }>;
} {
  const calculatedFacilities = new Set(calculated.map((amount) => amount.facilityId));
  const amounts = [...calculated];
  const facilities = new Map<string, { year: ReportedFacilityYear; isCounted: boolean }>();
  for (const year of reported) {
    const isCounted = !calculatedFacilities.has(year.facilityId);
    facilities.set(year.facilityId, { year, isCounted });
    if (isCounted) amounts.push(...reportedInventoryAmounts(year, gwpSetId));
  }
  return { amounts, facilities };
}

/** A reported facility as the inventory lists it: its figures in kg, EPA's total as published beside the re-based. */
export function reportedFacilityOf(
  facility: { readonly id: string; readonly slug: string; readonly name: string },
  year: ReportedFacilityYear,
  isCounted: boolean,
  gwpSetId: string,
): InventoryReportedFacility {
  const kg = (values: Readonly<Record<string, number>>) =>
    Object.fromEntries(Object.entries(values).map(([key, tonnes]) => [key, tonnes * KG_PER_T]));
  return {
    facilityId: facility.id,
    slug: facility.slug,
    name: facility.name,
    isCounted,
    co2e: (year.co2eTByGwpSet[gwpSetId] ?? year.reportedCo2eT) * KG_PER_T,
    publishedCo2e: year.reportedCo2eT * KG_PER_T,
    publishedGwp: year.reportedGwpSetId,
    gases: kg(year.gases),
    gasGroupsCo2e: kg(year.mixturesCo2eT),
    biogenicCo2: year.biogenicCo2T === null ? null : year.biogenicCo2T * KG_PER_T,
  };
}
