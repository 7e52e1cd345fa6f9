import type { AnalysisDimension, AnalysisQuery, AnalysisView } from '@ecc/contracts';
import { Card, CardContent, CardHeader, CardTitle, EmptyState } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { TableIcon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import type { PageProps } from '#lib/routing/page-props.ts';
import { analysisExportHref, analysisQuery, dimensionValuesQuery } from './analysis-api.ts';
import { AnalysisChart } from './analysis-chart.tsx';
import { AnalysisControls } from './analysis-controls.tsx';
import { searchOfView, viewFromSearch } from './analysis-search.ts';
import { DrillThroughPanel, type DrillTarget } from './drill-through-panel.tsx';
import { emptyViewDescription } from './empty-view-description.ts';
import { buildPivot } from './pivot-model.ts';
import { PivotTable } from './pivot-table.tsx';
import { SavedViews } from './saved-views.tsx';

/**
 * `/reporting/analysis`: a pivot over the realm's emission results, computed by the server. The view lives in
 * the address, so a reload or a shared link shows the same table; views can be saved, and every cell opens the
 * records behind it.
 */
export function AnalysisPage({ route }: PageProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const view = useMemo(() => viewFromSearch(search), [search]);
  const answer = useQuery(analysisQuery(view));
  const values = useQuery(dimensionValuesQuery());
  // Known once the realm's dimension values have loaded; a realm without results has no year values at all.
  const yearsWithData = values.data
    ? (values.data.values.year ?? []).map((entry) => Number(entry.value))
    : undefined;
  const [drill, setDrill] = useState<DrillTarget | null>(null);

  const show = useCallback(
    (next: AnalysisQuery) => void navigate({ to: '.', search: searchOfView(next) }),
    [navigate],
  );
  const sortBy = useCallback(
    (by: AnalysisQuery['measures'][number] | AnalysisDimension) =>
      show({
        ...view,
        sort: { by, direction: view.sort?.by === by && view.sort.direction === 'desc' ? 'asc' : 'desc' },
      }),
    [show, view],
  );
  const pivot = useMemo(() => (answer.data ? buildPivot(view, answer.data) : undefined), [answer.data, view]);

  return (
    <>
      <PageHeader
        title={route.title}
        description="Pivot the realm's emissions by scope, category, gas, facility, organisation and period."
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>View</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AnalysisControls view={view} values={values.data?.values} onChange={show} />
            <SavedViews view={view} onOpen={(saved: AnalysisView) => show(saved.definition)} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle>Pivot</CardTitle>
            <ExportMenu what="the pivot" hrefOf={(format) => analysisExportHref(view, format)} />
          </CardHeader>
          <CardContent>
            <QueryStates
              query={answer}
              loading={
                <LoadingSkeleton label="Computing the pivot" skeletons={['h-8 w-full', 'h-48 w-full']} />
              }
              errorTitle="The pivot could not be computed"
              isEmpty={(data) =>
                data.rows.length === 0 && (data.totals.co2e ?? data.totals.gasMass ?? 0) === 0
              }
              empty={
                <EmptyState
                  icon={<TableIcon />}
                  title="No emissions match this view"
                  description={emptyViewDescription(view.filters.year, yearsWithData)}
                />
              }
            >
              {(data) =>
                pivot && (
                  <div className="grid gap-6">
                    <p className="text-sm text-muted-foreground" aria-live="polite">
                      GWP set {data.gwpSetId}; consolidation {data.consolidation}; Scope 2 {view.scope2Method}
                      -based
                      {data.comparisonYears
                        ? `; ${data.comparisonYears.current} compared with ${data.comparisonYears.comparison}`
                        : ''}
                    </p>
                    <PivotTable
                      view={view}
                      answer={data}
                      pivot={pivot}
                      onSort={sortBy}
                      onDrill={(keys, label) =>
                        setDrill({ keys, label, filters: view.filters, scope2Method: view.scope2Method })
                      }
                    />
                    <AnalysisChart view={view} answer={data} pivot={pivot} />
                  </div>
                )
              }
            </QueryStates>
          </CardContent>
        </Card>
      </div>
      <DrillThroughPanel target={drill} onClose={() => setDrill(null)} />
    </>
  );
}
