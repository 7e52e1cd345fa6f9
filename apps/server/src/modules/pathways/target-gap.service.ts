import {
  DEFAULT_CONSOLIDATION_APPROACH,
  DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
  INTENSITY_DENOMINATOR_LABELS,
  SECTOR_PATHWAY_NOT_FOUND,
  TARGET_NOT_FOUND,
  consolidationApproachSchema,
  type TargetDto,
  type TargetGapQuery,
  type TargetGapResponse,
} from '@ecc/contracts';
import {
  createInventoryRepository,
  createOrganisationRepository,
  createPathwayTargetRepository,
  readRealmGwpSetId,
  type Database,
  type InventoryPeriod,
} from '@ecc/db';
import {
  assembleInventory,
  coveredEmissions,
  describeTargetMethod,
  isCoveredRow,
  normalizeDenominator,
  reportingYearOf,
  reportingYearRange,
  targetGap,
  type ProjectionAssumption,
  type ReportingYearRange,
  type YearValue,
} from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';
import { toSectorPathwayDto, toTargetDto } from './targets.service.ts';

/*
 * A target's gap (issue 12, item 2): the realm's yearly totals of the covered scopes read and consolidated as the
 * inventory reads them (the monthly totals of the realm's GWP set by reporting year, `assembleInventory`), then
 * the domain's projection, trajectory and gap.
 */

interface YearSeries {
  readonly actual: YearValue[];
  readonly missingYears: { year: number; reason: string }[];
  readonly unit: string;
}

/** The first day of a reporting year and the first day after it, as the repository's bounds. */
function periodOf(range: ReportingYearRange): InventoryPeriod {
  const end = new Date(`${range.end}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { from: range.start, to: end.toISOString().slice(0, 10) };
}

/** Each reporting year's kg CO2e of the covered scopes, from the first year with results to the target year. */
async function coveredEmissionsByYear(
  db: Database,
  realmId: string,
  target: TargetDto,
): Promise<{
  actual: YearValue[];
  missingYears: { year: number; reason: string }[];
  lastResultYear: number;
}> {
  const repository = createInventoryRepository(db);
  const [gwpSetId, boundaryRow] = await Promise.all([
    readRealmGwpSetId(db, realmId),
    createOrganisationRepository(db).findBoundary(realmId),
  ]);
  const approach = consolidationApproachSchema
    .catch(DEFAULT_CONSOLIDATION_APPROACH)
    .parse(boundaryRow?.consolidationApproach);
  const startMonth = boundaryRow?.reportingYearStartMonth ?? 1;
  const months = await repository.monthsWithResults(realmId, gwpSetId);
  const resultYears = new Set(months.map((month) => reportingYearOf(month, startMonth)));
  const lastResultYear = Math.max(target.baseYear, ...resultYears);
  const firstYear = Math.min(target.baseYear, ...resultYears);
  const facilities = await repository.facilities(realmId);
  const needsCategories = target.scopes.includes(3) && target.scope3Categories.length > 0;

  const actual: YearValue[] = [];
  const missingYears: { year: number; reason: string }[] = [];
  for (let year = firstYear; year <= Math.min(lastResultYear, target.targetYear); year += 1) {
    if (!resultYears.has(year)) {
      missingYears.push({ year, reason: `No results in ${year}` });
      continue;
    }
    const range = reportingYearRange(year, startMonth);
    const period = periodOf(range);
    const amounts = await repository.facilityAmounts(realmId, gwpSetId, period, { isCo2eOnly: true });
    if (!amounts.some((row) => isCoveredRow(row, target))) {
      missingYears.push({ year, reason: `No results for the covered scopes in ${year}` });
      continue;
    }
    const breakdowns = needsCategories
      ? await repository.resultBreakdowns(realmId, gwpSetId, period)
      : { scope3Categories: [], factorSources: [] };
    const inventory = assembleInventory({
      range,
      gwpSetId,
      approach,
      facilities,
      businessUnits: [],
      amounts,
      ...breakdowns,
      denominators: [],
      recalculationThresholdPercent: DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
    });
    actual.push({ year, value: coveredEmissions(inventory, target) });
  }
  return { actual, missingYears, lastResultYear };
}

/** For an intensity target: each year's emissions over the realm's denominator of the kind, in one unit. */
async function intensitiesOf(
  db: Database,
  realmId: string,
  target: TargetDto,
  emissions: Awaited<ReturnType<typeof coveredEmissionsByYear>>,
): Promise<YearSeries> {
  const kind = target.denominatorKind!;
  const label = INTENSITY_DENOMINATOR_LABELS[kind].toLowerCase();
  const rows = await createOrganisationRepository(db).listDenominators(realmId, { scope: 'realm' });
  const byYear = new Map(
    rows
      .filter((row) => row.denominator.kind === kind)
      .map(({ denominator }) => [
        denominator.year,
        normalizeDenominator(kind, denominator.amount, denominator.unit),
      ]),
  );
  const unitOfYear = byYear.get(target.baseYear)?.unit ?? [...byYear.values()].at(0)?.unit ?? '';
  const actual: YearValue[] = [];
  const missingYears = [...emissions.missingYears];
  for (const { year, value } of emissions.actual) {
    const denominator = byYear.get(year);
    if (!denominator) missingYears.push({ year, reason: `No ${label} of the realm for ${year}` });
    else if (denominator.amount === 0)
      missingYears.push({ year, reason: `The realm's ${label} for ${year} is zero` });
    else if (denominator.unit !== unitOfYear) {
      missingYears.push({
        year,
        reason: `The realm's ${label} for ${year} is in ${denominator.unit}, not ${unitOfYear} like the base year`,
      });
    } else actual.push({ year, value: value / denominator.amount });
  }
  missingYears.sort((left, right) => left.year - right.year);
  return { actual, missingYears, unit: `kg CO2e per ${unitOfYear || label}` };
}

