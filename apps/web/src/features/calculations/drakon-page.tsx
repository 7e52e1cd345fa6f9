import { calculationEndpoints, type CalculationDetail, type CalculationError } from '@ecc/contracts';
import {
  CALCULATION_EXAMPLES,
  diagramOfFormula,
  formulaInputNames,
  formulaOfDiagram,
  parseFormula,
  printFormula,
  type DrakonDiagram,
  type Formula,
} from '@ecc/domain';
import { Button, toast } from '@ecc/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { SaveIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { DrakonDiagramView } from './drakon-diagram-view.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import { FormulaEditor } from './formula-editor.tsx';
import {
  decodeFormulaFromUrl,
  encodeFormulaForUrl,
  readFormulaDraft,
  writeFormulaDraft,
} from './formula-url.ts';
import { calculationDetailQueryOptions, calculationQueryKeys } from './stored-calculations-api.ts';

const STARTING_FORMULA =
  (
    CALCULATION_EXAMPLES.find((example) => example.id === 'mobile-combustion-by-vehicle') ??
    CALCULATION_EXAMPLES[0]
  )?.formula ?? 'set :value = 0\n:value';
const UNDO_LIMIT = 100;

function searchText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // The router reads `?formula=12` as a number.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * `/calc-editor/drakon` (issue 13 item 4): a formula in the editor beside its DRAKON diagram; editing either
 * side changes the other. `?calculation=<id>` opens a stored calculation's latest version, saved as a new version
 * from here; otherwise the formula comes from `?formula=` (a link, an example), else this browser's draft, and
 * every change is kept in both.
 */
export function DrakonPage({ route }: PageProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const calculationId = searchText(search.calculation);
  if (calculationId !== undefined)
    return <StoredCalculationDrakon route={route} calculationId={calculationId} />;
  return <FormulaDrakon route={route} search={search} />;
}

function FormulaDrakon({ route, search }: PageProps & { search: Record<string, unknown> }) {
  const navigate = useNavigate();
  const urlFormula = searchText(search.formula);
  const title = searchText(search.title) ?? 'Calculation';
  const [formula, setFormula] = useState<string>();
  const [loadNotice, setLoadNotice] = useState<string>();

  useEffect(() => {
    let isCancelled = false;
    if (formula !== undefined) return;
    void (async () => {
      const fromUrl = urlFormula === undefined ? undefined : await decodeFormulaFromUrl(urlFormula);
      if (isCancelled) return;
      if (urlFormula !== undefined && fromUrl === undefined) {
        setLoadNotice('The formula in the link is damaged: showing your last draft instead.');
      }
      setFormula(fromUrl ?? readFormulaDraft() ?? STARTING_FORMULA);
    })();
    return () => {
      isCancelled = true;
    };
  }, [formula, urlFormula]);

  return (
    <>
      <PageHeader
        title={route.title}
        description="A calculation as a DRAKON flowchart an auditor can read: the main path straight down, conditions branching right. Edit the formula or the diagram; each follows the other."
      />
      {loadNotice !== undefined ? (
        <p role="status" className="mb-4 text-sm">
          {loadNotice}
        </p>
      ) : null}
      {formula === undefined ? (
        <LoadingSkeleton label="Loading the formula" skeletons={['h-48', 'h-64']} />
      ) : (
        <DrakonWorkbench
          formula={formula}
          title={title}
          onFormulaChange={(next) => {
            setFormula(next);
            writeFormulaDraft(next);
            void encodeFormulaForUrl(next).then((encoded) =>
              navigate({
                to: '.',
                search: (previous: Record<string, unknown>) => ({ ...previous, formula: encoded }),
                replace: true,
              }),
            );
          }}
        />
      )}
    </>
  );
}

/** A stored calculation's latest version as DRAKON; Save makes a new version of the changed formula. */
function StoredCalculationDrakon({ route, calculationId }: PageProps & { calculationId: string }) {
  const detail = useQuery(calculationDetailQueryOptions(calculationId));
  return (
    <>
      <PageHeader
        title={route.title}
        description="A stored calculation as a DRAKON flowchart: change the diagram or the formula, then save it as a new version."
      />
      <QueryStates
        query={detail}
        loading={<LoadingSkeleton label="Loading the calculation" skeletons={['h-48', 'h-64']} />}
        errorTitle="The calculation could not be loaded"
      >
        {(data) => <StoredCalculationWorkbench key={data.latest?.id ?? 'empty'} detail={data} />}
      </QueryStates>
    </>
  );
}

