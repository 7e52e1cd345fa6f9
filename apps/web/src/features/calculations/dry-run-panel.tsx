import type { CalculationError, CalculationParameters, CalculationValue } from '@ecc/contracts';
import { Button, FormField, Input, selectClasses } from '@ecc/ui';
import { useMutation } from '@tanstack/react-query';
import { PlayIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { runDryRun, type DryRunOutcome } from './calculations-api.ts';
import { DryRunResult } from './dry-run-result.tsx';

type ValueKind = 'number' | 'text' | 'true' | 'false' | 'null';

interface TypedValue {
  readonly kind: ValueKind;
  readonly text: string;
}

export function typedValueOf(value: CalculationValue | undefined): TypedValue {
  if (typeof value === 'number') return { kind: 'number', text: String(value) };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (value === true) return { kind: 'true', text: '' };
  if (value === false) return { kind: 'false', text: '' };
  if (value === null) return { kind: 'null', text: '' };
  return { kind: 'number', text: '' };
}

/** The value a typed field gives, or the sentence that says why it gives none. */
export function parameterValueOf(value: TypedValue): { value: CalculationValue } | { error: string } {
  switch (value.kind) {
    case 'number': {
      const trimmed = value.text.trim().replaceAll(',', '');
      const number = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(number))
        return { error: 'Enter a number, such as 1500 or 1.026e-3' };
      return { value: number };
    }
    case 'text':
      return { value: value.text };
    case 'true':
      return { value: true };
    case 'false':
      return { value: false };
    default:
      return { value: null };
  }
}

const KIND_LABELS: Readonly<Record<ValueKind, string>> = {
  number: 'Number',
  text: 'Text',
  true: 'TRUE',
  false: 'FALSE',
  null: 'NULL (no value)',
};

export interface DryRunPanelProps {
  formula: string;
  /** The parameters the formula reads before setting them. */
  inputNames: readonly string[];
  /** Values to start from (an example's sample values). */
  initialValues?: Readonly<Record<string, CalculationValue>>;
  /** Reports the run's problems (or none) so the editor shows them at their places. */
  onProblems: (problems: readonly CalculationError[], formula: string) => void;
  /** The form's id, so a page shortcut (Ctrl+Enter) can submit it. */
  formId?: string;
  /** Said under the values, e.g. which activity record filled them. */
  valuesNote?: string;
  /** Where each starting value came from (`the record`, `equipment Boiler 1`), shown under its field. */
  valueSources?: Readonly<Record<string, string>>;
}

/** Typed parameter values → the server's dry run → value, gases and a trace line by line. */
export function DryRunPanel({
  formula,
  inputNames,
  initialValues = {},
  onProblems,
  formId,
  valuesNote,
  valueSources = {},
}: DryRunPanelProps) {
  const id = useId();
  const [values, setValues] = useState<Record<string, TypedValue>>({});
  const [gwp, setGwp] = useState<'' | 'AR4' | 'AR5' | 'AR6'>('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = useMutation({
    mutationFn: (parameters: CalculationParameters) =>
      runDryRun({ formula, parameters, ...(gwp === '' ? {} : { gwp }) }),
    onSuccess: (outcome: DryRunOutcome) =>
      onProblems(outcome.isSuccess ? [] : outcome.failure.errors, formula),
  });

  const valueOf = (name: string): TypedValue => values[name] ?? typedValueOf(initialValues[name]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parameters: CalculationParameters = {};
    const errors: Record<string, string> = {};
    for (const name of inputNames) {
      const parsed = parameterValueOf(valueOf(name));
      if ('error' in parsed) errors[name] = parsed.error;
      else parameters[name] = parsed.value;
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) {
      setRanFormula(formula);
      run.mutate(parameters);
    }
  }

  const outcome = run.data;
  // The trace's lines are those of the formula as it was run, not as it has been edited since.
  const [ranFormula, setRanFormula] = useState(formula);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-lg border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Dry run
      </h2>
      <form id={formId} className="grid gap-3" onSubmit={submit} noValidate>
        {valuesNote === undefined ? null : <p className="text-muted-foreground text-sm">{valuesNote}</p>}
        {inputNames.length === 0 ? (
          <p className="text-muted-foreground text-sm">The formula reads no parameters.</p>
        ) : (
          inputNames.map((name) => {
            const value = valueOf(name);
            const kindId = `${id}-${name}-kind`;
            return (
              <div key={name} className="grid grid-cols-[1fr_9rem] items-end gap-2">
                <FormField
                  label={`:${name}`}
                  error={fieldErrors[name]}
                  {...(Object.hasOwn(valueSources, name) && values[name] === undefined
                    ? { description: `From ${valueSources[name]}` }
                    : {})}
                >
                  <Input
                    value={value.text}
                    disabled={value.kind !== 'number' && value.kind !== 'text'}
                    inputMode={value.kind === 'number' ? 'decimal' : 'text'}
                    onChange={(event) =>
                      setValues({ ...values, [name]: { ...value, text: event.target.value } })
                    }
                  />
                </FormField>
                <div className="grid content-start gap-2">
                  <label htmlFor={kindId} className="text-sm font-medium">
                    Kind of :{name}
                  </label>
                  <select
                    id={kindId}
                    className={selectClasses}
                    value={value.kind}
                    onChange={(event) =>
                      setValues({ ...values, [name]: { ...value, kind: event.target.value as ValueKind } })
                    }
                  >
                    {Object.entries(KIND_LABELS).map(([kind, label]) => (
                      <option key={kind} value={kind}>
                        {label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            );
          })
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <label htmlFor={`${id}-gwp`} className="text-sm font-medium">
              GWP set
            </label>
            <select
              id={`${id}-gwp`}
              className={selectClasses}
              value={gwp}
              onChange={(event) => setGwp(event.target.value as typeof gwp)}
            >
              <option value="">The realm’s</option>
              <option value="AR4">AR4</option>
              <option value="AR5">AR5</option>
              <option value="AR6">AR6</option>
            </select>
          </div>
          <Button type="submit" disabled={run.isPending}>
            <PlayIcon aria-hidden="true" />
            {run.isPending ? 'Running…' : 'Run'}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {run.error !== null ? (
          <LoadError
            title="The dry run failed"
            error={run.error}
            onRetry={() => run.reset()}
            retryLabel="Dismiss"
          />
        ) : null}
        {outcome?.isSuccess === true ? (
          <DryRunResult
            response={outcome.response}
            caption="The value of each line, in the order the lines ran."
            formula={ranFormula}
          />
        ) : null}
        {outcome?.isSuccess === false ? (
          <div role="alert" className="text-destructive grid gap-1 text-sm">
            <p className="font-medium">The formula did not run:</p>
            <ul>
              {outcome.failure.errors.map((error, index) => (
                <li key={index}>
                  Line {error.line}, column {error.column}: {error.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
