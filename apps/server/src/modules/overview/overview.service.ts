import {
  OVERVIEW_SOURCE_FACILITY_COUNT,
  OVERVIEW_TOP_COUNT,
  type OverviewQuery,
  type OverviewResponse,
  type ReportingYearsResponse,
} from '@ecc/contracts';
import { createOverviewRepository, readRealmGwpSetId, type Database } from '@ecc/db';
import {
  chooseOverviewYear,
  emptyYearTotals,
  MAD_TO_STANDARD_DEVIATION,
  MIN_MONTHS_FOR_OUTLIERS,
  OUTLIER_DEVIATIONS,
  rankSources,
  withScopeTotal,
  yearTotalsOf,
} from '@ecc/domain';

/**
 * The realm overview: the database sums the realm's results on its GWP set and what facilities reported, the
 * domain turns the sums into totals (Scope 2 market-based beside them) and kg. Reported years of facilities with
 * calculated results that year are left out, so a facility is counted once, as calculated.
 */
/** The years a period selector offers. */
export async function reportingYears(
  db: Database,
  realm: { id: string; properties: Readonly<Record<string, unknown>> },
): Promise<ReportingYearsResponse> {
  return { years: await createOverviewRepository(db).years(realm.id, await readRealmGwpSetId(db, realm.id)) };
}

export async function realmOverview(
  db: Database,
  realm: { id: string; properties: Readonly<Record<string, unknown>> },
  query: OverviewQuery,
): Promise<OverviewResponse> {
  const repository = createOverviewRepository(db);
  // One set for every figure: the realm's, the only one its results are read on (decision 020).
  const gwpSetId = await readRealmGwpSetId(db, realm.id);
  const [years, facilityCount, yearly, reportedAmounts] = await Promise.all([
    repository.years(realm.id, gwpSetId),
    repository.facilityCount(realm.id),
    repository.yearlyAmounts(realm.id, gwpSetId),
    repository.reportedAmounts(realm.id, gwpSetId),
  ]);
  const trend = yearTotalsOf(yearly.amounts, yearly.facilityCounts);
  const year = chooseOverviewYear(query.year, years);
  if (year === null) {
    return {
      year,
      years,
      facilityCount,
      calculated: {
        gwpSetId,
        totals: null,
        previous: null,
        trend,
        topFacilities: [],
        topSources: [],
      },
      reported: { totals: [], trend: reportedAmounts, topFacilities: [] },
      dataQuality: { gaps: 0, outliers: 0, estimated: 0, facilityCount: 0, topFacilities: [] },
    };
  }

  const [topFacilities, sourceFacilities, topReported, dataQuality] = await Promise.all([
    repository.topFacilities(realm.id, gwpSetId, year, OVERVIEW_TOP_COUNT),
    repository.sourceFacilities(realm.id, gwpSetId, year, OVERVIEW_SOURCE_FACILITY_COUNT),
    repository.topReportedFacilities(realm.id, gwpSetId, year, OVERVIEW_TOP_COUNT),
    repository.dataQuality(realm.id, year, OVERVIEW_TOP_COUNT, {
      minMonthsForOutliers: MIN_MONTHS_FOR_OUTLIERS,
      outlierDeviations: OUTLIER_DEVIATIONS,
      madToStandardDeviation: MAD_TO_STANDARD_DEVIATION,
    }),
  ]);
  return {
    year,
    years,
    facilityCount,
    calculated: {
      gwpSetId,
      totals: trend.find((totals) => totals.year === year) ?? emptyYearTotals(year),
      previous: trend.find((totals) => totals.year === year - 1) ?? null,
      trend,
      topFacilities: topFacilities.map(({ scope1, scope2Location, scope2Market, scope3, ...facility }) => ({
        ...facility,
        ...withScopeTotal({ scope1, scope2Location, scope2Market, scope3 }),
      })),
      topSources: rankSources(sourceFacilities, OVERVIEW_TOP_COUNT),
    },
    reported: {
      totals: reportedAmounts
        .filter((amount) => amount.year === year)
        .map(({ year: _year, ...amount }) => amount),
      trend: reportedAmounts,
      topFacilities: topReported,
    },
    dataQuality: { ...dataQuality.totals, topFacilities: dataQuality.rows },
  };
}
