import {
  calculationBindingInputSchema,
  calculationEndpoints,
  endpointUrl,
  exportEndpoints,
  type CalculationBinding,
  type CalculationBindingInput,
  type CalculationBindingListResponse,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, FormField, selectClasses } from '@ecc/ui';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { calculationQueryKeys } from './stored-calculations-api.ts';

/*
 * The Bindings tab of the IDE (issue 13 item 2, decision 037): what the open calculation is bound to (the realm's
 * own bindings and those inherited from a parent realm), binding it to one of the realm's activity types or
 * equipment types, and removing the realm's own binding after a confirmation. The engine runs the latest
 * published version for records of a bound target, so a calculation without one cannot be bound.
 */

export const calculationBindingsQueryOptions = queryOptions({
  queryKey: [...calculationQueryKeys.all, 'bindings'] as const,
  queryFn: ({ signal }) => callEndpoint(calculationEndpoints.listBindings, { signal }),
});

const KIND_LABELS: Readonly<Record<CalculationBinding['targetKind'], string>> = {
  'activity-type': 'Activity type',
  'equipment-type': 'Equipment type',
};

export interface CalculationIdeBindingsProps {
  readonly calculationId: string;
  readonly calculationName: string;
  /** The published version the engine would run; null when the calculation has none. */
  readonly publishedVersion: number | null;
  /** Whether the user may change the realm's bindings (an inherited calculation may be bound too). */
  readonly canEdit: boolean;
}

/** The Bindings tab: its loading and error states around the list and the form. */
export function CalculationIdeBindings(props: CalculationIdeBindingsProps) {
  const bindings = useQuery(calculationBindingsQueryOptions);
  return (
    <QueryStates
      query={bindings}
      loading={<LoadingSkeleton label="Loading the bindings" skeletons={['h-16', 'h-24']} />}
      errorTitle="The bindings could not be loaded"
    >
      {(data) => <BindingsOfCalculation {...props} data={data} />}
    </QueryStates>
  );
}

function targetText(binding: CalculationBinding, data: CalculationBindingListResponse): string {
  if (binding.targetKind === 'activity-type') return binding.targetKey;
  const type = data.targets.equipmentTypes.find((each) => each.key === binding.targetKey);
  return type === undefined ? binding.targetKey : `${type.name} (${binding.targetKey})`;
}

