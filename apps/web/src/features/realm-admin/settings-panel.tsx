import { realmSettingsSchema, type RealmSettings, type RealmSettingsResponse } from '@ecc/contracts';
import { GWP_SET_IDS, GWP_SETS, type GwpSetId } from '@ecc/domain';
import { Alert, AlertDescription, AlertTitle, Button, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { useRealm } from '#lib/realm/realm-queries.ts';
import { RecalculationStatus } from '#lib/recalculations/recalculation-status.tsx';
import { useRecalculation } from '#lib/recalculations/use-recalculation.ts';
import {
  afterRealmSettingsSaved,
  realmSettingsQueryOptions,
  saveRealmSettings,
} from './realm-settings-api.ts';
import { SessionSettings } from './session-lifetime-form.tsx';

/** Why a realm would report with each set (DOMAIN.md: GWP-100 of one IPCC assessment). */
const GWP_SET_NOTES: Record<GwpSetId, string> = {
  AR4: 'The set EPA’s Greenhouse Gas Reporting Program publishes CO2e with.',
  AR5: 'The product’s reporting set, used until a realm chooses another.',
  AR6: 'The most recent IPCC values, with fossil and non-fossil methane apart.',
};

/** One line per set: its report and the weights that differ most between sets. */
export function gwpSetExplanation(id: GwpSetId): string {
  const { name, values } = GWP_SETS[id];
  return `${name}: CH4 ${formatNumber(values.CH4)}, N2O ${formatNumber(values.N2O)}, SF6 ${formatNumber(values.SF6)}. ${GWP_SET_NOTES[id]}`;
}

/**
 * The realm's reporting GWP set (changing it moves the realm with a recalculation; the progress of one) and how
 * long its sessions last.
 */
export function SettingsPanel({ realmId }: { realmId: string }) {
  const settings = useQuery(realmSettingsQueryOptions(realmId));
  return (
    <section aria-label="Settings" aria-busy={settings.isPending}>
      <QueryStates
        query={settings}
        loading={<LoadingSkeleton label="Loading the settings" skeletons={['h-10', 'h-24']} />}
        errorTitle="The settings could not be loaded"
      >
        {(realmSettings) => <SettingsEditor realmId={realmId} settings={realmSettings} />}
      </QueryStates>
      <SessionSettings realmId={realmId} />
    </section>
  );
}

/**
 * Once a recalculation of the realm has ended, its figures (and, for the user's own realm, the set the app
 * shows) may have changed: they are fetched again.
 */
function useRefreshWhenMoved(realmId: string, pendingRunId: string | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(pendingRunId);
  useEffect(() => {
    if (previous.current !== undefined && pendingRunId === undefined) {
      void afterRealmSettingsSaved(
        queryClient,
        realmId,
        'settings',
        queryClient.getQueryData(realmSettingsQueryOptions(realmId).queryKey),
      );
      void queryClient.invalidateQueries({ queryKey: ['facilities'] });
    }
    previous.current = pendingRunId;
  }, [pendingRunId, queryClient, realmId]);
}

function SettingsEditor({ realmId, settings }: { realmId: string; settings: RealmSettingsResponse }) {
  const queryClient = useQueryClient();
  const canUpdate = useCan('update', 'Realm');
  const isOwnRealm = useRealm()?.id === realmId;
  const { form, submit, formError } = useContractForm<RealmSettings, RealmSettings>({
    schema: realmSettingsSchema,
    defaultValues: { gwpSetId: settings.gwpSetId },
    fieldOf: topLevelFieldOf(['gwpSetId']),
  });
  const {
    register,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const gwpSetId = watch('gwpSetId');
  const error = errors.gwpSetId?.message ?? formError;
  const recalculation = useRecalculation();
  const explanationId = useId();
  // The settings are polled while a recalculation of the realm is under way (any realm, an operator's too).
  const pending = settings.recalculation;
  const pendingSet = pending?.gwp;
  const isMoving = pending !== null && pending.gwp !== settings.gwpSetId;
  const isDirty = gwpSetId !== settings.gwpSetId && gwpSetId !== pendingSet;
  useRefreshWhenMoved(realmId, pending?.id);

  const save = submit(async (request) => {
    const answer = await saveRealmSettings(realmId, request);
    if (answer.recalculation !== null) {
      toast({
        title: `Recalculating every result on ${answer.recalculation.gwp}`,
        description: `The realm reports on ${answer.gwpSetId} until the recalculation completes.`,
      });
    }
    await afterRealmSettingsSaved(queryClient, realmId, 'settings', answer);
  });

  return (
    <div className="grid max-w-3xl gap-8">
      <UnsavedChangesGuard isDirty={isDirty} />
      <form noValidate onSubmit={(event) => void save(event)} aria-label="GWP set" className="grid gap-4">
        <fieldset
          disabled={!canUpdate || isMoving}
          className="grid gap-3"
          aria-describedby={error ? `${explanationId}-error` : undefined}
        >
          <legend className="mb-1 text-lg font-semibold">GWP set</legend>
          <p className="text-muted-foreground text-sm">
            The global warming potentials (100-year) that weigh each gas into CO2e. The realm reports on one
            set at a time: choosing another recalculates every result on it, and every figure moves to it at
            once when the recalculation completes.
          </p>
          {GWP_SET_IDS.map((id) => (
            <label key={id} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
              <input
                type="radio"
                value={id}
                className="mt-1"
                aria-describedby={`${explanationId}-${id}`}
                {...register('gwpSetId')}
              />
              <span className="grid gap-1">
                <span className="font-medium">{id}</span>
                <span id={`${explanationId}-${id}`} className="text-muted-foreground">
                  {gwpSetExplanation(id)}
                </span>
              </span>
            </label>
          ))}
          {error && (
            <p id={`${explanationId}-error`} role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
        </fieldset>
        {canUpdate && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isLoading={isSubmitting} disabled={!isDirty || isMoving}>
              Save GWP set
            </Button>
            <Button
              variant="outline"
              disabled={!isDirty || isSubmitting}
              onClick={() => reset({ gwpSetId: settings.gwpSetId })}
            >
              Discard changes
            </Button>
          </div>
        )}
      </form>

      <section aria-labelledby={`${explanationId}-recalculation`} className="grid gap-3">
        <h2 id={`${explanationId}-recalculation`} className="text-lg font-semibold">
          Stored results
        </h2>
        {isMoving ? (
          <Alert kind="info">
            <AlertTitle>Moving to {pendingSet}</AlertTitle>
            <AlertDescription>
              Every result is being recalculated on {pendingSet}. Until that completes, every figure of the
              realm stays on {settings.gwpSetId}; then all of them move to {pendingSet} at once.
            </AlertDescription>
          </Alert>
        ) : (
          <p className="text-muted-foreground text-sm">
            Every figure of the realm is on {settings.gwpSetId}.
          </p>
        )}
        {canUpdate && isOwnRealm && !isMoving && (
          <div>
            <Button
              variant="outline"
              onClick={() => void recalculation.start(settings.gwpSetId)}
              disabled={isDirty || recalculation.isRunning || recalculation.isStarting}
            >
              Recalculate all emissions now
            </Button>
            {isDirty && (
              <p className="text-muted-foreground mt-2 text-sm">Save or discard the GWP set first.</p>
            )}
          </div>
        )}
        {recalculation.run !== undefined || recalculation.startError !== undefined ? (
          <RecalculationStatus state={recalculation} />
        ) : (
          pending !== null && (
            <RecalculationStatus state={{ run: pending, startError: undefined, runError: undefined }} />
          )
        )}
      </section>
    </div>
  );
}
