import type { MeasureDto, OptimizeRequest, OptimizeResponse } from '@ecc/contracts';
import { capexSpentByYear } from '@ecc/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  DataTable,
  EmptyState,
  FormField,
  Input,
  selectClasses,
  Spinner,
} from '@ecc/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { OptionChart } from '#components/charts/option-chart.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatMoney, moneyLabel } from '#lib/format/format-money.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import {
  emissionYearsQueryOptions,
  optimize,
  targetGapQueryOptions,
  targetsQueryOptions,
} from './abatement-api.ts';
import { planTimelineOption, wedgeOption } from './optimizer-chart-options.ts';
import {
  abatementByMeasure,
  optimizeRequestOf,
  planExportHref,
  planRowsOf,
  targetSeriesOf,
  type MeasureChoice,
} from './optimizer-request.ts';
import { parsePercent } from './percent.ts';

const STATUS_TEXT: Record<OptimizeResponse['status'], string> = {
  optimal: 'Optimal: the least-cost plan that stays on the trajectory every year',
  feasible: 'Feasible: the best plan found before the time limit, within the gap shown',
  infeasible: 'Infeasible: no plan meets the trajectory every year; this one misses it by the least',
  unsolved:
    'No plan found before the time limit: nothing is proved either way. Allow more time or a larger gap and solve again',
};
const KG_PER_TONNE = 1000;

function choiceValue(choice: MeasureChoice): string {
  if (choice.kind === 'pinned')
    return choice.startYear === undefined ? 'pinned' : `pinned-${choice.startYear}`;
  return choice.kind;
}

function choiceOf(value: string): MeasureChoice {
  if (value === 'banned') return { kind: 'banned' };
  if (value === 'pinned') return { kind: 'pinned' };
  if (value.startsWith('pinned-'))
    return { kind: 'pinned', startYear: Number(value.slice('pinned-'.length)) };
  return { kind: 'free' };
}

interface SolvedPlan {
  readonly request: OptimizeRequest;
  readonly result: OptimizeResponse;
}

/**
 * The pathway optimizer (issue 12, item 4): a horizon and trajectory, the discount rate, optional yearly capex
 * budgets and the library's measures, each left to the optimizer, pinned (any year or one year) or banned; "Solve"
 * asks `POST /api/pathways/optimize` and shows the status, cost, gap, time, the plan's timeline, the wedge chart
 * and, when no plan meets the trajectory, each year's shortfall. Money (capex, budgets, cost) is in the realm's
 * `currency` (decision 050).
 */
