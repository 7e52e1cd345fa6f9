import { emissionEndpoints } from '@ecc/contracts';
import { CALCULATION_EXAMPLES } from '@ecc/domain';
import { Button, ConfirmDialog, EmptyState, cn } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FunctionSquareIcon, PlusIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { useCurrentUser } from '#lib/session/session-queries.ts';
import { CalculationIdeEditor } from './calculation-ide-editor.tsx';
import { CalculationIdeNewDialog } from './calculation-ide-new-dialog.tsx';
import {
  calculationIdeTabsReducer,
  EMPTY_CALCULATION_IDE_TABS,
  isTabDirty,
  type CalculationIdeTab,
} from './calculation-ide-tabs.ts';
import { CalculationIdeTree } from './calculation-ide-tree.tsx';
import type { FormulaNameSources } from './formula-code-mirror.ts';
import { calculationLibraryQueryOptions, datasetListQueryOptions } from './calculation-pages-api.ts';

const FACTOR_CHOICES = 50;

function searchText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

function searchNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/**
 * `/calc-editor` (issue 13 item 3): the IDE of the realm's stored calculations. The tree on the left opens a
 * calculation in a tab; each tab has its Formula, Parameters, DRAKON, Tests, History and Formula tree views and a
 * dry run on typed values or an activity record. `?calculation=<id>` (and `&version=N`) opens one by link;
 * `?example=<id>` offers to create a calculation from a worked example.
 */