function BindingsOfCalculation({
  calculationId,
  calculationName,
  publishedVersion,
  canEdit,
  data,
}: CalculationIdeBindingsProps & { data: CalculationBindingListResponse }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<CalculationBinding>();
  const own = data.bindings.filter((binding) => binding.calculationId === calculationId);

  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Records of a bound activity type or equipment type are calculated with the latest published version of
        this calculation when they are saved or recalculated. An equipment type&apos;s binding wins over its
        activity type&apos;s.
      </p>
      {own.length === 0 ? (
        <p className="text-sm">{calculationName} is not bound to anything.</p>
      ) : (
        <div className="flex justify-end">
          <ExportMenu
            what={`the bindings of ${calculationName}`}
            hrefOf={(format) =>
              endpointUrl(exportEndpoints.calculationBindings, undefined, { calculationId, format })
            }
          />
        </div>
      )}
      {own.length === 0 ? null : (
        <table className="w-full text-sm">
          <caption className="sr-only">What {calculationName} is bound to</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3 font-medium">
                Target
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Kind
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Binding of
              </th>
              {canEdit ? (
                <th scope="col" className="sr-only">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {own.map((binding) => {
              const target = targetText(binding, data);
              return (
                <tr key={`${binding.targetKind}/${binding.targetKey}`} className="border-t">
                  <th scope="row" className="py-1 pr-3 text-left font-mono font-medium">
                    {target}
                  </th>
                  <td className="py-1 pr-3">{KIND_LABELS[binding.targetKind]}</td>
                  <td className="py-1 pr-3">
                    {binding.inheritedFrom === null
                      ? 'this realm'
                      : `inherited from ${binding.inheritedFrom}`}
                  </td>
                  {canEdit ? (
                    <td className="py-1">
                      {binding.inheritedFrom === null ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => setRemoving(binding)}
                          aria-label={`Remove the binding of ${target}`}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      ) : (
                        <span className="text-muted-foreground text-xs">Bind it here to override it</span>
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {!canEdit ? null : publishedVersion === null ? (
        <Alert kind="info">
          <AlertDescription>
            Only a published version can be bound, and {calculationName} has none yet: publish it first.
          </AlertDescription>
        </Alert>
      ) : (
        <BindingForm
          calculationId={calculationId}
          calculationName={calculationName}
          publishedVersion={publishedVersion}
          data={data}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(undefined);
        }}
        title={`Remove the binding of “${removing === undefined ? '' : targetText(removing, data)}”?`}
        description="Its records are calculated by the built-in method again (or by a parent realm's binding of it) from their next save or recalculation."
        confirmLabel="Remove binding"
        variant="destructive"
        onConfirm={async () => {
          if (removing === undefined) return;
          await callEndpoint(calculationEndpoints.unbind, {
            params: { targetKind: removing.targetKind, targetKey: removing.targetKey },
          });
          await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
        }}
      />
    </div>
  );
}

type BindingFormValues = CalculationBindingInput;

const BINDING_FIELDS = ['targetKind', 'targetKey'] as const;

function BindingForm({
  calculationId,
  calculationName,
  publishedVersion,
  data,
}: {
  calculationId: string;
  calculationName: string;
  publishedVersion: number;
  data: CalculationBindingListResponse;
}) {
  const queryClient = useQueryClient();
  const [bound, setBound] = useState<string>();
  const { form, submit, formError } = useContractForm<BindingFormValues, CalculationBindingInput>({
    schema: calculationBindingInputSchema,
    defaultValues: { targetKind: 'activity-type', targetKey: '', calculationId },
    // The calculation is not a field: a refusal about it is the form's.
    fieldOf: (path) => BINDING_FIELDS.find((field) => field === path[0]),
  });
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch('targetKind');
  const choices =
    kind === 'activity-type'
      ? data.targets.activityTypes.map((type) => ({ key: type, label: type }))
      : data.targets.equipmentTypes.map((type) => ({ key: type.key, label: `${type.name} (${type.key})` }));
  const boundElsewhere = (key: string) =>
    data.bindings.find(
      (binding) =>
        binding.targetKind === kind && binding.targetKey === key && binding.calculationId !== calculationId,
    );

  const onSubmit = submit(async (request) => {
    setBound(undefined);
    const binding = await callEndpoint(calculationEndpoints.bind, { body: request });
    setBound(`Bound ${binding.targetKey} to ${binding.calculationName}.`);
    setValue('targetKey', '');
    await queryClient.invalidateQueries({ queryKey: calculationQueryKeys.all });
  });

  return (
    <form
      noValidate
      aria-label={`Bind ${calculationName}`}
      className="grid gap-3 rounded border p-3"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 className="text-sm font-semibold">Bind {calculationName}</h3>
      <p className="text-muted-foreground text-xs">
        Version {publishedVersion} (the latest published) runs; a later published version replaces it without
        binding again. A target the realm has bound already is bound to this calculation instead.
      </p>
      {formError === undefined ? null : (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap items-start gap-3">
        <FormField label="Kind of target" error={errors.targetKind?.message}>
          <select
            className={selectClasses}
            {...register('targetKind', { onChange: () => setValue('targetKey', '') })}
          >
            <option value="activity-type">{KIND_LABELS['activity-type']}</option>
            <option value="equipment-type">{KIND_LABELS['equipment-type']}</option>
          </select>
        </FormField>
        <FormField
          label={KIND_LABELS[kind]}
          error={errors.targetKey?.message}
          className="min-w-64"
          {...(choices.length === 0
            ? {
                description:
                  kind === 'activity-type'
                    ? 'The realm has no activity records or equipment types naming an activity type yet.'
                    : 'The realm has no equipment types yet.',
              }
            : {})}
        >
          <select className={selectClasses} {...register('targetKey')}>
            <option value="">Choose one of {choices.length}</option>
            {choices.map((choice) => {
              const other = boundElsewhere(choice.key);
              return (
                <option key={choice.key} value={choice.key}>
                  {choice.label}
                  {other === undefined ? '' : ` (bound to ${other.calculationName})`}
                </option>
              );
            })}
          </select>
        </FormField>
        <Button type="submit" className="mt-7" isLoading={isSubmitting}>
          <LinkIcon aria-hidden="true" /> Bind
        </Button>
      </div>
      <p role="status" className="text-sm">
        {bound ?? ''}
      </p>
    </form>
  );
}