function StoredCalculationWorkbench({ detail }: { detail: CalculationDetail }) {
  const queryClient = useQueryClient();
  const canEdit = useCan('update', 'EmissionFactor') && detail.inheritedFrom === null;
  const saved = detail.latest?.formula ?? '';
  const [formula, setFormula] = useState(saved);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(calculationEndpoints.save, {
        params: { id: detail.id },
        body: { formula, parameters: [...(detail.latest?.parameters ?? [])] },
      }),
    onSuccess: async (response) => {
      toast({ title: `Saved as version ${response.version.number}` });
      await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
    },
  });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-lg font-semibold">{detail.name}</h2>
        <p className="text-sm">
          {detail.latest === null
            ? 'No version yet'
            : `Version ${detail.latest.number} · ${detail.latest.state}`}
          {formula === saved ? '' : ' · unsaved changes'}
        </p>
        <Link
          to="/calc-editor"
          search={{ calculation: detail.id }}
          className="text-primary text-sm font-medium underline-offset-4 hover:underline"
        >
          Open in the calculation editor
        </Link>
        {canEdit ? (
          <Button
            type="button"
            className="ml-auto"
            disabled={formula === saved}
            isLoading={save.isPending}
            onClick={() => save.mutate()}
          >
            <SaveIcon aria-hidden="true" /> Save as a new version
          </Button>
        ) : null}
      </div>
      {save.error === null ? null : (
        <p role="alert" className="text-destructive text-sm">
          The version was not saved: {save.error.message}
        </p>
      )}
      <DrakonWorkbench formula={formula} title={detail.name} onFormulaChange={setFormula} />
    </div>
  );
}

function DrakonWorkbench({
  formula,
  title,
  onFormulaChange,
}: {
  formula: string;
  title: string;
  onFormulaChange: (formula: string) => void;
}) {
  const id = useId();
  const parsed = useMemo(() => parseFormula(formula), [formula]);
  // While the formula has errors the diagram keeps the last version that read.
  const [lastRead, setLastRead] = useState<Formula>(() =>
    parsed.errors.length === 0 ? parsed.formula : { ...parsed.formula, statements: [] },
  );
  if (parsed.errors.length === 0 && lastRead !== parsed.formula) setLastRead(parsed.formula);
  const shown = parsed.errors.length === 0 ? parsed.formula : lastRead;
  const diagram = useMemo(() => diagramOfFormula(shown), [shown]);
  const inputNames = useMemo(() => formulaInputNames(parsed.formula), [parsed]);
  const example = CALCULATION_EXAMPLES.find(
    (candidate) =>
      candidate.formula === formula || printFormula(parseFormula(candidate.formula).formula) === formula,
  );
  const initialValues = useMemo(
    () =>
      Object.fromEntries((example?.parameters ?? []).map((parameter) => [parameter.name, parameter.value])),
    [example],
  );
  const [undoStack, setUndoStack] = useState<readonly string[]>([]);
  const [runProblems, setRunProblems] = useState<{ formula: string; errors: readonly CalculationError[] }>();
  const problems = runProblems?.formula === formula ? runProblems.errors : [];

  const undo = useCallback(() => {
    const previous = undoStack.at(-1);
    if (previous === undefined) return;
    setUndoStack(undoStack.slice(0, -1));
    onFormulaChange(previous);
  }, [undoStack, onFormulaChange]);

  function changeDiagram(next: DrakonDiagram, description: string) {
    setUndoStack([...undoStack, formula].slice(-UNDO_LIMIT));
    const nextFormula = printFormula(formulaOfDiagram(next));
    onFormulaChange(nextFormula);
    if (description.endsWith('removed')) {
      toast({
        title: description,
        action: {
          label: 'Undo',
          onClick: () => onFormulaChange(formula),
          altText: 'Undo with Ctrl+Z in the diagram',
        },
      });
    }
  }

  const problemsId = `${id}-problems`;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(22rem,2fr)_minmax(24rem,3fr)]">
      <div className="grid min-w-0 content-start gap-4">
        <section aria-labelledby={`${id}-formula`} className="grid gap-2">
          <h2 id={`${id}-formula`} className="text-lg font-semibold">
            Formula
          </h2>
          <FormulaEditor
            value={formula}
            onChange={onFormulaChange}
            label="Formula"
            describedBy={problemsId}
            parameterNames={inputNames}
            problems={problems}
          />
          <div id={problemsId} aria-live="polite" className="text-sm">
            {parsed.errors.length === 0 ? (
              <p className="text-muted-foreground">The formula reads without errors.</p>
            ) : (
              <ul className="text-destructive grid gap-1" aria-label="Problems">
                {parsed.errors.map((error, index) => (
                  <li key={index}>
                    Line {error.line}, column {error.column}: {error.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <DryRunPanel
          key={example?.id ?? 'formula'}
          formula={formula}
          inputNames={inputNames}
          initialValues={initialValues}
          onProblems={(errors, ranFormula) => setRunProblems({ formula: ranFormula, errors })}
        />
      </div>
      <section aria-labelledby={`${id}-diagram`} className="grid min-w-0 content-start gap-2">
        <h2 id={`${id}-diagram`} className="text-lg font-semibold">
          DRAKON diagram
        </h2>
        {parsed.errors.length > 0 ? (
          <p role="status" className="text-sm">
            The formula has errors: the diagram shows the last version that read, and cannot be edited until
            they are fixed.
          </p>
        ) : null}
        <DrakonDiagramView
          diagram={diagram}
          title={title}
          isEditable={parsed.errors.length === 0}
          onChange={changeDiagram}
          onUndo={undo}
          canUndo={undoStack.length > 0}
        />
      </section>
    </div>
  );
}
