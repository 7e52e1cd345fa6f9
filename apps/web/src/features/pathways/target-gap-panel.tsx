import {
  TARGET_STATUS_LABELS,
  endpointUrl,
  targetEndpoints,
  type TargetDto,
  type TargetGapResponse,
  type TargetGapYear,
} from '@ecc/contracts';
import { cn, FormField, Input, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import { OptionChart } from '#components/charts/option-chart.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import { targetGapQueryOptions } from './pathways-api.ts';
import { targetGapChartOption, type GapScenario } from './target-gap-chart-option.ts';

const CHART_HEIGHT = 320;

/** What the first scenario is compared with: nothing, another target, or this target under another growth. */
type Comparison = { kind: 'none' } | { kind: 'target'; id: string } | { kind: 'growth'; percent: string };

/** A value in the gap's unit: a mass as `formatMass` writes it, an intensity with its unit. */
export function formatGapValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return '—';
  return unit === 'kg CO2e'
    ? formatMass(value)
    : formatQuantity(value, unit.replace(/^kg CO2e per /, 'kg CO2e/'));
}

function StatusBadge({ gap }: { gap: TargetGapResponse }) {
  return (
    <span
      data-testid="target-status"
      data-status={gap.status}
      className={cn(
        // Outlined rather than tinted: the status colours on a tint fall below AA contrast.
        'rounded-full border px-2.5 py-0.5 text-sm font-medium',
        gap.status === 'on-track' && 'border-success text-success',
        gap.status === 'off-track' && 'border-destructive text-destructive',
        gap.status === 'no-data' && 'text-muted-foreground',
      )}
    >
      {TARGET_STATUS_LABELS[gap.status]}
      {gap.statusYear === null ? '' : ` in ${gap.statusYear}`}
    </span>
  );
}