export function OptimizerPanel({
  measures,
  currency,
}: {
  measures: readonly MeasureDto[];
  currency: string;
}) {
  const id = useId();
  const currentYear = new Date().getUTCFullYear();
  const emissionYears = useQuery(emissionYearsQueryOptions);
  const trend = emissionYears.data?.calculated.trend ?? [];
  const latest = trend.at(-1);
  const [baseYearText, setBaseYearText] = useState('');
  const [targetYearText, setTargetYearText] = useState(String(currentYear + 6));
  const [baseTonnesText, setBaseTonnesText] = useState('');
  const [rateText, setRateText] = useState('4.2');
  const [discountText, setDiscountText] = useState('6');
  const [budgetTexts, setBudgetTexts] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<Record<string, MeasureChoice>>({});
  const [solved, setSolved] = useState<SolvedPlan>();
  const [targetId, setTargetId] = useState('');
  const targets = useQuery(targetsQueryOptions);
  const gap = useQuery({ ...targetGapQueryOptions(targetId), enabled: targetId !== '' });
  const target = targets.data?.results.find((each) => each.id === targetId);
  const series = targetId !== '' && gap.data ? targetSeriesOf(gap.data) : undefined;
  const targetSeries = series !== undefined && 'baseline' in series ? series : undefined;

  // Without a typed base year, the latest with calculated emissions, and its total as the base.
  const baseYear = target?.baseYear ?? Number(baseYearText || latest?.year || currentYear - 1);
  const targetYear = target?.targetYear ?? Number(targetYearText);
  const baseTonnes =
    baseTonnesText.trim() === ''
      ? (trend.find((year) => year.year === baseYear)?.co2eKg ?? 0) / KG_PER_TONNE
      : Number(baseTonnesText.replace(',', '.'));
  const rate = parsePercent(rateText);
  const discountRate = parsePercent(discountText);
  const budgetYears =
    Number.isInteger(baseYear) && targetYear > baseYear && targetYear - baseYear <= 50
      ? Array.from({ length: targetYear - baseYear }, (_, index) => baseYear + 1 + index)
      : [];
  const inputProblem =
    targetId !== '' && series === undefined
      ? gap.isError
        ? 'The target’s years could not be loaded.'
        : 'Loading the target’s years…'
      : series !== undefined && 'problem' in series
        ? series.problem
        : !Number.isInteger(baseYear) || !Number.isInteger(targetYear) || targetYear <= baseYear
          ? 'The target year must be a year after the base year.'
          : !(baseTonnes >= 0)
            ? 'The base-year emissions must be a number of t CO2e.'
            : rate === undefined
              ? 'The reduction rate must be a percentage from 0 to 100.'
              : discountRate === undefined
                ? 'The discount rate must be a percentage from 0 to 100.'
                : undefined;

  const solve = useMutation({
    mutationFn: async () => {
      const budget = Object.fromEntries(
        Object.entries(budgetTexts)
          .filter(([year, text]) => text.trim() !== '' && budgetYears.includes(Number(year)))
          .map(([year, text]) => [year, Number(text.replace(',', '.'))]),
      );
      const request = optimizeRequestOf(measures, {
        baseYear,
        targetYear,
        baseline: targetSeries?.baseline ?? { [baseYear]: baseTonnes * KG_PER_TONNE },
        trajectory: targetSeries?.trajectory ?? { rate: rate ?? 0 },
        discountRate: discountRate ?? 0,
        budget,
        choices,
      });
      return { request, result: await optimize(request) };
    },
    onSuccess: setSolved,
  });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Optimizer
      </h2>
      {measures.length === 0 ? (
        <EmptyState
          title="No measures to plan with"
          description="Add measures to the library (the starter set is one action) and the optimizer picks which to do in which year."
        />
      ) : (
        <form
          aria-label="Optimizer settings"
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (inputProblem === undefined) solve.mutate();
          }}
        >
          <FormField
            label="Target"
            description={
              target === undefined
                ? 'Without a target: a linear contraction from the base year (4.2 % a year is SBTi’s 1.5 °C rate) and a baseline that stays at the base year’s emissions.'
                : `Baseline: the target’s business-as-usual projection; trajectory: the target’s, ${target.baseYear}–${target.targetYear}.`
            }
          >
            <select
              className={selectClasses}
              value={targetId}
              onChange={(event) => setTargetId(event.target.value)}
            >
              <option value="">No target: set the horizon and rate below</option>
              {(targets.data?.results ?? []).map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name} ({each.baseYear}–{each.targetYear})
                </option>
              ))}
            </select>
          </FormField>
          <fieldset disabled={target !== undefined} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <legend className="sr-only">Horizon and trajectory without a target</legend>
            <FormField label="Base year">
              <Input
                inputMode="numeric"
                value={baseYearText || String(baseYear)}
                onChange={(event) => setBaseYearText(event.target.value)}
              />
            </FormField>
            <FormField label="Target year">
              <Input
                inputMode="numeric"
                value={targetYearText}
                onChange={(event) => setTargetYearText(event.target.value)}
              />
            </FormField>
            <FormField label="Base-year emissions (t CO2e)">
              <Input
                inputMode="decimal"
                value={baseTonnesText || String(Math.round(baseTonnes * 10) / 10)}
                onChange={(event) => setBaseTonnesText(event.target.value)}
              />
            </FormField>
            <FormField label="Reduction rate (% a year)">
              <Input
                inputMode="decimal"
                value={rateText}
                onChange={(event) => setRateText(event.target.value)}
              />
            </FormField>
          </fieldset>
          <FormField label="Discount rate (%)" className="max-w-48">
            <Input
              inputMode="decimal"
              value={discountText}
              onChange={(event) => setDiscountText(event.target.value)}
            />
          </FormField>
          <details className="rounded border p-3">
            <summary className="cursor-pointer text-sm font-medium">
              {moneyLabel('Yearly capex budgets', currency)}, optional
            </summary>
            <div className="mt-3 grid gap-2 sm:grid-cols-4 lg:grid-cols-8">
              {budgetYears.map((year) => (
                <FormField key={year} label={moneyLabel(`Budget ${year}`, currency)}>
                  <Input
                    inputMode="decimal"
                    placeholder="No limit"
                    value={budgetTexts[year] ?? ''}
                    onChange={(event) =>
                      setBudgetTexts((texts) => ({ ...texts, [year]: event.target.value }))
                    }
                  />
                </FormField>
              ))}
            </div>
          </details>
          <DataTable
            caption="Measures the optimizer may choose, each left to it, pinned or banned"
            rows={measures}
            rowKey={(measure) => measure.id}
            hasRowHeaders
            columns={[
              { header: 'Measure', cell: (measure) => measure.name },
              {
                header: 'Abatement a year',
                cell: (measure) =>
                  measure.annualAbatementKg === null ? '—' : formatMass(measure.annualAbatementKg),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Capex',
                cell: (measure) => formatMoney(measure.capex, currency),
                className: 'text-right tabular-nums',
              },
              {
                header: 'In the plan',
                cell: (measure) => (
                  <select
                    aria-label={`In the plan: ${measure.name}`}
                    className={selectClasses}
                    value={choiceValue(choices[measure.id] ?? { kind: 'free' })}
                    onChange={(event) =>
                      setChoices((current) => ({ ...current, [measure.id]: choiceOf(event.target.value) }))
                    }
                  >
                    <option value="free">Optimizer decides</option>
                    <option value="pinned">Must start (any year)</option>
                    {budgetYears
                      .filter((year) => measure.earliestYear === null || year >= measure.earliestYear)
                      .map((year) => (
                        <option key={year} value={`pinned-${year}`}>
                          Must start in {year}
                        </option>
                      ))}
                    <option value="banned">Never (banned)</option>
                  </select>
                ),
              },
            ]}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={solve.isPending || inputProblem !== undefined}>
              {solve.isPending ? 'Solving…' : 'Solve'}
            </Button>
            {solve.isPending ? <Spinner label="Solving: this can take a few seconds" /> : null}
            {inputProblem === undefined ? null : (
              <p role="status" className="text-sm text-destructive">
                {inputProblem}
              </p>
            )}
          </div>
        </form>
      )}
      {solve.error ? (
        <Alert kind="error" role="alert">
          <AlertTitle>The optimizer could not answer</AlertTitle>
          <AlertDescription>
            {solve.error instanceof Error ? solve.error.message : String(solve.error)}
          </AlertDescription>
        </Alert>
      ) : null}
      {solved && !solve.isPending ? (
        <PlanResult solved={solved} measures={measures} currency={currency} />
      ) : null}
    </section>
  );
}

