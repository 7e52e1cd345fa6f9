import {
  MAX_SESSION_LIFETIME_HOURS,
  realmSessionSettingsSchema,
  type RealmSessionSettings,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import {
  afterRealmSettingsSaved,
  realmSessionSettingsQueryOptions,
  saveRealmSessionSettings,
} from './realm-settings-api.ts';

/** How long the realm's sessions last at most after sign-in, loaded and saved on its own. */
export function SessionSettings({ realmId }: { realmId: string }) {
  const settings = useQuery(realmSessionSettingsQueryOptions(realmId));
  return (
    <QueryStates
      query={settings}
      loading={<LoadingSkeleton label="Loading the session settings" skeletons={['h-10']} />}
      errorTitle="The session settings could not be loaded"
    >
      {(stored) => <SessionLifetimeForm realmId={realmId} settings={stored} />}
    </QueryStates>
  );
}

export interface SessionLifetimeFormProps {
  realmId: string;
  settings: RealmSessionSettings;
}

/**
 * A session ends after the application's inactivity timeout, and in any case this many hours after sign-in
 * (OWASP ASVS 5.0, 7.3.2). The server's refusal shows on the field.
 */
export function SessionLifetimeForm({ realmId, settings }: SessionLifetimeFormProps) {
  const queryClient = useQueryClient();
  const canUpdate = useCan('update', 'Realm');
  const headingId = useId();
  const { form, submit, formError } = useContractForm<RealmSessionSettings, RealmSessionSettings>({
    schema: realmSessionSettingsSchema,
    values: settings,
    fieldOf: topLevelFieldOf(['sessionLifetimeHours']),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const onSubmit = submit(async (values) => {
    const answer = await saveRealmSessionSettings(realmId, values);
    const hours = answer.sessionLifetimeHours;
    toast({
      variant: 'success',
      title: `Sessions end ${hours} hour${hours === 1 ? '' : 's'} after sign-in from now on`,
    });
    await afterRealmSettingsSaved(queryClient, realmId, 'session-settings', answer);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="mt-8 grid max-w-3xl gap-3"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Sessions
      </h2>
      <p className="text-muted-foreground text-sm">
        A session ends after the application’s inactivity timeout, and in any case this long after sign-in,
        however active it is. Sessions already open follow a change from their next request.
      </p>
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <fieldset disabled={!canUpdate} className="grid gap-3">
        <FormField
          label="Session lifetime (hours)"
          error={errors.sessionLifetimeHours?.message}
          description={`From 1 to ${MAX_SESSION_LIFETIME_HOURS} hours.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SESSION_LIFETIME_HOURS}
            className="w-32"
            {...register('sessionLifetimeHours', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      {canUpdate && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
            Save session lifetime
          </Button>
          <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            Discard changes
          </Button>
        </div>
      )}
    </form>
  );
}
