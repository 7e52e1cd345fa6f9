import { realmSettingsSchema, type RealmSettingsResponse } from '@ecc/contracts';
import { GWP_SET_IDS, GWP_SETS, isGwpSetId, type GwpSetId } from '@ecc/domain';
import { Alert, AlertDescription, AlertTitle, Button, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
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
import { SessionLifetimeForm } from './session-lifetime-form.tsx';

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

/** The realm's reporting GWP set, its sessions' lifetime, and a recalculation of its stored results. */
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
    </section>
  );
}

function SettingsEditor({ realmId, settings }: { realmId: string; settings: RealmSettingsResponse }) {
  const queryClient = useQueryClient();
  const canUpdate = useCan('update', 'Realm');
  const isOwnRealm = useRealm()?.id === realmId;
  const [gwpSetId, setGwpSetId] = useState<GwpSetId>(settings.gwpSetId);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const recalculation = useRecalculation();
  const explanationId = useId();
  const isDirty = gwpSetId !== settings.gwpSetId;
  const isRunning =
    recalculation.run !== undefined && !['completed', 'failed'].includes(recalculation.run.status);
  const runStatus = recalculation.run?.status;

  // A finished run changes which sets the stored results use.
  useEffect(() => {
    if (runStatus === 'completed' || runStatus === 'failed') {
      void queryClient.invalidateQueries({ queryKey: realmSettingsQueryOptions(realmId).queryKey });
    }
  }, [queryClient, realmId, runStatus]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = realmSettingsSchema.safeParse({
      gwpSetId,
      sessionLifetimeHours: settings.sessionLifetimeHours,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setIsSaving(true);
    try {
      const answer = await saveRealmSettings(realmId, parsed.data);
      toast({ variant: 'success', title: `The realm reports with ${answer.gwpSetId} from now on` });
      await afterRealmSettingsSaved(queryClient, realmId, 'settings', answer);
    } catch (failure) {
      const { fields, form } = serverFieldErrors(failure);
      setError(fields.gwpSetId ?? form);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div className="grid max-w-3xl gap-8">
      <UnsavedChangesGuard isDirty={isDirty} />
      <form noValidate onSubmit={(event) => void save(event)} aria-label="GWP set" className="grid gap-4">
        <fieldset
          disabled={!canUpdate}
          className="grid gap-3"
          aria-describedby={error ? `${explanationId}-error` : undefined}
        >
          <legend className="mb-1 text-lg font-semibold">GWP set</legend>
          <p className="text-muted-foreground text-sm">
            The global warming potentials (100-year) that weigh each gas into CO2e in this realm’s results.
            New and changed records use the set at once; stored results keep theirs until they are
            recalculated.
          </p>
          {GWP_SET_IDS.map((id) => (
            <label key={id} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
              <input
                type="radio"
                name={`gwp-set-${realmId}`}
                value={id}
                className="mt-1"
                checked={gwpSetId === id}
                aria-describedby={`${explanationId}-${id}`}
                onChange={(event) => {
                  if (isGwpSetId(event.target.value)) setGwpSetId(event.target.value);
                }}
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
            <Button type="submit" isLoading={isSaving} disabled={!isDirty}>
              Save GWP set
            </Button>
            <Button
              variant="outline"
              disabled={!isDirty || isSaving}
              onClick={() => setGwpSetId(settings.gwpSetId)}
            >
              Discard changes
            </Button>
          </div>
        )}
      </form>

      <SessionLifetimeForm realmId={realmId} settings={settings} canUpdate={canUpdate} />

      <section aria-labelledby={`${explanationId}-recalculation`} className="grid gap-3">
        <h2 id={`${explanationId}-recalculation`} className="text-lg font-semibold">
          Stored results
        </h2>
        {settings.hasResultsOnOtherGwpSets ? (
          <Alert kind="warning">
            <AlertTitle>Some results use another GWP set</AlertTitle>
            <AlertDescription>
              Emission results calculated before the realm chose {settings.gwpSetId} keep their set until they
              are recalculated, so totals mix sets until then.
            </AlertDescription>
          </Alert>
        ) : (
          <p className="text-muted-foreground text-sm">Every stored result uses {settings.gwpSetId}.</p>
        )}
        {canUpdate && isOwnRealm ? (
          <>
            <div>
              <Button
                variant={settings.hasResultsOnOtherGwpSets ? 'default' : 'outline'}
                onClick={() => void recalculation.start(settings.gwpSetId)}
                disabled={isDirty || isRunning || recalculation.isStarting}
              >
                Recalculate all emissions now
              </Button>
            </div>
            {isDirty && (
              <p className="text-muted-foreground text-sm">Save the GWP set before recalculating.</p>
            )}
            <RecalculationStatus state={recalculation} />
          </>
        ) : canUpdate ? (
          <p className="text-muted-foreground text-sm">
            A recalculation runs in the realm itself: one of its administrators starts it from this tab.
          </p>
        ) : null}
      </section>
    </div>
  );
}