function PlanResult({
  solved,
  measures,
  currency,
}: {
  solved: SolvedPlan;
  measures: readonly MeasureDto[];
  currency: string;
}) {
  const id = useId();
  const { request, result } = solved;
  const rows = useMemo(() => planRowsOf(result, measures, request.targetYear), [result, measures, request]);
  const abated = useMemo(() => abatementByMeasure(result, rows), [result, rows]);
  const timeline = useMemo(
    () => planTimelineOption(rows, request.baseYear, request.targetYear),
    [rows, request],
  );
  const wedge = useMemo(() => wedgeOption(result, rows, abated), [result, rows, abated]);
  const shortfallYears = result.years.filter((year) => year.shortfall > 0);
  const capexYears = capexSpentByYear(rows);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4" data-testid="optimizer-result">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Plan
        </h3>
        <div className="flex flex-wrap gap-2">
          <ExportMenu
            what="the plan's measures"
            label="Export measures"
            hrefOf={(format) => planExportHref(request, result, 'measures', format)}
          />
          <ExportMenu
            what="the plan's years"
            label="Export years"
            hrefOf={(format) => planExportHref(request, result, 'years', format)}
          />
        </div>
      </div>
      <Alert
        kind={result.status === 'infeasible' || result.status === 'unsolved' ? 'warning' : 'success'}
        role="status"
      >
        <AlertTitle>{STATUS_TEXT[result.status]}</AlertTitle>
        <AlertDescription>
          Discounted cost {formatMoney(result.cost, currency)} · optimality gap{' '}
          {formatNumber(result.gap * 100)} % · solved in {formatNumber(Math.round(result.solveMs))} ms ·{' '}
          {rows.length} measures
        </AlertDescription>
      </Alert>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">The plan starts no measure.</p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <OptionChart
            title="The plan's timeline: each measure from its start year for its lifetime"
            buildOption={timeline}
            height={Math.max(160, rows.length * 36 + 60)}
            testId="plan-timeline"
            table={
              <DataTable
                caption="The plan's measures by start year"
                rows={rows}
                rowKey={(row) => row.id}
                hasRowHeaders
                columns={[
                  { header: 'Measure', cell: (row) => row.name },
                  { header: 'Starts', cell: (row) => String(row.startYear) },
                  { header: 'Abates through', cell: (row) => String(row.endYear) },
                  { header: 'Abatement a year', cell: (row) => formatMass(row.abatementKg) },
                  { header: 'Capex', cell: (row) => formatMoney(row.capex, currency) },
                ]}
              />
            }
          />
          <OptionChart
            title="Emissions wedges: baseline, abatement by measure, emissions with the plan and the trajectory"
            buildOption={wedge}
            height={340}
            testId="wedge-chart"
            table={<YearsTable result={result} />}
          />
        </div>
      )}
      {capexYears.length === 0 ? null : (
        <p className="text-sm" data-testid="plan-capex">
          Capex per year:{' '}
          {capexYears.map(({ year, capex }) => `${year} ${formatMoney(capex, currency)}`).join(' · ')}
        </p>
      )}
      <ul aria-label="The plan's measures" className="grid gap-1 text-sm">
        {rows.map((row) => (
          <li key={row.id}>
            {row.name}: starts {row.startYear}
          </li>
        ))}
      </ul>
      {shortfallYears.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">Where the plan misses the trajectory</h4>
          <DataTable
            caption="Shortfall by year"
            rows={shortfallYears}
            rowKey={(year) => String(year.year)}
            hasRowHeaders
            columns={[
              { header: 'Year', cell: (year) => String(year.year) },
              {
                header: 'Emissions',
                cell: (year) => formatMass(year.emissions),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Trajectory',
                cell: (year) => formatMass(year.trajectory),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Shortfall',
                cell: (year) => formatMass(year.shortfall),
                className: 'text-right tabular-nums',
              },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}

function YearsTable({ result }: { result: OptimizeResponse }) {
  return (
    <DataTable
      caption="Baseline, abatement, emissions and trajectory by year"
      rows={result.years}
      rowKey={(year) => String(year.year)}
      hasRowHeaders
      columns={[
        { header: 'Year', cell: (year) => String(year.year) },
        {
          header: 'Baseline',
          cell: (year) => formatMass(year.baseline),
          className: 'text-right tabular-nums',
        },
        { header: 'Abated', cell: (year) => formatMass(year.abated), className: 'text-right tabular-nums' },
        {
          header: 'Emissions',
          cell: (year) => formatMass(year.emissions),
          className: 'text-right tabular-nums',
        },
        {
          header: 'Trajectory',
          cell: (year) => formatMass(year.trajectory),
          className: 'text-right tabular-nums',
        },
      ]}
    />
  );
}
