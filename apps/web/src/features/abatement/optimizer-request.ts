import {
  endpointUrl,
  exportEndpoints,
  type ExportFormat,
  type MeasureDto,
  type OptimizeRequest,
  type OptimizeResponse,
  type PlanExportRequest,
  type PlanExportTable,
  type TargetGapResponse,
} from '@ecc/contracts';
import { optimizerMeasureOf } from '@ecc/domain';

/** What a user chose for a measure: the optimizer decides, it must start (any year or one year), or never. */
export type MeasureChoice = { kind: 'free' } | { kind: 'pinned'; startYear?: number } | { kind: 'banned' };

export interface OptimizerSettings {
  readonly baseYear: number;
  readonly targetYear: number;
  /** kg CO2e a year without measures (a year left out takes the year before). */
  readonly baseline: Readonly<Record<string, number>>;
  /** kg CO2e a year, or a linear contraction rate from the base year. */
  readonly trajectory: Readonly<Record<string, number>> | { readonly rate: number };
  readonly discountRate: number;
  /** The most capex a year; years left out have no limit. */
  readonly budget: Readonly<Record<string, number>>;
  readonly choices: Readonly<Record<string, MeasureChoice>>;
}

/** The optimize request of the library's measures with the user's pins, bans and budgets. */
export function optimizeRequestOf(
  measures: readonly MeasureDto[],
  settings: OptimizerSettings,
): OptimizeRequest {
  const choiceOf = (id: string): MeasureChoice => settings.choices[id] ?? { kind: 'free' };
  const pinned = measures.flatMap((measure) => {
    const choice = choiceOf(measure.id);
    if (choice.kind !== 'pinned') return [];
    return [
      choice.startYear === undefined ? { id: measure.id } : { id: measure.id, startYear: choice.startYear },
    ];
  });
  const banned = measures
    .filter((measure) => choiceOf(measure.id).kind === 'banned')
    .map((measure) => measure.id);
  return {
    baseYear: settings.baseYear,
    targetYear: settings.targetYear,
    baseline: { ...settings.baseline },
    trajectory:
      'rate' in settings.trajectory
        ? { rate: settings.trajectory.rate as number }
        : { ...settings.trajectory },
    discountRate: settings.discountRate,
    ...(Object.keys(settings.budget).length > 0 ? { budget: { ...settings.budget } } : {}),
    measures: measures.map(optimizerMeasureOf),
    ...(pinned.length > 0 ? { pinned } : {}),
    ...(banned.length > 0 ? { banned } : {}),
  };
}

export interface PlanRow {
  readonly id: string;
  readonly name: string;
  readonly startYear: number;
  /** The last year it abates within the horizon. */
  readonly endYear: number;
  readonly abatementKg: number;
  /** Its capex, spent in its start year, in the realm's currency. */
  readonly capex: number;
}

/** The plan's measures, by start year, with the years each is active within the horizon. */
export function planRowsOf(
  result: OptimizeResponse,
  measures: readonly MeasureDto[],
  targetYear: number,
): PlanRow[] {
  const byId = new Map(measures.map((measure) => [measure.id, measure]));
  return result.plan.map(({ id, startYear }) => {
    const measure = byId.get(id);
    return {
      id,
      name: measure?.name ?? id,
      startYear,
      endYear: Math.min(targetYear, startYear + (measure?.lifetime ?? 1) - 1),
      abatementKg: measure?.annualAbatementKg ?? 0,
      capex: measure?.capex ?? 0,
    };
  });
}

/** kg CO2e each plan measure abates in each year of the answer (0 outside its active years). */
export function abatementByMeasure(result: OptimizeResponse, rows: readonly PlanRow[]): number[][] {
  return rows.map((row) =>
    result.years.map((year) =>
      year.year >= row.startYear && year.year <= row.endYear ? row.abatementKg : 0,
    ),
  );
}

/**
 * A target's yearly BAU projection and trajectory as the optimizer's baseline and trajectory (kg CO2e), or the
 * reason it cannot be planned against: an intensity target (not in kg), or no base-year figures.
 */
export function targetSeriesOf(
  gap: TargetGapResponse,
): { baseline: Record<string, number>; trajectory: Record<string, number> } | { problem: string } {
  if (gap.target.kind !== 'absolute') {
    return {
      problem: 'The optimizer plans in kg CO2e: choose an absolute target, or set the horizon below.',
    };
  }
  const baseline: Record<string, number> = {};
  const trajectory: Record<string, number> = {};
  for (const year of gap.years) {
    if (year.year < gap.target.baseYear || year.year > gap.target.targetYear) continue;
    if (year.projected !== null) baseline[year.year] = year.projected;
    if (year.trajectory !== null) trajectory[year.year] = year.trajectory;
  }
  const base = String(gap.target.baseYear);
  if (baseline[base] === undefined || trajectory[base] === undefined) {
    return { problem: `The target has no emissions for its base year ${base} to plan from.` };
  }
  return { baseline, trajectory };
}

/**
 * The download of a solved plan's table: the request's horizon, baseline, trajectory, rates and budgets with the
 * plan's starts, and no figure of a measure (the server reads those from the realm's library).
 */
export function planExportHref(
  request: OptimizeRequest,
  result: Pick<OptimizeResponse, 'plan'>,
  table: PlanExportTable,
  format: ExportFormat,
): string {
  const planRequest: PlanExportRequest = {
    baseYear: request.baseYear,
    targetYear: request.targetYear,
    baseline: request.baseline,
    trajectory: request.trajectory,
    discountRate: request.discountRate,
    ...(request.budget === undefined ? {} : { budget: request.budget }),
    plan: result.plan.map(({ id, startYear }) => ({ id, startYear })),
  };
  return endpointUrl(exportEndpoints.optimizerPlan, undefined, {
    request: JSON.stringify(planRequest),
    table,
    format,
  });
}
