import type { MeasureDto, OptimizerYear, PlanExportQuery } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import {
  activeYears,
  capexSpentByYear,
  evaluatePlan,
  findPlanRuleBreak,
  optimizerMeasureOf,
  prepareOptimizerInput,
  startCost,
  type OptimizerInput,
  type PlannedStart,
} from '@ecc/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldRefusal } from '#platform/errors.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listMeasures, moneyHeader, realmCurrencyOf } from './abatement.service.ts';

const FIELD = 'querystring/request/plan';

/** A measure the plan starts, with what it adds over the horizon and the plan's running total. */
interface PlanMeasureRow {
  readonly measure: MeasureDto;
  readonly startYear: number;
  readonly lastYear: number;
  readonly annualAbatementKg: number;
  readonly horizonAbatementKg: number;
  readonly cumulativeAbatementKg: number;
  readonly discountedCost: number;
}

/** The plan's measure columns, money in the realm's `currency` (decision 050). */
function measureColumns(currency: string): readonly ExportColumn<PlanMeasureRow>[] {
  return [
    { header: 'Start year', value: (row) => row.startYear, width: 10 },
    { header: 'Measure', value: (row) => row.measure.name, width: 40 },
    { header: moneyHeader('Capex', currency), value: (row) => row.measure.capex, width: 14 },
    {
      header: moneyHeader('Annual cost change', currency),
      value: (row) => row.measure.annualCost,
      width: 16,
    },
    { header: 'Annual abatement (kg CO2e)', value: (row) => row.annualAbatementKg, width: 20 },
    { header: 'Abates through', value: (row) => row.lastYear, width: 12 },
    { header: 'Abatement to the target year (kg CO2e)', value: (row) => row.horizonAbatementKg, width: 22 },
    { header: 'Cumulative abatement (kg CO2e)', value: (row) => row.cumulativeAbatementKg, width: 22 },
    { header: moneyHeader('Discounted cost', currency), value: (row) => row.discountedCost, width: 16 },
    { header: 'Measure id', value: (row) => row.measure.id, width: 38 },
  ];
}

/** A year of the horizon as the panel's years table shows it, with the capex its starts spend. */
interface PlanYearRow extends OptimizerYear {
  readonly capex: number;
  readonly cumulativeAbatedKg: number;
}

/** The plan's year columns, the capex its starts spend in the realm's `currency`. */
function yearColumns(currency: string): readonly ExportColumn<PlanYearRow>[] {
  return [
    { header: 'Year', value: (row) => row.year, width: 8 },
    { header: 'Baseline (kg CO2e)', value: (row) => row.baseline, width: 18 },
    { header: 'Abated (kg CO2e)', value: (row) => row.abated, width: 18 },
    { header: 'Emissions (kg CO2e)', value: (row) => row.emissions, width: 18 },
    { header: 'Trajectory (kg CO2e)', value: (row) => row.trajectory, width: 18 },
    { header: 'Shortfall (kg CO2e)', value: (row) => row.shortfall, width: 18 },
    { header: 'Cumulative abated (kg CO2e)', value: (row) => row.cumulativeAbatedKg, width: 20 },
    { header: moneyHeader('Capex started', currency), value: (row) => row.capex, width: 14 },
  ];
}

/** The plan's starts by index into the realm's measures; 422 naming the first id the library does not have. */
function plannedStarts(query: PlanExportQuery, measures: readonly MeasureDto[]): PlannedStart[] {
  const indexById = new Map(measures.map((measure, index) => [measure.id, index]));
  return query.request.plan.map((start, index) => {
    const measureIndex = indexById.get(start.id);
    if (measureIndex === undefined) {
      throw fieldRefusal(422, {
        [`${FIELD}/${index}/id`]: `No measure of this realm's library has the id ${start.id}`,
      });
    }
    return { measureIndex, startYear: start.startYear };
  });
}

function measureRows(
  input: OptimizerInput,
  measures: readonly MeasureDto[],
  plan: readonly PlannedStart[],
): PlanMeasureRow[] {
  let cumulative = 0;
  return [...plan]
    .sort(
      (left, right) =>
        left.startYear - right.startYear ||
        measures[left.measureIndex]!.name.localeCompare(measures[right.measureIndex]!.name),
    )
    .map(({ measureIndex, startYear }) => {
      const optimizerMeasure = input.measures[measureIndex]!;
      const years = activeYears(optimizerMeasure.lifetime, startYear, input.targetYear);
      const horizonAbatementKg = optimizerMeasure.abatement * years.length;
      cumulative += horizonAbatementKg;
      return {
        measure: measures[measureIndex]!,
        startYear,
        lastYear: years.at(-1) ?? startYear,
        annualAbatementKg: optimizerMeasure.abatement,
        horizonAbatementKg,
        cumulativeAbatementKg: cumulative,
        discountedCost: startCost(optimizerMeasure, startYear, input),
      };
    });
}

function yearRows(input: OptimizerInput, plan: readonly PlannedStart[]): PlanYearRow[] {
  let cumulative = 0;
  const spent = new Map(
    capexSpentByYear(
      plan.map((start) => ({ startYear: start.startYear, capex: input.measures[start.measureIndex]!.capex })),
    ).map(({ year, capex }) => [year, capex]),
  );
  return evaluatePlan(input, plan).years.map((year) => {
    cumulative += year.abated;
    return { ...year, capex: spent.get(year.year) ?? 0, cumulativeAbatedKg: cumulative };
  });
}

/**
 * `GET /api/exports/abatement/plan`: a plan the optimizer answered, as CSV or XLSX. The plan is stored nowhere, so
 * the download names its inputs and starts; each measure's figures come from the realm's library, not the browser.
 * The given plan is evaluated (the domain's `evaluatePlan`) rather than solved again: that is exact, cheap and
 * exports the plan the user saw, which a second solve under a time limit or among equal-cost plans might not.
 */
export async function sendOptimizerPlanExport(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  realmId: string,
  query: PlanExportQuery,
): Promise<FastifyReply> {
  const { results: measures } = await listMeasures(db, realmId);
  const plan = plannedStarts(query, measures);
  const { baseYear, targetYear, baseline, trajectory, discountRate, budget } = query.request;
  const input = prepareOptimizerInput({
    baseYear,
    targetYear,
    baseline,
    trajectory,
    discountRate,
    ...(budget === undefined ? {} : { budget }),
    measures: measures.map(optimizerMeasureOf),
  });
  const names = new Map(measures.map((measure) => [measure.id, measure.name]));
  const broken = findPlanRuleBreak(input, plan, (id) => names.get(id) ?? id);
  if (broken) throw fieldRefusal(422, { [`${FIELD}/${broken.index}/${broken.field}`]: broken.message });
  const currency = await realmCurrencyOf(db, realmId);
  if (query.table === 'years') {
    return sendTableExport(request, reply, {
      format: query.format,
      name: 'optimizer-plan-years',
      columns: yearColumns(currency),
      pages: [yearRows(input, plan)],
    });
  }
  return sendTableExport(request, reply, {
    format: query.format,
    name: 'optimizer-plan',
    columns: measureColumns(currency),
    pages: [measureRows(input, measures, plan)],
  });
}
