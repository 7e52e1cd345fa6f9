import type { CalculationError } from '@ecc/contracts';
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
import { toast } from '@ecc/ui';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
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
 * side changes the other. The formula comes from `?formula=` (a link, an example), else this browser's draft;
 * every change is kept in both. A stored calculation will open here by id once calculations are stored.
 */
export function DrakonPage({ route }: PageProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
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
