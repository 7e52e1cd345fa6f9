import {
  PLAN_LABELS,
  PLANS,
  ROUTES,
  type ManagedRealm,
  type NewRealmRequest,
  type Plan,
  type RealmUpdateRequest,
  type RouteDefinition,
} from '@ecc/contracts';
import { ConfirmDialog, FormDialog, FormField, Input, Textarea, controlClasses } from '@ecc/ui';
import { useState } from 'react';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useFormSubmission, type FormCheck } from '#lib/forms/use-form-submission.ts';
import {
  NEW_REALM_VALUES,
  parseNewRealmForm,
  parseRealmUpdateForm,
  REALM_FORM_FIELDS,
  toFormValues,
  type RealmFormField,
  type RealmFormValues,
} from './realm-form.ts';

/** The flags the product's routes ask for, offered as examples. */
const ROUTE_FLAGS = [
  ...new Set((ROUTES as readonly RouteDefinition[]).flatMap((route) => route.featureFlags ?? [])),
];

export type RealmSave =
  | { kind: 'create'; request: NewRealmRequest }
  | { kind: 'update'; realm: ManagedRealm; request: RealmUpdateRequest };

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
  const [values, setValues] = useState<RealmFormValues>(() =>
    realm ? toFormValues(realm) : NEW_REALM_VALUES,
  );
  const { errors, saveError, isSaving, accept, send } = useFormSubmission(onSave, (error) =>
    serverFieldErrors(error, topLevelFieldOf(REALM_FORM_FIELDS)),
  );
  const [pendingDeactivation, setPendingDeactivation] = useState<RealmSave>();
  const change = (patch: Partial<RealmFormValues>) => setValues((current) => ({ ...current, ...patch }));

  function parse(): FormCheck<RealmSave, RealmFormField> {
    if (!realm) {
      const parsed = parseNewRealmForm(values);
      return 'errors' in parsed ? parsed : { save: { kind: 'create', request: parsed.request } };
    }
    const parsed = parseRealmUpdateForm(realm, values);
    return 'errors' in parsed ? parsed : { save: { kind: 'update', realm, request: parsed.request } };
  }

  async function submit() {
    const save = accept(parse());
    if (save === undefined) return;
    // Deactivating signs the realm's users out: it waits for the confirmation below.
    if (save.kind === 'update' && save.request.active === false) setPendingDeactivation(save);
    else await send(save);
  }

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
      isSaving={isSaving}
      saveError={saveError}
      onSubmit={() => void submit()}
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
            if (pendingDeactivation) await send(pendingDeactivation);
          }}
        />
      }
    >
      {isNew ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Key"
            error={errors.key}
            description="3 to 8 characters: a letter, then letters, digits, _ or -. It cannot change later."
          >
            <Input
              value={values.key}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => change({ key: event.target.value })}
            />
          </FormField>
          <FormField label="Parent realm key (optional)" error={errors.parentKey}>
            <Input
              value={values.parentKey}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => change({ parentKey: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
      <FormField label="Name" error={errors.name}>
        <Input value={values.name} onChange={(event) => change({ name: event.target.value })} />
      </FormField>
      <FormField label="Plan" error={errors.plan}>
        <select
          className={`${controlClasses} h-9`}
          value={values.plan}
          onChange={(event) => change({ plan: event.target.value as Plan })}
        >
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Domains"
        error={errors.domains}
        description="The host names the realm answers on, one per line, such as ecc.example.com."
      >
        <Textarea
          rows={3}
          spellCheck={false}
          value={values.domains}
          onChange={(event) => change({ domains: event.target.value })}
        />
      </FormField>
      <FormField
        label="Feature flags"
        error={errors.featureFlags}
        description={`Flag keys separated by commas, such as ${ROUTE_FLAGS.join(', ') || 'ai-assistant'}.`}
      >
        <Input
          value={values.featureFlags}
          spellCheck={false}
          onChange={(event) => change({ featureFlags: event.target.value })}
        />
      </FormField>
      {!isNew ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(event) => change({ active: event.target.checked })}
          />
          Active (its users can sign in)
        </label>
      ) : null}
    </FormDialog>
  );
}