function projectionOf(target: TargetDto, query: TargetGapQuery): ProjectionAssumption {
  const method = query.projectionMethod ?? target.projectionMethod;
  if (method === 'linear-trend') return { method };
  return { method, growthPercent: query.growthPercent ?? target.growthPercent ?? 0 };
}

/** The target's years, status and method; the query may try another projection without saving it. */
export async function readTargetGap(
  db: Database,
  realmId: string,
  id: string,
  query: TargetGapQuery,
): Promise<TargetGapResponse> {
  const repository = createPathwayTargetRepository(db);
  const row = await repository.findTarget(realmId, id);
  if (!row) throw new HttpError(404, TARGET_NOT_FOUND);
  const target = toTargetDto(row);
  const emissions = await coveredEmissionsByYear(db, realmId, target);
  const series: YearSeries =
    target.kind === 'intensity'
      ? await intensitiesOf(db, realmId, target, emissions)
      : { actual: emissions.actual, missingYears: emissions.missingYears, unit: 'kg CO2e' };
  let sectorPathway;
  if (target.sectorPathwayId !== null) {
    const pathwayRow = await repository.findSectorPathway(realmId, target.sectorPathwayId);
    if (!pathwayRow) throw new HttpError(409, SECTOR_PATHWAY_NOT_FOUND);
    sectorPathway = toSectorPathwayDto(pathwayRow);
  }
  const gap = targetGap({
    baseYear: target.baseYear,
    targetYear: target.targetYear,
    ambition: target.ambition,
    customReductionPercent: target.customReductionPercent,
    actual: series.actual,
    projection: projectionOf(target, query),
    sectorPathway,
  });
  return {
    target,
    unit: series.unit,
    years: gap.years,
    status: gap.status,
    statusYear: gap.statusYear,
    method: {
      projection: gap.projection,
      trajectory: gap.trajectory,
      description: describeTargetMethod(target.baseYear, gap.trajectory, gap.projection),
    },
    missingYears: series.missingYears,
  };
}
