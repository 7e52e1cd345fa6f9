import {
  calculationEndpoints,
  type CalculationDetail,
  type CalculationError,
  type CalculationSaveResponse,
  type CalculationValue,
} from '@ecc/contracts';
import {
  diagramOfFormula,
  formulaInputNames,
  formulaOfDiagram,
  parseFormula,
  printFormula,
  type DrakonDiagram,
  type Formula,
} from '@ecc/domain';
import { Alert, AlertDescription, Button, toast } from '@ecc/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SaveIcon, SendIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type Dispatch } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import { CalculationIdeBindings } from './calculation-ide-bindings.tsx';
import { CalculationIdeFormulaTree } from './calculation-ide-formula-tree.tsx';
import { CalculationIdeHistory } from './calculation-ide-history.tsx';
import { CalculationIdeParameters } from './calculation-ide-parameters.tsx';
import { CalculationIdeRecordPicker, type PickedRecord } from './calculation-ide-record-picker.tsx';
import {
  isTabDirty,
  tabSource,
  type CalculationIdeTab,
  type CalculationIdeTabsAction,
  type CalculationSource,
} from './calculation-ide-tabs.ts';
import { CalculationIdeTests } from './calculation-ide-tests.tsx';
import { DrakonDiagramView } from './drakon-diagram-view.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import type { FormulaNameSources } from './formula-code-mirror.ts';
import { FormulaEditor } from './formula-editor.tsx';
import {
  calculationDetailQueryOptions,
  calculationQueryKeys,
  publishCalculationVersion,
  type PublishOutcome,
} from './stored-calculations-api.ts';

const TAB_CLASSES =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground focus-visible:outline-2 focus-visible:outline-ring';
const UNDO_LIMIT = 100;

export interface CalculationIdeEditorProps {
  readonly tab: CalculationIdeTab;
  readonly dispatch: Dispatch<CalculationIdeTabsAction>;
  /** The version a link asked for (`&version=N`); the latest when undefined. */
  readonly requestedVersion: number | undefined;
  readonly canEdit: boolean;
  readonly currentUserId: string | undefined;
  readonly nameSources: FormulaNameSources;
  /** A save made version `number`: the page drops a `&version=` from its link. */
  readonly onSaved: () => void;
}

/** One open calculation: its loading and error states around the workbench. */
export function CalculationIdeEditor(props: CalculationIdeEditorProps) {
  const { tab, dispatch, requestedVersion } = props;
  const { calculationId } = tab;
  const detail = useQuery(calculationDetailQueryOptions(calculationId));
  const pinned = useQuery({
    queryKey: [...calculationQueryKeys.versions(calculationId), requestedVersion],
    queryFn: ({ signal }) =>
      callEndpoint(calculationEndpoints.readVersion, {
        params: { id: calculationId, number: requestedVersion ?? 1 },
        signal,
      }),
    enabled: requestedVersion !== undefined,
  });
  const loaded = requestedVersion === undefined ? detail.data?.latest : pinned.data;
  const [loadedId, setLoadedId] = useState<string>();

  useEffect(() => {
    if (loaded === undefined || loaded === null) return;
    dispatch({
      type: 'load',
      calculationId,
      source: { formula: loaded.formula, parameters: loaded.parameters },
    });
  }, [loaded, calculationId, dispatch]);
  if (loaded !== undefined && loaded !== null && loadedId !== loaded.id) setLoadedId(loaded.id);

  const name = detail.data?.name;
  useEffect(() => {
    if (name !== undefined) dispatch({ type: 'rename', calculationId, name });
  }, [name, calculationId, dispatch]);

  const query = {
    isPending: detail.isPending || (requestedVersion !== undefined && pinned.isPending),
    error: detail.error ?? (requestedVersion === undefined ? null : pinned.error),
    data: detail.data,
    refetch: () => Promise.all([detail.refetch(), requestedVersion === undefined ? null : pinned.refetch()]),
  };
  return (
    <QueryStates
      query={query}
      loading={<LoadingSkeleton label="Loading the calculation" skeletons={['h-10', 'h-64']} />}
      errorTitle="The calculation could not be loaded"
    >
      {(data) =>
        // The workbench starts once the stored text has reached the tab (an empty calculation has none).
        data.latest === null || loadedId !== undefined ? (
          <CalculationWorkbench {...props} detail={data} />
        ) : (
          <LoadingSkeleton label="Loading the calculation" skeletons={['h-10', 'h-64']} />
        )
      }
    </QueryStates>
  );
}

