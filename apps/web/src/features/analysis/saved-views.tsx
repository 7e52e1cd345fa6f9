import { ANALYSIS_VIEW_VISIBILITIES, type AnalysisQuery, type AnalysisView } from '@ecc/contracts';
import { Button, ConfirmDialog, toast } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ScheduleList } from '#components/schedule-list.tsx';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import { AddToReport } from './add-to-report.tsx';
import { savedViewsQuery, useDeleteView, useSaveView } from './analysis-api.ts';

const SELECT_CLASSES = 'h-9 rounded-md border bg-background px-2 text-sm';

/**
 * Saving the view on screen (private or shared) and opening a saved one; the owner may delete theirs; whoever may
 * write reports may mail a saved view on a schedule (its table as XLSX or CSV) and add it to a report.
 */
export function SavedViews({ view, onOpen }: { view: AnalysisQuery; onOpen: (view: AnalysisView) => void }) {
  const views = useQuery(savedViewsQuery());
  const save = useSaveView();
  const remove = useDeleteView();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<AnalysisView['visibility']>('private');
  const [nameError, setNameError] = useState<string | undefined>();
  const [chosenId, setChosenId] = useState('');
  const [isSchedulesOpen, setIsSchedulesOpen] = useState(false);
  const [isAddToReportOpen, setIsAddToReportOpen] = useState(false);
  const canSeeSchedules = useCan('read', 'Report');
  const canSchedule = useCan('update', 'Report');
  const canCreateReport = useCan('create', 'Report');
  const schedulesId = useId();
  const addToReportId = useId();
  const nameId = useId();
  const errorId = useId();
  const chosen = views.data?.views.find((each) => each.id === chosenId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    try {
      const saved = await save.mutateAsync({ name, visibility, definition: view });
      setChosenId(saved.id);
      setName('');
      toast({ title: `Saved "${saved.name}"` });
    } catch (error) {
      const placed = serverFieldErrors(error, topLevelFieldOf(['name']));
      setNameError(placed.fields.name ?? placed.form ?? 'The view could not be saved');
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => void submit(event)}
        aria-label="Save this view"
      >
        <div className="grid gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            View name
          </label>
          <input
            id={nameId}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={name}
            required
            maxLength={120}
            aria-invalid={nameError !== undefined}
            aria-describedby={nameError === undefined ? undefined : errorId}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <label className="grid gap-1 text-sm font-medium">
          Visibility
          <select
            className={SELECT_CLASSES}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as AnalysisView['visibility'])}
          >
            {ANALYSIS_VIEW_VISIBILITIES.map((option) => (
              <option key={option} value={option}>
                {option === 'private' ? 'Private (only me)' : 'Shared with the realm'}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save view
        </Button>
        {nameError !== undefined && (
          <p id={errorId} role="alert" className="w-full text-sm text-destructive">
            {nameError}
          </p>
        )}
      </form>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm font-medium">
          Saved views
          <select
            className={SELECT_CLASSES}
            value={chosenId}
            disabled={views.isPending || views.error !== null}
            onChange={(event) => {
              setChosenId(event.target.value);
              setIsSchedulesOpen(false);
              setIsAddToReportOpen(false);
            }}
          >
            <option value="">
              {views.error ? 'Saved views could not be loaded' : 'Choose a saved view'}
            </option>
            {views.data?.views.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
                {each.visibility === 'shared' ? ` (shared by ${each.isOwn ? 'me' : each.ownerName})` : ''}
              </option>
            ))}
          </select>
        </label>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={chosen === undefined}
          onClick={() => chosen && onOpen(chosen)}
        >
          Open view
        </Button>
        {canSeeSchedules && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={chosen === undefined}
            aria-expanded={isSchedulesOpen}
            aria-controls={schedulesId}
            onClick={() => setIsSchedulesOpen(!isSchedulesOpen)}
          >
            Schedules
          </Button>
        )}
        {canSchedule && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={chosen === undefined}
            aria-expanded={isAddToReportOpen}
            aria-controls={addToReportId}
            onClick={() => setIsAddToReportOpen(!isAddToReportOpen)}
          >
            Add to report
          </Button>
        )}
        {chosen?.isOwn && (
          <ConfirmDialog
            title={`Delete "${chosen.name}"?`}
            description={
              chosen.visibility === 'shared' ? 'Others in the realm will no longer see it.' : undefined
            }
            confirmLabel="Delete view"
            variant="destructive"
            onConfirm={async () => {
              await remove.mutateAsync(chosen.id);
              setChosenId('');
            }}
            trigger={
              <Button type="button" size="sm" variant="outline">
                Delete view
              </Button>
            }
          />
        )}
      </div>
      {isAddToReportOpen && chosen !== undefined && (
        <div id={addToReportId} className="w-full">
          <AddToReport view={chosen} canCreate={canCreateReport} />
        </div>
      )}
      {isSchedulesOpen && chosen !== undefined && (
        <div id={schedulesId} className="w-full">
          <ScheduleList target={{ kind: 'analysis', id: chosen.id }} canEdit={canSchedule} />
        </div>
      )}
    </div>
  );
}
