import { useEffect, useRef, useState } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import type { FormulaCodeMirror, FormulaNameSources, PlacedProblem } from './formula-code-mirror.ts';

export interface FormulaEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The editor's accessible name. */
  label: string;
  /** The id of the text that describes the editor (e.g. its list of problems). */
  describedBy?: string;
  /** Parameters to offer besides those the formula already names (a stored calculation's declared ones). */
  parameterNames?: readonly string[];
  /** Problems found elsewhere (the dry run), shown in the text with the parser's own. */
  problems?: readonly PlacedProblem[];
  /** The realm's factor ids and dataset names, completed inside FACTOR('…') and LOOKUP(…, '…'). */
  nameSources?: FormulaNameSources;
}

const NO_NAME_SOURCES: FormulaNameSources = {};

const NO_NAMES: readonly string[] = [];
const NO_PROBLEMS: readonly PlacedProblem[] = [];

/**
 * The formula editor of the calculation tools: CodeMirror 6, fetched when the first editor mounts, with the
 * language's highlighting, completion and diagnostics. Controlled: `value` replaces the text when it changes
 * from outside (the DRAKON view), and typing reports through `onChange`.
 */
export function FormulaEditor({
  value,
  onChange,
  label,
  describedBy,
  parameterNames = NO_NAMES,
  problems = NO_PROBLEMS,
  nameSources = NO_NAME_SOURCES,
}: FormulaEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<FormulaCodeMirror | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const initialValueRef = useRef(value);
  const [loadError, setLoadError] = useState<Error>();
  const [isReady, setIsReady] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let isCancelled = false;
    let created: FormulaCodeMirror | undefined;
    import('./formula-code-mirror.ts')
      .then(({ createFormulaCodeMirror }) => {
        const host = hostRef.current;
        if (isCancelled || host === null) return;
        created = createFormulaCodeMirror({
          parent: host,
          doc: initialValueRef.current,
          label,
          ...(describedBy === undefined ? {} : { describedBy }),
          onChange: (text) => onChangeRef.current(text),
        });
        editorRef.current = created;
        setIsReady(true);
      })
      .catch((error: unknown) => {
        if (!isCancelled) setLoadError(error instanceof Error ? error : new Error(String(error)));
      });
    return () => {
      isCancelled = true;
      created?.destroy();
      editorRef.current = undefined;
      setIsReady(false);
    };
  }, [label, describedBy, attempt]);

  useEffect(() => {
    initialValueRef.current = value;
    editorRef.current?.setDoc(value);
  }, [value, isReady]);

  useEffect(() => {
    editorRef.current?.setParameterNames(parameterNames);
  }, [parameterNames, isReady]);

  useEffect(() => {
    editorRef.current?.setProblems(problems);
  }, [problems, isReady]);

  useEffect(() => {
    editorRef.current?.setNameSources(nameSources);
  }, [nameSources, isReady]);

  if (loadError !== undefined) {
    return (
      <LoadError
        title="The formula editor could not be loaded"
        error={loadError}
        onRetry={() => {
          setLoadError(undefined);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <div className="grid">
      {isReady ? null : <LoadingSkeleton label="Loading the formula editor" skeletons={['h-48']} />}
      <div ref={hostRef} className={isReady ? undefined : 'hidden'} data-testid="formula-editor" />
    </div>
  );
}
