import { REPORT_STATUS_LABELS, type AnalysisView, type ReportSummary } from '@ecc/contracts';
import { Button } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { reportLink } from '#lib/routing/report-link.ts';
import { reportChoicesQuery, useAddToReport } from './analysis-api.ts';

const SELECT_CLASSES = 'h-9 rounded-md border bg-background px-2 text-sm';
/** The report choice that makes a new report holding only this analysis. */
const NEW_REPORT = 'new';

/**
 * "Add to report": appends the saved analysis as a section at the end of a report's newest version (a new draft
 * version), or makes a new report of it, then links to the report.
 */
export function AddToReport({ view, canCreate }: { view: AnalysisView; canCreate: boolean }) {
  const reports = useQuery(reportChoicesQuery());
  const add = useAddToReport();
  const [choice, setChoice] = useState('');
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [added, setAdded] = useState<ReportSummary | undefined>();
  const reportId = useId();
  const nameId = useId();
  const errorId = useId();
  const isNew = choice === NEW_REPORT;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setAdded(undefined);
    try {
      const detail = await add.mutateAsync({
        view,
        target: isNew ? { newName } : { reportId: choice },
      });
      setAdded(detail.report);
      setChoice('');
      setNewName('');
    } catch (failure) {
      const placed = serverFieldErrors(failure, topLevelFieldOf(['name', 'section']));
      setError(
        placed.fields.name ?? placed.fields.section ?? placed.form ?? 'The analysis could not be added',
      );
    }
  };

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Add "${view.name}" to a report`}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-1">
        <label htmlFor={reportId} className="text-sm font-medium">
          Report
        </label>
        <select
          id={reportId}
          className={SELECT_CLASSES}
          value={choice}
          required
          disabled={reports.isPending || reports.error !== null}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">
            {reports.isPending
              ? 'Loading reports…'
              : reports.error
                ? 'Reports could not be loaded'
                : 'Choose a report'}
          </option>
          {reports.data?.map((report) => (
            <option key={report.id} value={report.id} disabled={report.status === 'in-review'}>
              {report.name} ({REPORT_STATUS_LABELS[report.status]})
            </option>
          ))}
          {canCreate && <option value={NEW_REPORT}>A new report…</option>}
        </select>
      </div>
      {isNew && (
        <div className="grid gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            New report name
          </label>
          <input
            id={nameId}
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={newName}
            required
            maxLength={200}
            onChange={(event) => setNewName(event.target.value)}
          />
        </div>
      )}
      <Button type="submit" size="sm" disabled={add.isPending || choice === ''}>
        Add to this report
      </Button>
      {error !== undefined && (
        <p id={errorId} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
      {added !== undefined && (
        <p role="status" className="w-full text-sm">
          Added to {added.name} as a new draft version.{' '}
          <Link {...reportLink(added.id)} className="text-primary underline-offset-4 hover:underline">
            Open {added.name}
          </Link>
        </p>
      )}
    </form>
  );
}
