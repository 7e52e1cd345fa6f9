import type { FacilityMonthTotals, FacilitySummary, FacilityYearTotals } from '@ecc/contracts';
import { detectDataQualityFlags, monthOf, monthsBetween, type QualityRecord } from './data-quality.ts';
import { isGasId, toCo2e, type GwpSetId } from './gwp.ts';
import {
  addToScopeTotals,
  emptyScopeTotals,
  isMarketBased,
  withScopeTotal,
  type ScopeTotals,
} from './scope-totals.ts';
import { findConversionFactor } from './units.ts';

/** One emission result with the fields of its activity record the summary groups by. */
export interface SummaryResult {
  /** `YYYY-MM-DD`; the result counts for the month and year it starts in. */
  readonly periodStart: string;
  readonly scope: number;
  /** 'location' | 'market' for Scope 2, '' otherwise. */
  readonly scope2Method: string;
  /** kg of each gas, before any GWP. */
  readonly gases: Readonly<Record<string, number>>;
  readonly co2eKg: number;
  readonly activityType: string;
  readonly equipmentId: string | null;
}

/**
 * A facility's results summed by month, scope, Scope 2 method and gas, as the database keeps them
 * (`emission_month_totals`): gas '' is the results as a whole (their CO2e, and as `gasKg` the CO2e of results
 * published as CO2e only, which carry no gas masses); any other gas its mass, with no CO2e of its own.
 */
export interface SummaryMonthTotal {
  /** `YYYY-MM-DD`, the first day of the month, or `YYYY-MM`. */
  readonly month: string;
  readonly scope: number;
  readonly scope2Method: string;
  readonly gas: string;
  readonly gasKg: number;
  readonly co2eKg: number;
}

/** The monthly totals of these results, as the database keeps them (for callers that have the results only). */
export function monthTotalsOf(results: readonly SummaryResult[]): SummaryMonthTotal[] {
  const totals = new Map<string, { -readonly [Key in keyof SummaryMonthTotal]: SummaryMonthTotal[Key] }>();
  const add = (result: SummaryResult, gas: string, gasKg: number, co2eKg: number) => {
    const month = monthOf(result.periodStart);
    const key = [month, result.scope, result.scope2Method, gas].join('|');
    const total = totals.get(key);
    if (total) {
      total.gasKg += gasKg;
      total.co2eKg += co2eKg;
    } else {
      totals.set(key, { month, scope: result.scope, scope2Method: result.scope2Method, gas, gasKg, co2eKg });
    }
  };
  for (const result of results) {
    const gases = Object.entries(result.gases);
    add(result, '', gases.length === 0 ? result.co2eKg : 0, result.co2eKg);
    for (const [gas, kg] of gases) add(result, gas, kg, 0);
  }
  return [...totals.values()];
}

/** A record for data quality and intensity; `hhv` (the factor's heat content) lets fuel volumes count as energy. */
export interface SummaryRecord extends QualityRecord {
  readonly hhv?: { readonly value: number; readonly energy: string; readonly per: string } | undefined;
}

export interface FacilitySummaryInput {
  readonly gwpSetId: GwpSetId;
  /**
   * The results the breakdowns by source and equipment sum: those of the selected year are enough. The yearly,
   * monthly and per-gas totals come from `monthTotals`, or from these results when not given.
   */
  readonly results: readonly SummaryResult[];
  readonly monthTotals?: readonly SummaryMonthTotal[] | undefined;
  readonly records: readonly SummaryRecord[];
  /** Names of the facility's equipment by id. */
  readonly equipmentNames: ReadonlyMap<string, string>;
  readonly reported: Readonly<Record<string, unknown>>;
  /** The year the breakdowns, flags and intensity cover; the latest year with results when not given. */
  readonly year?: number | undefined;
}

/** The GWP set results are stored on until realms can choose their own (GHG Protocol's current default). */
export const REPORTING_GWP_SET_ID: GwpSetId = 'AR5';

/** The name the breakdown gives results whose records are linked to no equipment. */
export const NO_EQUIPMENT_NAME = 'Not linked to equipment';
/** Results of factors published as CO2e only carry no per-gas masses; the gas breakdown shows them as this. */
export const PUBLISHED_CO2E_GAS = 'CO2e (published)';
export const INTENSITY_UNIT = 'MWh';

