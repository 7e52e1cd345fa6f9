import {
  calculationEndpoints,
  calculationTestInputSchema,
  type CalculationTest,
  type CalculationTestInput,
  type CalculationTestRun,
} from '@ecc/contracts';
import { Button, ConfirmDialog, FormDialog, FormField, Input, Textarea } from '@ecc/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PencilIcon, PlayIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { formatSignificant } from '#lib/format/index.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  calculationTestFormValues,
  calculationTestRequest,
  type CalculationTestFormValues,
} from './calculation-test-form.ts';
import { calculationQueryKeys } from './stored-calculations-api.ts';

export interface CalculationIdeTestsProps {
  readonly calculationId: string;
  readonly calculationName: string;
  readonly tests: readonly CalculationTest[];
  /** The parameters a test gives values to: the declared ones and those the formula reads. */
  readonly parameterNames: readonly string[];
  readonly canEdit: boolean;
}

function expectedText(test: Pick<CalculationTest, 'expectedValue' | 'expectedGases'>): string {
  const parts: string[] = [];
  if (test.expectedValue !== null) parts.push(`${formatSignificant(test.expectedValue)} kg CO2e`);
  for (const [gas, kg] of Object.entries(test.expectedGases ?? {}))
    parts.push(`${gas} ${formatSignificant(kg)} kg`);
  return parts.join(', ');
}

function actualText(run: CalculationTestRun): string {
  const parts: string[] = [];
  if (run.actualValue !== null) parts.push(`${formatSignificant(run.actualValue)} kg CO2e`);
  for (const [gas, kg] of Object.entries(run.actualGases ?? {}))
    parts.push(`${gas} ${formatSignificant(kg)} kg`);
  return parts.length === 0 ? '—' : parts.join(', ');
}

function inputsText(test: CalculationTest): string {
  const entries = Object.entries(test.inputs);
  if (entries.length === 0) return 'none';
  return entries
    .map(([name, value]) => `:${name} = ${typeof value === 'string' ? `'${value}'` : String(value)}`)
    .join(', ');
}

