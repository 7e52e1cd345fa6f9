import {
  ANALYSIS_COMPARISONS,
  ANALYSIS_DIMENSION_LABELS,
  ANALYSIS_DIMENSIONS,
  ANALYSIS_MEASURE_LABELS,
  ANALYSIS_MEASURES,
  INTENSITY_DENOMINATOR_KINDS,
  MAX_ANALYSIS_DIMENSIONS,
  type AnalysisDimension,
  type AnalysisDimensionValuesResponse,
  type AnalysisQuery,
} from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { XIcon } from 'lucide-react';
import { useId } from 'react';

const SELECT_CLASSES = 'h-9 rounded-md border bg-background px-2 text-sm';
const COMPARISON_LABELS = { previousPeriod: 'The year before', baseYear: 'The base year' } as const;

/** The dimensions on rows or on columns: each removable, one more added from those not used yet. */
function DimensionList({
  label,
  chosen,
  used,
  onChange,
}: {
  label: string;
  chosen: readonly AnalysisDimension[];
  used: ReadonlySet<AnalysisDimension>;
  onChange: (dimensions: AnalysisDimension[]) => void;
}) {
  const selectId = useId();
  const available = ANALYSIS_DIMENSIONS.filter((dimension) => !used.has(dimension));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      <ul className="flex flex-wrap gap-2" aria-label={`${label} chosen`}>
        {chosen.map((dimension) => (
          <li key={dimension} className="flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm">
            {ANALYSIS_DIMENSION_LABELS[dimension]}
            <button
              type="button"
              className="cursor-pointer rounded-full p-0.5 hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-label={`Remove ${ANALYSIS_DIMENSION_LABELS[dimension]} from ${label.toLowerCase()}`}
              onClick={() => onChange(chosen.filter((each) => each !== dimension))}
            >
              <XIcon className="size-3" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor={selectId} className="sr-only">
        Add to {label.toLowerCase()}
      </label>
      <select
        id={selectId}
        className={SELECT_CLASSES}
        value=""
        disabled={used.size >= MAX_ANALYSIS_DIMENSIONS * 2 || chosen.length >= MAX_ANALYSIS_DIMENSIONS}
        onChange={(event) => onChange([...chosen, event.target.value as AnalysisDimension])}
      >
        <option value="">Add to {label.toLowerCase()}…</option>
        {available.map((dimension) => (
          <option key={dimension} value={dimension}>
            {ANALYSIS_DIMENSION_LABELS[dimension]}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

/** A filter per dimension: a list of the values the realm's data has, several chosen with Ctrl or Shift. */
function FilterPicker({
  dimension,
  values,
  chosen,
  onChange,
}: {
  dimension: AnalysisDimension;
  values: AnalysisDimensionValuesResponse['values'][string] | undefined;
  chosen: readonly (string | number)[];
  onChange: (values: (string | number)[] | undefined) => void;
}) {
  const id = useId();
  const options = values ?? [];
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {ANALYSIS_DIMENSION_LABELS[dimension]}
      </label>
      <select
        id={id}
        multiple
        className="min-h-20 rounded-md border bg-background px-1 text-sm"
        value={chosen.map(String)}
        onChange={(event) => {
          const picked = [...event.target.selectedOptions].map(
            (option) => options.find((each) => String(each.value) === option.value)?.value ?? option.value,
          );
          onChange(picked.length === 0 ? undefined : picked);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label === '' ? 'Not set' : option.label}
          </option>
        ))}
      </select>
      {chosen.length > 0 && (
        <Button type="button" variant="ghost" size="xs" onClick={() => onChange(undefined)}>
          Clear {ANALYSIS_DIMENSION_LABELS[dimension].toLowerCase()} filter
        </Button>
      )}
    </div>
  );
}

/** Everything a view is made of: measures, rows, columns, filters, Scope 2 method, comparison, subtotals. */
export function AnalysisControls({
  view,
  values,
  onChange,
}: {
  view: AnalysisQuery;
  values: AnalysisDimensionValuesResponse['values'] | undefined;
  onChange: (view: AnalysisQuery) => void;
}) {
  const used = new Set<AnalysisDimension>([...view.rows, ...view.columns]);
  const change = (part: Partial<AnalysisQuery>) => {
    const next = { ...view, ...part };
    // A sort by something no longer in the view is dropped rather than refused by the server.
    if (
      next.sort &&
      !next.measures.includes(next.sort.by as never) &&
      ![...next.rows, ...next.columns].includes(next.sort.by as never)
    ) {
      delete next.sort;
    }
    onChange(next);
  };
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">Measures</legend>
          {ANALYSIS_MEASURES.map((measure) => (
            <label key={measure} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={view.measures.includes(measure)}
                disabled={view.measures.length === 1 && view.measures.includes(measure)}
                onChange={(event) =>
                  change({
                    measures: event.target.checked
                      ? [...view.measures, measure]
                      : view.measures.filter((each) => each !== measure),
                  })
                }
              />
              {ANALYSIS_MEASURE_LABELS[measure]}
            </label>
          ))}
          {view.measures.includes('intensity') && (
            <label className="grid gap-1 text-sm font-medium">
              Denominator
              <select
                className={SELECT_CLASSES}
                value={view.denominator ?? ''}
                onChange={(event) =>
                  change({ denominator: (event.target.value || undefined) as AnalysisQuery['denominator'] })
                }
              >
                <option value="">Choose a denominator</option>
                {INTENSITY_DENOMINATOR_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind}
                  </option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
        <DimensionList label="Rows" chosen={view.rows} used={used} onChange={(rows) => change({ rows })} />
        <DimensionList
          label="Columns"
          chosen={view.columns}
          used={used}
          onChange={(columns) => change({ columns })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm font-medium">
          Scope 2 method
          <select
            className={SELECT_CLASSES}
            value={view.scope2Method}
            onChange={(event) =>
              change({ scope2Method: event.target.value as AnalysisQuery['scope2Method'] })
            }
          >
            <option value="location">Location-based</option>
            <option value="market">Market-based</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium">
          Compare with
          <select
            className={SELECT_CLASSES}
            value={view.comparison ?? ''}
            onChange={(event) =>
              change({ comparison: (event.target.value || undefined) as AnalysisQuery['comparison'] })
            }
          >
            <option value="">No comparison</option>
            {ANALYSIS_COMPARISONS.map((comparison) => (
              <option key={comparison} value={comparison}>
                {COMPARISON_LABELS[comparison]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={view.subtotals}
            onChange={(event) => change({ subtotals: event.target.checked })}
          />
          Subtotals and row totals
        </label>
      </div>
      <details className="rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-medium">
          Filters{Object.keys(view.filters).length > 0 ? ` (${Object.keys(view.filters).length})` : ''}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ANALYSIS_DIMENSIONS.map((dimension) => (
            <FilterPicker
              key={dimension}
              dimension={dimension}
              values={values?.[dimension]}
              chosen={(view.filters[dimension] ?? []) as (string | number)[]}
              onChange={(picked) => {
                const filters: Record<string, unknown> = { ...view.filters };
                if (picked === undefined) delete filters[dimension];
                else filters[dimension] = picked;
                change({ filters: filters as AnalysisQuery['filters'] });
              }}
            />
          ))}
        </div>
      </details>
    </div>
  );
}