function addAmount(map: Map<string, number>, key: string, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/** Energy of a record in MWh: energy units convert directly, fuel quantities through the factor's heat content. */
export function energyInMwh(record: SummaryRecord): number | undefined {
  const direct = findConversionFactor(record.unit, INTENSITY_UNIT);
  if (direct !== undefined) return record.quantity * direct;
  if (!record.hhv) return undefined;
  const toHeatBasis = findConversionFactor(record.unit, record.hhv.per);
  const energyToMwh = findConversionFactor(record.hhv.energy, INTENSITY_UNIT);
  if (toHeatBasis === undefined || energyToMwh === undefined) return undefined;
  return record.quantity * toHeatBasis * record.hhv.value * energyToMwh;
}

function yearOf(periodStart: string): number {
  return Number(periodStart.slice(0, 4));
}

/** The year a facility summary's breakdowns cover: the one asked for, else the latest with results (or none). */
export function summaryYearOf(
  monthTotals: readonly Pick<SummaryMonthTotal, 'month'>[],
  year?: number | undefined,
): number | null {
  if (year !== undefined) return year;
  return monthTotals.reduce<number | null>(
    (latest, total) => Math.max(latest ?? 0, yearOf(total.month)),
    null,
  );
}

/**
 * The facility view's figures from a facility's emission results and records. Every `co2eKg` counts Scope 2
 * location-based (market-based is given beside it as `scope2Market`). Yearly and monthly totals cover every
 * year (months without holes from the first to the last month with results); the breakdowns, the data-quality
 * flags and the intensity (CO2e per MWh of energy used, fuels through their heat content, electricity as
 * metered) cover the selected year: `input.year`, else the latest year with results.
 */
export function summarizeFacility(input: FacilitySummaryInput): FacilitySummary {
  const byYear = new Map<number, ScopeTotals>();
  const byMonth = new Map<string, ScopeTotals>();
  const bySource = new Map<string, number>();
  const byEquipment = new Map<string, number>();
  const gasMasses = new Map<string, number>();
  let publishedCo2e = 0;
  const monthTotals = input.monthTotals ?? monthTotalsOf(input.results);
  const selectedYear = summaryYearOf(monthTotals, input.year);

  for (const total of monthTotals) {
    const month = monthOf(total.month);
    const year = yearOf(month);
    if (total.gas === '') {
      if (!byYear.has(year)) byYear.set(year, emptyScopeTotals());
      if (!byMonth.has(month)) byMonth.set(month, emptyScopeTotals());
      addToScopeTotals(byYear.get(year) ?? emptyScopeTotals(), total);
      addToScopeTotals(byMonth.get(month) ?? emptyScopeTotals(), total);
    }
    if (isMarketBased(total) || year !== selectedYear) continue;
    if (total.gas === '') publishedCo2e += total.gasKg;
    else addAmount(gasMasses, total.gas, total.gasKg);
  }
  for (const result of input.results) {
    if (isMarketBased(result) || yearOf(result.periodStart) !== selectedYear) continue;
    addAmount(bySource, result.activityType, result.co2eKg);
    addAmount(byEquipment, result.equipmentId ?? '', result.co2eKg);
  }

  const years: FacilityYearTotals[] = [...byYear.entries()]
    .sort(([left], [right]) => left - right)
    .map(([year, totals]) => ({ year, ...withScopeTotal(totals) }));
  const months = [...byMonth.keys()].sort();
  const monthly: FacilityMonthTotals[] =
    months.length === 0
      ? []
      : monthsBetween(months[0] ?? '', months.at(-1) ?? '').map((month) => ({
          month,
          ...withScopeTotal(byMonth.get(month) ?? emptyScopeTotals()),
        }));

  const byGas = [...gasMasses.entries()].map(([gas, kg]) => ({
    gas,
    kg,
    co2eKg: isGasId(gas) ? toCo2e(kg, gas, input.gwpSetId) : 0,
  }));
  if (publishedCo2e > 0) byGas.push({ gas: PUBLISHED_CO2E_GAS, kg: publishedCo2e, co2eKg: publishedCo2e });

  const descending = <T extends { co2eKg: number }>(rows: T[]) =>
    rows.sort((left, right) => right.co2eKg - left.co2eKg);

  const flags = detectDataQualityFlags(input.records);
  return {
    gwpSetId: input.gwpSetId,
    year: selectedYear,
    years,
    monthly,
    bySource: descending([...bySource.entries()].map(([activityType, co2eKg]) => ({ activityType, co2eKg }))),
    byEquipment: descending(
      [...byEquipment.entries()].map(([equipmentId, co2eKg]) => ({
        equipmentId: equipmentId === '' ? null : equipmentId,
        name: equipmentId === '' ? NO_EQUIPMENT_NAME : (input.equipmentNames.get(equipmentId) ?? equipmentId),
        co2eKg,
      })),
    ),
    byGas: descending(byGas),
    intensity: intensityOf(
      input.records,
      years.find((totals) => totals.year === selectedYear),
    ),
    // Flags are found over every month (an outlier is far from the facility's usual), then kept for the year.
    dataQuality: selectedYear === null ? flags : flags.filter((flag) => yearOf(flag.month) === selectedYear),
    reported: { ...input.reported },
  };
}

function intensityOf(records: readonly SummaryRecord[], latest: FacilityYearTotals | undefined) {
  if (!latest) return null;
  let energy = 0;
  for (const record of records) {
    if (Number(record.periodStart.slice(0, 4)) !== latest.year) continue;
    energy += energyInMwh(record) ?? 0;
  }
  return energy > 0
    ? { co2eKgPerUnit: latest.co2eKg / energy, unit: INTENSITY_UNIT, year: latest.year }
    : null;
}