function YearTable({ scenarios }: { scenarios: readonly GapScenario[] }) {
  const years = [
    ...new Set(scenarios.flatMap((scenario) => scenario.gap.years.map((year) => year.year))),
  ].sort((left, right) => left - right);
  const isCompared = scenarios.length > 1;
  const lookups = scenarios.map((scenario) => new Map(scenario.gap.years.map((year) => [year.year, year])));
  const columns: { header: string; value: (year: TargetGapYear | undefined, unit: string) => string }[] = [
    { header: 'Business as usual', value: (year, unit) => formatGapValue(year?.projected, unit) },
    { header: 'Trajectory', value: (year, unit) => formatGapValue(year?.trajectory, unit) },
    { header: 'Gap', value: (year, unit) => formatGapValue(year?.gap, unit) },
  ];
  const first = scenarios[0]!;
  const missing = new Map(first.gap.missingYears.map((year) => [year.year, year.reason]));
  return (
    <div className="max-h-96 overflow-auto rounded-lg border">
      <table className="w-full text-right text-sm tabular-nums" data-testid="target-gap-table">
        <caption className="sr-only">
          {isCompared
            ? `Years of ${scenarios.map((scenario) => scenario.label).join(' and ')}`
            : `Years of ${first.label}`}
        </caption>
        <thead className="bg-muted sticky top-0">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              Year
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Actual
            </th>
            {scenarios.flatMap((scenario) =>
              columns.map((column) => (
                <th
                  key={`${scenario.label}-${column.header}`}
                  scope="col"
                  className="px-3 py-1.5 font-medium"
                >
                  {isCompared ? `${column.header} (${scenario.label})` : column.header}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {years.map((year) => {
            const firstYear = lookups[0]!.get(year);
            return (
              <tr key={year} className="border-t" data-year={year}>
                <th scope="row" className="px-3 py-1.5 text-left font-medium">
                  {year}
                </th>
                <td className="px-3 py-1.5" data-kg={firstYear?.actual}>
                  {firstYear?.actual === undefined ? (
                    <span className="text-muted-foreground" title={missing.get(year)}>
                      {missing.has(year) ? 'No data' : '—'}
                    </span>
                  ) : (
                    formatGapValue(firstYear.actual, first.gap.unit)
                  )}
                </td>
                {scenarios.flatMap((scenario, index) =>
                  columns.map((column) => (
                    <td key={`${scenario.label}-${column.header}`} className="px-3 py-1.5">
                      {column.value(lookups[index]!.get(year), scenario.gap.unit)}
                    </td>
                  )),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export interface TargetGapPanelProps {
  target: TargetDto;
  /** The realm's other targets, to compare with. */
  targets: readonly TargetDto[];
}

/**
 * One target's years: status, method, the chart (actual, business as usual, trajectory, gap shaded) and the year
 * table with its export; compared side by side with another target or another growth assumption.
 */
export function TargetGapPanel({ target, targets }: TargetGapPanelProps) {
  const id = useId();
  const [comparison, setComparison] = useState<Comparison>({ kind: 'none' });
  const gapQuery = useQuery(targetGapQueryOptions(target.id));
  const growthPercent = comparison.kind === 'growth' ? Number(comparison.percent.replace(',', '.')) : NaN;
  const isGrowthValid =
    comparison.kind === 'growth' && comparison.percent.trim() !== '' && Number.isFinite(growthPercent);
  const comparedId =
    comparison.kind === 'target'
      ? comparison.id
      : comparison.kind === 'growth' && isGrowthValid
        ? target.id
        : undefined;
  const comparedQuery = useQuery(
    targetGapQueryOptions(
      comparedId,
      comparison.kind === 'growth' && isGrowthValid
        ? { projectionMethod: 'compound-growth', growthPercent }
        : {},
    ),
  );
  const others = targets.filter((each) => each.id !== target.id);

  const scenarios = useMemo((): GapScenario[] => {
    if (!gapQuery.data) return [];
    const first = { label: target.name, gap: gapQuery.data };
    if (comparedId === undefined || !comparedQuery.data) return [first];
    const label =
      comparison.kind === 'growth' ? `${comparison.percent} % growth a year` : comparedQuery.data.target.name;
    return [first, { label, gap: comparedQuery.data }];
  }, [gapQuery.data, comparedQuery.data, comparedId, comparison, target.name]);
  const buildChartOption = useCallback(
    (color: (slot: ChartColorSlot) => string) => targetGapChartOption(scenarios, color),
    [scenarios],
  );

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4" data-testid="target-gap-panel">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {target.name}
      </h2>
      <QueryStates
        query={gapQuery}
        loading={
          <LoadingSkeleton
            label="Loading the target's years"
            skeletons={['h-8 w-64', 'h-72 w-full']}
            aria-busy="true"
          />
        }
        errorTitle="The target's years could not be loaded"
      >
        {(gap) => (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge gap={gap} />
              <p className="text-muted-foreground text-sm" data-testid="target-method">
                {gap.method.description}
              </p>
            </div>
            {gap.missingYears.length > 0 ? (
              <ul
                className="text-muted-foreground list-inside list-disc text-sm"
                aria-label="Years without data"
              >
                {gap.missingYears.map((year) => (
                  <li key={year.year}>{year.reason}.</li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap items-end gap-3">
              <FormField label="Compare with">
                <select
                  className={selectClasses}
                  value={comparison.kind === 'target' ? `target:${comparison.id}` : comparison.kind}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (value.startsWith('target:')) setComparison({ kind: 'target', id: value.slice(7) });
                    else if (value === 'growth') setComparison({ kind: 'growth', percent: '2' });
                    else setComparison({ kind: 'none' });
                  }}
                >
                  <option value="none">Nothing</option>
                  <option value="growth">Another growth assumption</option>
                  {others.map((other) => (
                    <option key={other.id} value={`target:${other.id}`}>
                      Target: {other.name}
                    </option>
                  ))}
                </select>
              </FormField>
              {comparison.kind === 'growth' ? (
                <FormField
                  label="Growth a year (%)"
                  error={isGrowthValid ? undefined : 'Enter a percentage, such as 2 or -1.5'}
                >
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    value={comparison.percent}
                    onChange={(event) => setComparison({ kind: 'growth', percent: event.target.value })}
                  />
                </FormField>
              ) : null}
              <div className="ml-auto">
                <ExportMenu
                  what={`the years of ${target.name}`}
                  hrefOf={(format) => endpointUrl(targetEndpoints.gapExport, { id: target.id }, { format })}
                />
              </div>
            </div>
            {comparedQuery.error ? (
              <p role="alert" className="text-destructive text-sm">
                The comparison could not be loaded: {comparedQuery.error.message}
              </p>
            ) : null}
            <OptionChart
              title={`Actual, business-as-usual and trajectory emissions of ${scenarios.map((scenario) => scenario.label).join(' and ')}, with the gap`}
              buildOption={buildChartOption}
              height={CHART_HEIGHT}
              testId="target-gap-chart"
            />
            <YearTable scenarios={scenarios} />
          </div>
        )}
      </QueryStates>
    </section>
  );
}
