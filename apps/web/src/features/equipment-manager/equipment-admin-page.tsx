import type { CreateEquipmentTypeRequest, EquipmentType } from '@ecc/contracts';
import {
  buildEquipmentSchema,
  EQUIPMENT_ACTIVITY_TYPES,
  EQUIPMENT_CALCULATION_METHODS,
  validateEquipmentProperties,
} from '@ecc/domain';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  cn,
  EmptyState,
  FormField,
  Input,
  selectClasses,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LayersIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { useAbility } from '#lib/permissions/use-ability.ts';
import {
  createEquipmentType,
  createEquipmentTypeVersion,
  equipmentQueryKeys,
  equipmentTypeQuery,
  equipmentTypesQuery,
} from './equipment-api.ts';
import { FieldBuilder } from './field-builder.tsx';
import {
  equipmentTypeFieldOf,
  equipmentTypeFormValuesOf,
  equipmentTypeKeyOf,
  equipmentTypeRequestOf,
  equipmentTypeRequestSchema,
  type EquipmentTypeFormValues,
  type EquipmentTypeRequest,
} from './equipment-type-form.ts';
import { fieldsFromDrafts } from './field-drafts.ts';
import { SchemaForm, errorsByField, type SchemaFormValues } from './schema-form.tsx';

type EditorMode = { kind: 'new' } | { kind: 'version'; key: string };