/** The Tests tab: the calculation's tests with their last run, add, edit, delete (confirmed) and run all. */
export function CalculationIdeTests({
  calculationId,
  calculationName,
  tests,
  parameterNames,
  canEdit,
}: CalculationIdeTestsProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CalculationTest | 'new'>();
  const [deleting, setDeleting] = useState<CalculationTest>();
  const run = useMutation({
    mutationFn: () =>
      callEndpoint(calculationEndpoints.runTests, { params: { id: calculationId }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all }),
  });
  const runs = run.data?.testRuns;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          onClick={() => run.mutate()}
          isLoading={run.isPending}
          disabled={tests.length === 0}
        >
          <PlayIcon aria-hidden="true" /> Run all tests
        </Button>
        {canEdit ? (
          <Button type="button" variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" /> Add test
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="text-sm">
        {run.error === null ? null : (
          <LoadError title="The tests could not run" error={run.error} onRetry={() => run.mutate()} />
        )}
        {run.data === undefined ? null : (
          <p role="status">
            Ran {run.data.testRuns.length} {run.data.testRuns.length === 1 ? 'test' : 'tests'} on version{' '}
            {run.data.versionNumber}: {run.data.testRuns.filter((each) => each.isPassed).length} passed,{' '}
            {run.data.testRuns.filter((each) => !each.isPassed).length} failed.
            {run.data.errors.length > 0
              ? ` The formula has errors: ${run.data.errors.map((error) => `line ${error.line}, column ${error.column}: ${error.message}`).join('; ')}.`
              : ''}
          </p>
        )}
      </div>
      {tests.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No tests yet. A test gives the parameters values and says what the formula should answer; tests run
          on every save, and a failing test blocks publishing.
        </p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Tests of {calculationName}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3 font-medium">
                Test
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Inputs
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Expected
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Actual
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Result
              </th>
              {canEdit ? (
                <th scope="col" className="sr-only">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {tests.map((test) => {
              const last = runs?.find((each) => each.testId === test.id) ?? test.lastRun;
              return (
                <tr key={test.id} className="border-t align-top" data-test-name={test.name}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {test.name}
                  </th>
                  <td className="py-2 pr-3 font-mono text-xs">{inputsText(test)}</td>
                  <td className="py-2 pr-3 tabular-nums">{expectedText(test)}</td>
                  <td className="py-2 pr-3 tabular-nums">{last === null ? '—' : actualText(last)}</td>
                  <td className="py-2 pr-3">
                    {last === null ? (
                      <span className="text-muted-foreground">Not run on the latest version</span>
                    ) : last.isPassed ? (
                      <span className="text-emerald-700 dark:text-emerald-400">
                        Passed (v{last.versionNumber})
                      </span>
                    ) : (
                      <span className="text-destructive">
                        Failed (v{last.versionNumber}): {last.message}
                      </span>
                    )}
                  </td>
                  {canEdit ? (
                    <td className="py-1">
                      <div className="flex gap-1">
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => setEditing(test)}
                          aria-label={`Edit test ${test.name}`}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeleting(test)}
                          aria-label={`Delete test ${test.name}`}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {editing === undefined ? null : (
        <CalculationTestDialog
          calculationId={calculationId}
          test={editing === 'new' ? undefined : editing}
          parameterNames={parameterNames}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(undefined);
        }}
        title={`Delete the test “${deleting?.name ?? ''}”?`}
        description="Its past runs go with it. This cannot be undone."
        confirmLabel="Delete test"
        variant="destructive"
        onConfirm={async () => {
          if (deleting === undefined) return;
          await callEndpoint(calculationEndpoints.deleteTest, {
            params: { id: calculationId, testId: deleting.id },
          });
          await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
        }}
      />
    </div>
  );
}

const TEST_FIELDS = ['name', 'expectedValue', 'expectedGases', 'tolerance'] as const;

function CalculationTestDialog({
  calculationId,
  test,
  parameterNames,
  onClose,
}: {
  calculationId: string;
  test: CalculationTest | undefined;
  parameterNames: readonly string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const initial = calculationTestFormValues(test, parameterNames);
  const { form, submit, formError } = useContractForm<CalculationTestFormValues, CalculationTestInput>({
    schema: calculationTestInputSchema,
    defaultValues: initial,
    toRequest: calculationTestRequest,
    fieldOf: (path) => {
      if (path[0] === 'inputs' && path[1] !== undefined) return `inputs.${path[1]}`;
      const field = TEST_FIELDS.find((each) => each === path[0]);
      return field;
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (request) => {
    if (test === undefined) {
      await callEndpoint(calculationEndpoints.createTest, { params: { id: calculationId }, body: request });
    } else {
      await callEndpoint(calculationEndpoints.updateTest, {
        params: { id: calculationId, testId: test.id },
        body: request,
      });
    }
    await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
    onClose();
  });

  return (
    <FormDialog
      title={test === undefined ? 'Add a test' : `Edit the test “${test.name}”`}
      description="Give the parameters values and say what the formula should answer: kg CO2e, or kg of each gas its EMIT lines emit."
      formLabel="Test"
      submitLabel={test === undefined ? 'Add test' : 'Save test'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <FormField label="Test name" error={errors.name?.message}>
        <Input {...register('name')} />
      </FormField>
      {Object.keys(initial.inputs).length === 0 ? (
        <p className="text-muted-foreground text-sm">The formula reads no parameters.</p>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Inputs (a number, TRUE, FALSE, NULL or text)</legend>
          {Object.keys(initial.inputs).map((name) => (
            <FormField key={name} label={`:${name}`} error={errors.inputs?.[name]?.message}>
              <Input {...register(`inputs.${name}`)} />
            </FormField>
          ))}
        </fieldset>
      )}
      <FormField label="Expected kg CO2e" error={errors.expectedValue?.message}>
        <Input inputMode="decimal" {...register('expectedValue')} />
      </FormField>
      <FormField
        label="Expected kg of each gas (one a line, CO2 = 54439.56)"
        error={errors.expectedGases?.message}
      >
        <Textarea rows={3} {...register('expectedGases')} />
      </FormField>
      <FormField label="Tolerance (kg)" error={errors.tolerance?.message}>
        <Input inputMode="decimal" {...register('tolerance')} />
      </FormField>
    </FormDialog>
  );
}
