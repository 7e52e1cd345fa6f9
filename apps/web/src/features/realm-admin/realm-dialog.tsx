import { PLAN_LABELS, PLANS, ROUTES, type ManagedRealm, type RouteDefinition } from '@ecc/contracts';
import { ConfirmDialog, FormDialog, FormField, Input, selectClasses, Textarea } from '@ecc/ui';
import { useState } from 'react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  NEW_REALM_VALUES,
  realmFieldOf,
  realmProblemMessage,
  realmRequestOf,
  realmSaveSchema,
  toFormValues,
  type RealmFormValues,
  type RealmSave,
} from './realm-form.ts';

/** The flags the product's routes ask for, offered as examples. */
const ROUTE_FLAGS = [
  ...new Set((ROUTES as readonly RouteDefinition[]).flatMap((route) => route.featureFlags ?? [])),
];

export interface RealmDialogProps {
  /** The realm to edit; a new one when absent. */
  realm?: ManagedRealm;
  /** Saves; a refusal's messages are shown on the fields they name. */
  onSave: (save: RealmSave) => Promise<void>;
  onClose: () => void;
}

/**
 * Create a realm (key, name, parent, plan, domains, feature flags) or edit one (all but key and parent, plus
 * whether it is active). Deactivating asks for confirmation first: the realm's users lose access at once.
 */
export function RealmDialog({ realm, onSave, onClose }: RealmDialogProps) {
  const isNew = realm === undefined;
  const { form, submit, formError } = useContractForm<RealmFormValues, RealmSave>({
    schema: realmSaveSchema(realm),
    defaultValues: realm ? toFormValues(realm) : NEW_REALM_VALUES,
    toRequest: (values) => realmRequestOf(realm, values),
    fieldOf: realmFieldOf,
    messageOf: realmProblemMessage,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const [pendingDeactivation, setPendingDeactivation] = useState<RealmSave>();

  const onSubmit = submit(async (save) => {
    // Deactivating signs the realm's users out: it waits for the confirmation below.
    if (save.kind === 'update' && save.request.active === false) setPendingDeactivation(save);
    else await onSave(save);
  });
  // The confirmed deactivation is sent through the form, so a refusal lands on its fields too.
  const deactivate = (save: RealmSave) => submit(() => onSave(save))();

  return (
    <FormDialog
      title={isNew ? 'New realm' : `Edit ${realm.name} (${realm.key})`}
      description={
        isNew
          ? 'A realm with one application on the plan, the default theme and the default roles.'
          : 'Changes apply to the realm’s next request.'
      }
      formLabel="Realm"
      submitLabel={isNew ? 'Create realm' : 'Save changes'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      afterForm={
        <ConfirmDialog
          open={pendingDeactivation !== undefined}
          onOpenChange={(isOpenNow) => !isOpenNow && setPendingDeactivation(undefined)}
          title={`Deactivate ${realm?.name ?? ''}?`}
          description="Its users are signed out and cannot sign in, and its domains no longer answer with it, until the realm is active again."
          confirmLabel="Deactivate realm"
          variant="destructive"
          onConfirm={async () => {
            if (pendingDeactivation) await deactivate(pendingDeactivation);
          }}
        />
      }
    >
      {isNew ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Key"
            error={errors.key?.message}
            description="3 to 8 characters: a letter, then letters, digits, _ or -. It cannot change later."
          >
            <Input autoComplete="off" spellCheck={false} {...register('key')} />
          </FormField>
          <FormField label="Parent realm key (optional)" error={errors.parentKey?.message}>
            <Input autoComplete="off" spellCheck={false} {...register('parentKey')} />
          </FormField>
        </div>
      ) : null}
      <FormField label="Name" error={errors.name?.message}>
        <Input {...register('name')} />
      </FormField>
      <FormField label="Plan" error={errors.plan?.message}>
        <select className={selectClasses} {...register('plan')}>
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Domains"
        error={errors.domains?.message}
        description="The host names the realm answers on, one per line, such as ecc.example.com."
      >
        <Textarea rows={3} spellCheck={false} {...register('domains')} />
      </FormField>
      <FormField
        label="Feature flags"
        error={errors.featureFlags?.message}
        description={`Flag keys separated by commas, such as ${ROUTE_FLAGS.join(', ') || 'ai-assistant'}.`}
      >
        <Input spellCheck={false} {...register('featureFlags')} />
      </FormField>
      {!isNew ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" {...register('active')} />
          Active (its users can sign in)
        </label>
      ) : null}
    </FormDialog>
  );
}
