import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  defaultHighlightStyle,
  StreamLanguage,
  syntaxHighlighting,
  type StringStream,
} from '@codemirror/language';
import { forceLinting, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { CALCULATION_FUNCTIONS, parseFormula } from '@ecc/domain';

/*
 * CodeMirror 6 set up for the calculation language: highlighting, completion of functions and parameters, and
 * diagnostics from the domain parser at their place (no server round trip), plus any the page passes from the
 * dry run. Loaded lazily by formula-editor.tsx, so CodeMirror is only fetched by pages that edit formulas.
 * CodeMirror writes its styles into <style> elements: the CSP's style-src allows that ('unsafe-inline').
 */

/** A problem the page knows of (e.g. from the dry run), at a line and column counted from 1. */
export interface PlacedProblem {
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  readonly message: string;
}

export interface FormulaCodeMirrorOptions {
  readonly parent: HTMLElement;
  readonly doc: string;
  readonly label: string;
  readonly describedBy?: string;
  readonly onChange: (text: string) => void;
}

/** Where the editor finds the realm's names a formula quotes: factor ids (asked as typed) and dataset names. */
export interface FormulaNameSources {
  readonly factors?: (prefix: string) => Promise<readonly { readonly id: string; readonly name: string }[]>;
  readonly datasetNames?: readonly string[];
}

export interface FormulaCodeMirror {
  setDoc(text: string): void;
  setParameterNames(names: readonly string[]): void;
  setNameSources(sources: FormulaNameSources): void;
  setProblems(problems: readonly PlacedProblem[]): void;
  focus(): void;
  destroy(): void;
}

const KEYWORDS = /^(?:set|emit|and|or|not|true|false|null)\b/i;

function token(stream: StringStream): string | null {
  if (stream.eatSpace()) return null;
  if (stream.match('//')) {
    stream.skipToEnd();
    return 'comment';
  }
  if (stream.match(/^'(?:[^']|'')*'?/)) return 'string';
  if (stream.match(/^:[A-Za-z_][A-Za-z0-9_]*/)) return 'variableName';
  if (stream.match(/^#[A-Za-z_][A-Za-z0-9_-]*(?:@\d+)?/)) return 'link';
  if (stream.match(/^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i)) return 'number';
  if (stream.match(KEYWORDS)) return 'keyword';
  if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return 'builtin';
  if (stream.match(/^(?:<=|>=|!=|<>|[-+*/^=<>])/)) return 'operator';
  stream.next();
  return null;
}

const formulaLanguage = StreamLanguage.define({ name: 'ecc-formula', token });

function offsetAt(doc: Text, line: number, column: number): number {
  const safeLine = Math.min(Math.max(line, 1), doc.lines);
  const { from, to } = doc.line(safeLine);
  return Math.min(from + Math.max(column - 1, 0), to);
}

const FUNCTION_COMPLETIONS: readonly Completion[] = [
  ...CALCULATION_FUNCTIONS.map((entry): Completion => ({
    label: entry.name,
    detail: entry.signature,
    type: 'function',
    apply: `${entry.name}(`,
  })),
  { label: 'set', type: 'keyword', detail: 'set :name = value', apply: 'set :' },
  { label: 'EMIT', type: 'keyword', detail: "EMIT('gas', kg)", apply: "EMIT('" },
];

/** Creates the editor in `parent`; the caller destroys it. */
export function createFormulaCodeMirror(options: FormulaCodeMirrorOptions): FormulaCodeMirror {
  let parameterNames: readonly string[] = [];
  let nameSources: FormulaNameSources = {};
  let problems: readonly PlacedProblem[] = [];
  let isSettingDoc = false;

  async function completeQuoted(context: CompletionContext): Promise<CompletionResult | null> {
    const factor = context.matchBefore(/FACTOR\(\s*'[^']*/i);
    if (factor !== null && nameSources.factors !== undefined) {
      const prefix = factor.text.slice(factor.text.indexOf("'") + 1);
      const factors = await nameSources.factors(prefix);
      return {
        from: factor.to - prefix.length,
        options: factors.map((each): Completion => ({ label: each.id, detail: each.name, type: 'constant' })),
        validFor: /^[^']*$/,
      };
    }
    const dataset = context.matchBefore(/LOOKUP\((?:[^,()']|'[^']*'|\([^()]*\))*,\s*'[^']*/i);
    if (dataset !== null && nameSources.datasetNames !== undefined) {
      const prefix = dataset.text.slice(dataset.text.lastIndexOf("'") + 1);
      return {
        from: dataset.to - prefix.length,
        options: nameSources.datasetNames.map((name): Completion => ({ label: name, type: 'class' })),
        validFor: /^[^']*$/,
      };
    }
    return null;
  }

  function complete(context: CompletionContext): CompletionResult | null {
    // Inside a quoted text only completeQuoted offers anything.
    const lineBefore = context.state.sliceDoc(context.state.doc.lineAt(context.pos).from, context.pos);
    if ((lineBefore.match(/'/g) ?? []).length % 2 === 1) return null;
    const parameter = context.matchBefore(/:[A-Za-z0-9_]*/);
    if (parameter !== null) {
      const written = context.state.doc.toString().match(/:[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
      const names = new Set([...parameterNames.map((name) => `:${name}`), ...written]);
      names.delete(parameter.text);
      return {
        from: parameter.from,
        options: [...names].sort().map((name): Completion => ({ label: name, type: 'variable' })),
        validFor: /^:[A-Za-z0-9_]*$/,
      };
    }
    const word = context.matchBefore(/[A-Za-z_][A-Za-z0-9_]*/);
    if (word === null || (word.from === word.to && !context.explicit)) return null;
    return { from: word.from, options: [...FUNCTION_COMPLETIONS], validFor: /^[A-Za-z0-9_]*$/ };
  }

  function diagnose(view: EditorView): Diagnostic[] {
    const doc = view.state.doc;
    const text = doc.toString();
    const found = parseFormula(text).errors.map((error): Diagnostic => {
      const from = Math.min(error.offset, text.length);
      const to = Math.min(from + Math.max(error.length, 1), text.length);
      return { from, to: Math.max(from, to), severity: 'error', message: error.message, source: 'formula' };
    });
    const placed = problems.map((problem): Diagnostic => {
      const from = offsetAt(doc, problem.line, problem.column);
      const end =
        problem.endLine === undefined || problem.endColumn === undefined
          ? Math.min(from + 1, doc.length)
          : offsetAt(doc, problem.endLine, problem.endColumn);
      return {
        from,
        to: Math.max(from, end),
        severity: 'error',
        message: problem.message,
        source: 'dry run',
      };
    });
    return [...found, ...placed];
  }

  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        lineNumbers(),
        history(),
        highlightActiveLine(),
        closeBrackets(),
        formulaLanguage,
        syntaxHighlighting(defaultHighlightStyle),
        autocompletion({ override: [completeQuoted, complete], activateOnTyping: true }),
        linter(diagnose, { delay: 200 }),
        EditorView.lineWrapping,
        placeholder('set :energy = :fuel * 1.026e-3'),
        keymap.of([
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...historyKeymap,
          ...completionKeymap,
          ...lintKeymap,
          indentWithTab,
        ]),
        EditorView.contentAttributes.of({
          'aria-label': options.label,
          ...(options.describedBy === undefined ? {} : { 'aria-describedby': options.describedBy }),
        }),
        EditorView.theme({
          '&': { fontSize: '0.875rem', border: '1px solid var(--color-border)', borderRadius: '0.375rem' },
          '&.cm-focused': { outline: '2px solid var(--color-ring)' },
          '.cm-content': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', minHeight: '12rem' },
          '.cm-gutters': { backgroundColor: 'transparent', borderRight: '1px solid var(--color-border)' },
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !isSettingDoc) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    setDoc(text) {
      const current = view.state.doc.toString();
      if (current === text) return;
      isSettingDoc = true;
      try {
        view.dispatch({ changes: { from: 0, to: current.length, insert: text } });
      } finally {
        isSettingDoc = false;
      }
    },
    setParameterNames(names) {
      parameterNames = names;
    },
    setNameSources(sources) {
      nameSources = sources;
    },
    setProblems(next) {
      problems = next;
      forceLinting(view);
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