function CalculationWorkbench({
  tab,
  dispatch,
  requestedVersion,
  canEdit,
  currentUserId,
  nameSources,
  onSaved,
  detail,
}: CalculationIdeEditorProps & { detail: CalculationDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { calculationId } = tab;
  const source = tabSource(tab);
  const { formula, parameters } = source;
  const isDirty = isTabDirty(tab);
  const isInherited = detail.inheritedFrom !== null;
  const isReadOnly = !canEdit || isInherited;
  const [view, setView] = useState('formula');
  const parsed = useMemo(() => parseFormula(formula), [formula]);
  const inputNames = useMemo(() => formulaInputNames(parsed.formula), [parsed]);
  const parameterNames = useMemo(
    () => [...new Set([...parameters.map((parameter) => parameter.name), ...inputNames])].filter(Boolean),
    [parameters, inputNames],
  );
  const [serverProblems, setServerProblems] = useState<{
    formula: string;
    errors: readonly CalculationError[];
  }>();
  const problems = serverProblems?.formula === formula ? serverProblems.errors : [];
  const [lastSave, setLastSave] = useState<CalculationSaveResponse>();
  const [publishOutcome, setPublishOutcome] = useState<PublishOutcome>();
  const [picked, setPicked] = useState<PickedRecord & { key: number }>();
  const dryRunFormId = `${id}-dry-run`;

  const edit = useCallback(
    (next: Partial<CalculationSource>) =>
      dispatch({ type: 'edit', calculationId, source: { formula, parameters, ...next } }),
    [dispatch, calculationId, formula, parameters],
  );

  const save = useMutation({
    mutationFn: (saving: CalculationSource) =>
      callEndpoint(calculationEndpoints.save, {
        params: { id: calculationId },
        body: { formula: saving.formula, parameters: [...saving.parameters] },
      }),
    onSuccess: async (response, saving) => {
      dispatch({ type: 'saved', calculationId, source: saving });
      setLastSave(response);
      setPublishOutcome(undefined);
      setServerProblems({ formula: saving.formula, errors: response.errors });
      toast({ title: `Saved as version ${response.version.number}` });
      onSaved();
      await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
    },
  });
  const latest = detail.latest;
  const publish = useMutation({
    mutationFn: (number: number) => publishCalculationVersion(calculationId, number),
    onSuccess: async (outcome) => {
      setPublishOutcome(outcome);
      if (!outcome.isPublished) {
        setServerProblems({ formula: latest?.formula ?? formula, errors: outcome.refusal.errors });
      }
      await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
    },
  });

  const canSave = !isReadOnly && !save.isPending;
  const saveNow = useRef(() => {});
  useEffect(() => {
    saveNow.current = () => {
      if (canSave) save.mutate(source);
    };
  }, [canSave, save, source]);
  useEffect(() => {
    // Ctrl+S and Ctrl+Enter work anywhere on the page, the editor included (its own Ctrl+Enter is skipped).
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.key === 's' || event.key === 'S') {
        event.preventDefault();
        event.stopPropagation();
        saveNow.current();
      } else if (event.key === 'Enter') {
        const form = document.getElementById(dryRunFormId);
        if (form instanceof HTMLFormElement) {
          event.preventDefault();
          event.stopPropagation();
          form.requestSubmit();
        }
      }
    }
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [dryRunFormId]);

  const isShowingOlder =
    requestedVersion !== undefined && latest !== null && requestedVersion !== latest.number;
  const canPublish =
    !isReadOnly && !isDirty && latest !== null && latest.state === 'draft' && !isShowingOlder;
  const saveError = save.error === null ? undefined : serverFieldErrors(save.error);
  const problemsId = `${id}-problems`;

  return (
    <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="grid min-w-0 content-start gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 className="font-mono text-lg font-semibold">{detail.name}</h2>
          <p className="text-sm" data-testid="calculation-version">
            {latest === null
              ? 'No version yet'
              : `Version ${latest.number} · ${latest.state}${detail.publishedVersion !== null && detail.publishedVersion !== latest.number ? ` (version ${detail.publishedVersion} published)` : ''}`}
            {isShowingOlder ? ` · showing version ${requestedVersion}` : ''}
          </p>
          {isDirty ? (
            <p className="text-sm font-medium text-amber-700 dark:text-amber-400">Unsaved changes</p>
          ) : null}
          <div className="ml-auto flex gap-2">
            {isReadOnly ? null : (
              <>
                <Button
                  type="button"
                  onClick={() => save.mutate(source)}
                  isLoading={save.isPending}
                  aria-keyshortcuts="Control+S"
                >
                  <SaveIcon aria-hidden="true" /> Save version
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={!canPublish}
                  isLoading={publish.isPending}
                  onClick={() => {
                    if (latest !== null) publish.mutate(latest.number);
                  }}
                >
                  <SendIcon aria-hidden="true" /> Publish
                  {latest === null ? '' : ` version ${latest.number}`}
                </Button>
              </>
            )}
          </div>
        </div>
        {detail.description === '' ? null : (
          <p className="text-muted-foreground text-sm">{detail.description}</p>
        )}
        <p className="text-sm">
          <Link
            to="/calc-editor/drakon"
            search={{ calculation: calculationId }}
            className="text-primary font-medium underline-offset-4 hover:underline"
          >
            Open the DRAKON page of {detail.name}
          </Link>
        </p>
        <p className="text-muted-foreground text-xs" id={`${id}-shortcuts`}>
          Keyboard: Ctrl+S saves a new version, Ctrl+Enter runs the dry run, Ctrl+Space completes in the
          formula.
          {isDirty && !isReadOnly ? ' Save before publishing: publishing applies to a saved version.' : ''}
        </p>
        {isInherited ? (
          <Alert kind="info">
            <AlertDescription>
              Inherited from {detail.inheritedFrom}: read-only here. Copy it to change it for this realm.
            </AlertDescription>
          </Alert>
        ) : null}
        <div aria-live="polite" className="grid gap-2">
          {saveError === undefined ? null : (
            <Alert kind="error">
              <AlertDescription>
                The version was not saved: {saveError.form ?? ''}
                {Object.entries(saveError.fields).map(([field, message]) => (
                  <span key={field} className="block">
                    {field}: {message}
                  </span>
                ))}
              </AlertDescription>
            </Alert>
          )}
          {lastSave === undefined ? null : <SaveSummary response={lastSave} />}
          {publish.error === null ? null : (
            <Alert kind="error">
              <AlertDescription>The version was not published: {publish.error.message}</AlertDescription>
            </Alert>
          )}
          {publishOutcome === undefined ? null : <PublishSummary outcome={publishOutcome} />}
        </div>
        <Tabs.Root value={view} onValueChange={setView} className="grid gap-3">
          <Tabs.List aria-label={`Views of ${detail.name}`} className="flex flex-wrap border-b">
            <Tabs.Trigger value="formula" className={TAB_CLASSES}>
              Formula
            </Tabs.Trigger>
            <Tabs.Trigger value="parameters" className={TAB_CLASSES}>
              Parameters ({parameters.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="drakon" className={TAB_CLASSES}>
              DRAKON
            </Tabs.Trigger>
            <Tabs.Trigger value="tests" className={TAB_CLASSES}>
              Tests ({detail.tests.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="bindings" className={TAB_CLASSES}>
              Bindings ({detail.bindings.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="history" className={TAB_CLASSES}>
              History
            </Tabs.Trigger>
            <Tabs.Trigger value="tree" className={TAB_CLASSES}>
              Formula tree
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="formula" className="grid gap-2">
            <FormulaEditor
              value={formula}
              onChange={(next) => edit({ formula: next })}
              label={`Formula of ${detail.name}`}
              describedBy={problemsId}
              parameterNames={parameterNames}
              problems={problems}
              nameSources={nameSources}
            />
            <div id={problemsId} aria-live="polite" className="text-sm">
              {parsed.errors.length === 0 && problems.length === 0 ? (
                <p className="text-muted-foreground">The formula reads without errors.</p>
              ) : (
                <ul className="text-destructive grid gap-1" aria-label="Problems">
                  {[...parsed.errors, ...problems].map((error, index) => (
                    <li key={index}>
                      Line {error.line}, column {error.column}: {error.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Tabs.Content>
          <Tabs.Content value="parameters">
            <CalculationIdeParameters
              parameters={parameters}
              inputNames={inputNames}
              isReadOnly={isReadOnly}
              onChange={(next) => edit({ parameters: next })}
            />
          </Tabs.Content>
          <Tabs.Content value="drakon">
            <DrakonTab
              formula={formula}
              parsed={parsed.errors.length === 0 ? parsed.formula : undefined}
              title={detail.name}
              isReadOnly={isReadOnly}
              onFormulaChange={(next) => edit({ formula: next })}
            />
          </Tabs.Content>
          <Tabs.Content value="tests">
            <CalculationIdeTests
              calculationId={calculationId}
              calculationName={detail.name}
              tests={detail.tests}
              parameterNames={parameterNames}
              canEdit={!isReadOnly}
            />
          </Tabs.Content>
          <Tabs.Content value="bindings">
            <CalculationIdeBindings
              calculationId={calculationId}
              calculationName={detail.name}
              publishedVersion={detail.publishedVersion}
              canEdit={canEdit}
            />
          </Tabs.Content>
          <Tabs.Content value="history">
            <CalculationIdeHistory calculationId={calculationId} currentUserId={currentUserId} />
          </Tabs.Content>
          <Tabs.Content value="tree">
            <CalculationIdeFormulaTree formula={formula} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
      <aside aria-label="Dry run" className="grid min-w-0 content-start gap-3">
        <CalculationIdeRecordPicker
          onPick={(record) => setPicked({ ...record, key: (picked?.key ?? 0) + 1 })}
        />
        <DryRunPanel
          key={picked?.key ?? 0}
          formula={formula}
          inputNames={inputNames}
          initialValues={picked?.parameters ?? testInputsOf(detail)}
          onProblems={(errors, ranFormula) => setServerProblems({ formula: ranFormula, errors })}
          formId={dryRunFormId}
          {...(picked === undefined
            ? {}
            : { valuesNote: `Values of the record ${picked.description}.`, valueSources: picked.sources })}
        />
      </aside>
    </div>
  );
}

/** The first test's inputs, so a dry run starts from values that make sense for the calculation. */
function testInputsOf(detail: CalculationDetail): Readonly<Record<string, CalculationValue>> {
  return detail.tests[0]?.inputs ?? {};
}

function SaveSummary({ response }: { response: CalculationSaveResponse }) {
  const failed = response.testRuns.filter((run) => !run.isPassed);
  return (
    <p role="status" className="text-sm">
      Saved as version {response.version.number}.{' '}
      {response.testRuns.length === 0
        ? 'It has no tests.'
        : `${response.testRuns.length - failed.length} of ${response.testRuns.length} tests passed${failed.length > 0 ? `; failing: ${failed.map((run) => run.name).join(', ')}` : ''}.`}
      {response.errors.length > 0
        ? ' The formula has errors: it cannot be published until they are fixed.'
        : ''}
    </p>
  );
}

function PublishSummary({ outcome }: { outcome: PublishOutcome }) {
  if (outcome.isPublished) {
    return (
      <p role="status" className="text-sm font-medium">
        Version {outcome.version.number} is published: it no longer changes, and bindings run it.
      </p>
    );
  }
  const { refusal } = outcome;
  return (
    <Alert kind="error">
      <AlertDescription>
        <span className="block font-medium">Not published: {refusal.message}</span>
        {refusal.failingTests.length === 0 ? null : (
          <ul aria-label="Failing tests" className="mt-1 list-disc pl-5">
            {refusal.failingTests.map((run) => (
              <li key={run.testId}>
                {run.name}: {run.message}
              </li>
            ))}
          </ul>
        )}
        {refusal.errors.length === 0 ? null : (
          <ul aria-label="Formula errors" className="mt-1 list-disc pl-5">
            {refusal.errors.map((error, index) => (
              <li key={index}>
                Line {error.line}, column {error.column}: {error.message}
              </li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** The DRAKON tab: the open text as a diagram; an edit there rewrites the formula (and is undoable here). */
function DrakonTab({
  formula,
  parsed,
  title,
  isReadOnly,
  onFormulaChange,
}: {
  formula: string;
  /** The formula's tree while it reads without errors. */
  parsed: Formula | undefined;
  title: string;
  isReadOnly: boolean;
  onFormulaChange: (formula: string) => void;
}) {
  const [lastRead, setLastRead] = useState<Formula | undefined>(parsed);
  if (parsed !== undefined && parsed !== lastRead) setLastRead(parsed);
  const shown = parsed ?? lastRead;
  const diagram = useMemo(() => (shown === undefined ? undefined : diagramOfFormula(shown)), [shown]);
  const [undoStack, setUndoStack] = useState<readonly string[]>([]);

  function changeDiagram(next: DrakonDiagram) {
    setUndoStack([...undoStack, formula].slice(-UNDO_LIMIT));
    onFormulaChange(printFormula(formulaOfDiagram(next)));
  }

  return (
    <div className="grid gap-2">
      {parsed === undefined ? (
        <p role="status" className="text-sm">
          The formula has errors: the diagram shows the last version that read, and cannot be edited until
          they are fixed.
        </p>
      ) : null}
      {diagram === undefined ? null : (
        <DrakonDiagramView
          diagram={diagram}
          title={title}
          isEditable={parsed !== undefined && !isReadOnly}
          onChange={changeDiagram}
          onUndo={() => {
            const previous = undoStack.at(-1);
            if (previous === undefined) return;
            setUndoStack(undoStack.slice(0, -1));
            onFormulaChange(previous);
          }}
          canUndo={undoStack.length > 0}
        />
      )}
    </div>
  );
}