export function CalculationIdePage({ route }: PageProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const requestedId = searchText(search.calculation);
  const requestedVersion = searchNumber(search.version);
  const exampleId = searchText(search.example);
  const list = useQuery(calculationLibraryQueryOptions);
  const canEdit = useCan('update', 'EmissionFactor');
  const currentUserId = useCurrentUser(true)?.id;
  const [state, dispatch] = useReducer(calculationIdeTabsReducer, EMPTY_CALCULATION_IDE_TABS);
  const [closing, setClosing] = useState<CalculationIdeTab>();
  const [isCreating, setIsCreating] = useState(false);
  const example = CALCULATION_EXAMPLES.find((each) => each.id === exampleId);

  const datasets = useQuery(datasetListQueryOptions);
  const nameSources = useMemo<FormulaNameSources>(
    () => ({
      factors: async (prefix) =>
        (
          await callEndpoint(emissionEndpoints.factors, {
            query: { q: prefix.trim() || undefined, limit: FACTOR_CHOICES, offset: 0 },
          })
        ).results.map((factor) => ({ id: factor.id, name: factor.name })),
      datasetNames: (datasets.data?.datasets ?? []).map((dataset) => dataset.name),
    }),
    [datasets.data],
  );

  // The link decides which calculation is active: opening one from the tree or a tab only changes the link.
  useEffect(() => {
    if (requestedId === undefined) return;
    const summary = list.data?.calculations.find((each) => each.id === requestedId);
    dispatch({ type: 'open', calculationId: requestedId, name: summary?.name ?? 'Calculation' });
  }, [requestedId, list.data]);

  const show = useCallback(
    (calculationId: string | undefined) =>
      void navigate({
        to: '.',
        search: calculationId === undefined ? {} : { calculation: calculationId },
      }),
    [navigate],
  );

  function close(tab: CalculationIdeTab) {
    const index = state.tabs.findIndex((each) => each.calculationId === tab.calculationId);
    const remaining = state.tabs.filter((each) => each.calculationId !== tab.calculationId);
    dispatch({ type: 'close', calculationId: tab.calculationId });
    if (state.activeId === tab.calculationId) {
      show((remaining[index] ?? remaining[index - 1])?.calculationId);
    }
  }

  const activeTab = state.tabs.find((tab) => tab.calculationId === state.activeId);

  return (
    <>
      <PageHeader
        title={route.title}
        description="The realm's calculations: open one from the tree, edit its formula, parameters and tests, see it as DRAKON, compare versions, and try it on typed values or a real activity record."
      />
      {example !== undefined && !canEdit ? (
        <p role="status" className="mb-4 text-sm">
          Only the realm's administrators create calculations.{' '}
          <Link
            to="/calc-editor/drakon"
            search={{ formula: example.formula, title: example.title }}
            className="text-primary underline-offset-4 hover:underline"
          >
            View {example.title} as DRAKON
          </Link>{' '}
          instead.
        </p>
      ) : null}
      <QueryStates
        query={list}
        loading={<LoadingSkeleton label="Loading the calculations" skeletons={['h-10', 'h-64']} />}
        errorTitle="The calculations could not be loaded"
        isEmpty={(data) => data.calculations.length === 0 && requestedId === undefined && !isCreating}
        empty={
          <EmptyState
            icon={<FunctionSquareIcon />}
            title="No calculations yet"
            description="A calculation is a formula the engine runs for the activity types bound to it. Start from a template or a worked example, or write one from scratch."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                {canEdit ? (
                  <Button type="button" onClick={() => setIsCreating(true)}>
                    <PlusIcon aria-hidden="true" /> New calculation
                  </Button>
                ) : null}
                <Link
                  to="/calc-editor/templates"
                  className="text-primary self-center text-sm underline-offset-4 hover:underline"
                >
                  Templates
                </Link>
                <Link
                  to="/calc-editor/examples"
                  className="text-primary self-center text-sm underline-offset-4 hover:underline"
                >
                  Worked examples
                </Link>
              </div>
            }
          />
        }
      >
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
            <nav aria-label="Calculations of the realm" className="grid content-start gap-3">
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold">Calculations</h2>
                {canEdit ? (
                  <Button type="button" size="sm" variant="outline" onClick={() => setIsCreating(true)}>
                    <PlusIcon aria-hidden="true" /> New
                  </Button>
                ) : null}
              </div>
              <CalculationIdeTree
                folders={data.folders}
                calculations={data.calculations}
                label="Calculations"
                {...(state.activeId === undefined ? {} : { selectedId: state.activeId })}
                onOpen={(calculation) => show(calculation.id)}
              />
            </nav>
            <section aria-label="Open calculations" className="grid min-w-0 content-start gap-4">
              {state.tabs.length === 0 ? (
                <p className="text-muted-foreground rounded-lg border border-dashed p-8 text-center text-sm">
                  Open a calculation from the tree (Enter or a click) to edit it here; several open as tabs.
                </p>
              ) : (
                // A list of buttons rather than an ARIA tablist: each open calculation has a close button beside it,
                // which a tablist may not hold.
                <ul aria-label="Open calculations" className="flex flex-wrap gap-1 border-b">
                  {state.tabs.map((tab) => {
                    const isActive = tab.calculationId === state.activeId;
                    const isDirty = isTabDirty(tab);
                    return (
                      <li
                        key={tab.calculationId}
                        className={cn(
                          'flex items-center rounded-t border border-b-0',
                          isActive ? 'bg-background border-primary border-t-2' : 'bg-muted',
                        )}
                      >
                        <button
                          type="button"
                          aria-current={isActive ? 'true' : undefined}
                          className="focus-visible:ring-ring px-3 py-1.5 font-mono text-sm outline-none focus-visible:ring-2"
                          onClick={() => show(tab.calculationId)}
                        >
                          {tab.name}
                          {isDirty ? (
                            <>
                              <span aria-hidden="true" className="ml-1 text-amber-600">
                                ●
                              </span>
                              <span className="sr-only"> (unsaved changes)</span>
                            </>
                          ) : null}
                        </button>
                        <button
                          type="button"
                          className="hover:bg-accent focus-visible:ring-ring mr-1 rounded p-0.5 outline-none focus-visible:ring-2"
                          aria-label={`Close ${tab.name}`}
                          onClick={() => (isDirty ? setClosing(tab) : close(tab))}
                        >
                          <XIcon aria-hidden="true" className="size-3.5" />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              {activeTab === undefined ? null : (
                <section aria-label={`Calculation ${activeTab.name}`}>
                  <CalculationIdeEditor
                    key={activeTab.calculationId}
                    tab={activeTab}
                    dispatch={dispatch}
                    requestedVersion={requestedId === activeTab.calculationId ? requestedVersion : undefined}
                    canEdit={canEdit}
                    currentUserId={currentUserId}
                    nameSources={nameSources}
                    onSaved={() => {
                      if (requestedVersion !== undefined) show(activeTab.calculationId);
                    }}
                  />
                </section>
              )}
            </section>
          </div>
        )}
      </QueryStates>
      {isCreating || (example !== undefined && canEdit) ? (
        <CalculationIdeNewDialog
          folders={list.data?.folders ?? []}
          example={example}
          onCreated={(calculationId) => {
            setIsCreating(false);
            show(calculationId);
          }}
          onClose={() => {
            setIsCreating(false);
            if (example !== undefined) show(state.activeId);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={closing !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setClosing(undefined);
        }}
        title={`Close ${closing?.name ?? ''} without saving?`}
        description="Its unsaved changes are lost. Save first (Ctrl+S) to keep them as a new version."
        confirmLabel="Close without saving"
        variant="destructive"
        onConfirm={() => {
          if (closing !== undefined) close(closing);
        }}
      />
    </>
  );
}
