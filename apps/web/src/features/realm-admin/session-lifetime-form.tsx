import {
  MAX_SESSION_LIFETIME_HOURS,
  sessionLifetimeFormSchema,
  type RealmSettingsResponse,
  type SessionLifetimeForm as SessionLifetimeValues,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, toast } from '@ecc/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { setServerErrors } from '#lib/forms/set-server-errors.ts';
import { afterRealmSettingsSaved, saveRealmSettings } from './realm-settings-api.ts';

export interface SessionLifetimeFormProps {
  realmId: string;
  settings: RealmSettingsResponse;
  canUpdate: boolean;
}

/**
 * How long a session of the realm lasts at most after sign-in, however active (besides the inactivity timeout).
 * Saved with the realm's other settings as they are.
 */
export function SessionLifetimeForm({ realmId, settings, canUpdate }: SessionLifetimeFormProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SessionLifetimeValues>({
    resolver: zodResolver(sessionLifetimeFormSchema),
    values: { sessionLifetimeHours: settings.sessionLifetimeHours },
  });

  const onSubmit = handleSubmit(async ({ sessionLifetimeHours }) => {
    setFormError(undefined);
    try {
      const answer = await saveRealmSettings(realmId, { gwpSetId: settings.gwpSetId, sessionLifetimeHours });
      toast({
        variant: 'success',
        title: `Sessions end ${sessionLifetimeHours} hour${sessionLifetimeHours === 1 ? '' : 's'} after sign-in from now on`,
      });
      await afterRealmSettingsSaved(queryClient, realmId, 'settings', answer);
    } catch (error) {
      setFormError(setServerErrors(error, ['sessionLifetimeHours'], setError));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="grid gap-3"
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