/** `/equipment-manager/admin` (CORE plan): the realm's equipment types, new types and new versions. */
export function EquipmentAdminPage() {
  const types = useQuery(equipmentTypesQuery);
  const [mode, setMode] = useState<EditorMode>({ kind: 'new' });
  const canCreate = useAbility().ability.can('create', 'EquipmentType');

  return (
    <>
      <PageHeader
        title="Equipment types"
        description="Each type is a form for one kind of emission source. Changing a type adds a version; existing equipment keeps the version it was saved with until edited."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <section aria-labelledby="equipment-type-list" className="grid gap-3 rounded-lg border p-3">
          <div className="flex items-center justify-between gap-2">
            <h2 id="equipment-type-list" className="text-sm font-semibold">
              Types
            </h2>
            {canCreate ? (
              <Button size="xs" variant="outline" onClick={() => setMode({ kind: 'new' })}>
                New type
              </Button>
            ) : null}
          </div>
          <QueryStates
            query={types}
            loading={<LoadingSkeleton label="Loading equipment types" skeletons={['h-60']} />}
            errorTitle="The types could not be loaded"
            isEmpty={(list) => list.results.length === 0}
            empty={
              <EmptyState
                icon={<LayersIcon />}
                title="No equipment types yet"
                description="Create the first one."
              />
            }
          >
            {(list) => (
              <ul className="grid gap-0.5">
                {list.results.map((type) => (
                  <li key={type.key}>
                    <button
                      type="button"
                      aria-pressed={mode.kind === 'version' && mode.key === type.key}
                      onClick={() => setMode({ kind: 'version', key: type.key })}
                      className={cn(
                        'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        mode.kind === 'version' && mode.key === type.key && 'bg-secondary font-medium',
                      )}
                    >
                      <span className="min-w-0 truncate">{type.name}</span>
                      <span className="text-muted-foreground text-xs">v{type.currentVersion}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        </section>
        {mode.kind === 'new' ? (
          <TypeEditor key="new" onSaved={(key) => setMode({ kind: 'version', key })} />
        ) : (
          <VersionEditor
            key={mode.key}
            typeKey={mode.key}
            onSaved={(key) => setMode({ kind: 'version', key })}
          />
        )}
      </div>
    </>
  );
}

function VersionEditor({ typeKey, onSaved }: { typeKey: string; onSaved: (key: string) => void }) {
  const type = useQuery(equipmentTypeQuery(typeKey));
  return (
    <QueryStates
      query={type}
      loading={<LoadingSkeleton label="Loading the type" skeletons={['h-96']} />}
      errorTitle="The type could not be loaded"
    >
      {(existing) => (
        <TypeEditor key={`${typeKey}-${existing.currentVersion}`} existing={existing} onSaved={onSaved} />
      )}
    </QueryStates>
  );
}

function TypeEditor({
  existing,
  onSaved,
}: {
  existing?: EquipmentType & { versions: { version: number; createdOn: string }[] };
  onSaved: (key: string) => void;
}) {
  const queryClient = useQueryClient();
  const isNew = existing === undefined;
  const [isKeyTyped, setIsKeyTyped] = useState(!isNew);
  const [preview, setPreview] = useState<SchemaFormValues>({});
  const { ability, isPending: isAbilityPending } = useAbility();
  // A new version changes the type (update); a new type is a create.
  const canSave = ability.can(existing ? 'update' : 'create', 'EquipmentType');
  const { form, submit, formError } = useContractForm<EquipmentTypeFormValues, EquipmentTypeRequest>({
    schema: equipmentTypeRequestSchema(isNew),
    defaultValues: equipmentTypeFormValuesOf(existing),
    toRequest: equipmentTypeRequestOf(isNew),
    fieldOf: equipmentTypeFieldOf,
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const name = watch('name');
  const { fields } = fieldsFromDrafts(watch('drafts'));
  const schema = buildEquipmentSchema(fields, name.trim() || undefined);
  const activityTypes = watch('activityTypes');
  const calculationMethodId = watch('calculationMethodId');
  const previewErrors = errorsByField(
    validateEquipmentProperties(fields, preview).filter((issue) => issue.message !== 'Required'),
  );

  const onSubmit = submit(async (request) => {
    if (!canSave) return;
    const saved = existing
      ? await createEquipmentTypeVersion(existing.key, request)
      : await createEquipmentType(request as CreateEquipmentTypeRequest);
    await queryClient.invalidateQueries({ queryKey: equipmentQueryKeys.all });
    toast({
      title: existing ? `Version ${saved.currentVersion} saved` : 'Equipment type created',
      description: saved.name,
      variant: 'success',
    });
    onSaved(saved.key);
  });

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[1fr_22rem]">
      <Card>
        <CardHeader>
          <h2 className="leading-none font-semibold">
            {existing ? `${existing.name}: new version ${existing.currentVersion + 1}` : 'New equipment type'}
          </h2>
          {existing ? (
            <p className="text-muted-foreground text-sm">
              Versions: {existing.versions.map((version) => `v${version.version}`).join(', ')}
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label={existing ? 'New version' : 'New equipment type'}
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-5"
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Type name" error={errors.name?.message}>
                <Input
                  {...register('name', {
                    onChange: (event: { target: { value: string } }) => {
                      if (!isKeyTyped) setValue('key', equipmentTypeKeyOf(event.target.value));
                    },
                  })}
                />
              </FormField>
              <FormField
                label="Type key"
                description={existing ? 'Keys do not change.' : 'Used in addresses; filled from the name.'}
                error={errors.key?.message}
              >
                <Input
                  readOnly={existing !== undefined}
                  spellCheck={false}
                  {...register('key', { onChange: () => setIsKeyTyped(true) })}
                />
              </FormField>
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold">Fields</legend>
              <FieldBuilder form={form} />
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold">Activity types that apply</legend>
              <div className="grid gap-1.5 sm:grid-cols-2">
                {EQUIPMENT_ACTIVITY_TYPES.map((activity) => (
                  <label key={activity.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="accent-primary size-4"
                      checked={activityTypes.includes(activity.id)}
                      onChange={(event) =>
                        setValue(
                          'activityTypes',
                          event.target.checked
                            ? [...activityTypes, activity.id]
                            : activityTypes.filter((id) => id !== activity.id),
                          { shouldDirty: true },
                        )
                      }
                    />
                    {activity.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField
              label="Calculation method"
              error={errors.calculationMethodId?.message}
              description={
                EQUIPMENT_CALCULATION_METHODS.find((method) => method.id === calculationMethodId)?.formula
              }
            >
              <select className={selectClasses} {...register('calculationMethodId')}>
                <option value="">None</option>
                {EQUIPMENT_CALCULATION_METHODS.map((method) => (
                  <option key={method.id} value={method.id}>
                    {method.name}
                  </option>
                ))}
              </select>
            </FormField>
            <div aria-live="polite">
              {formError === undefined ? null : (
                <Alert kind="error">
                  <AlertDescription>Not saved: {formError}</AlertDescription>
                </Alert>
              )}
            </div>
            {canSave ? (
              <div>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving…' : existing ? 'Save new version' : 'Create type'}
                </Button>
              </div>
            ) : isAbilityPending ? null : (
              <Alert kind="info">
                <AlertDescription>
                  Read-only: you can look at equipment types and try their forms, but only an administrator
                  can {existing ? 'change this type' : 'create types'}.
                </AlertDescription>
              </Alert>
            )}
          </form>
        </CardContent>
      </Card>
      <section aria-labelledby="equipment-type-preview" className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <h2 id="equipment-type-preview" className="leading-none font-semibold">
              Preview
            </h2>
            <p className="text-muted-foreground text-sm">The form as users will see it. Try it out.</p>
          </CardHeader>
          <CardContent>
            {fields.length === 0 ? (
              <p className="text-muted-foreground text-sm">Fields appear here as you define them.</p>
            ) : (
              <SchemaForm
                fields={fields}
                values={preview}
                errors={previewErrors}
                onChange={setPreview}
                idPrefix="preview"
              />
            )}
          </CardContent>
        </Card>
        <details className="rounded-lg border p-3">
          <summary className="cursor-pointer text-sm font-semibold">JSON Schema</summary>
          <pre
            className="bg-muted mt-2 max-h-96 overflow-auto rounded p-2 text-xs"
            data-testid="equipment-type-json"
          >
            {JSON.stringify(schema, null, 2)}
          </pre>
        </details>
      </section>
    </div>
  );
}
