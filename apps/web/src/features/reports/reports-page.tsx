import {
  REPORT_EXPORT_FORMATS,
  REPORT_STATUS_LABELS,
  type ReportDetail,
  type ReportInput,
  type ReportTransition,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileTextIcon, PlusIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { ScheduleList } from '#components/schedule-list.tsx';
import { reportingYearsQuery } from '#lib/period/reporting-years-query.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import { REPORT_SEARCH_PARAMETER } from '#lib/routing/report-link.ts';
import { ReportBuilder } from './report-builder.tsx';
import { ReportContent } from './report-content.tsx';
import {
  createReport,
  exportHref,
  refreshReports,
  savedAnalysesQueryOptions,
  reportListQueryOptions,
  reportQueryOptions,
  saveReport,
  transitionReport,
} from './reports-api.ts';

const TRANSITION_TEXTS: Record<ReportTransition, { label: string; title: string; description: string }> = {
  submit: {
    label: 'Submit for review',
    title: 'Submit this report for review?',
    description: 'It cannot be edited while in review; an administrator approves it or returns it to draft.',
  },
  approve: {
    label: 'Approve',
    title: 'Approve this version?',
    description:
      'Its numbers are kept as they are now: later changes to records do not change the approved report.',
  },
  return: {
    label: 'Return to draft',
    title: 'Return this report to draft?',
    description: 'Its author can edit it again and submit it anew.',
  },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The report in the address (`?report=<id>`), so a report can be linked to and survives a reload. */
function useSelectedReport(): [string | undefined, (id: string | undefined) => void] {
  const [selected, setSelected] = useState(
    () => new URLSearchParams(window.location.search).get(REPORT_SEARCH_PARAMETER) ?? undefined,
  );
  return [
    selected,
    (id) => {
      const url = new URL(window.location.href);
      if (id === undefined) url.searchParams.delete(REPORT_SEARCH_PARAMETER);
      else url.searchParams.set(REPORT_SEARCH_PARAMETER, id);
      window.history.replaceState(window.history.state, '', url);
      setSelected(id);
    },
  ];
}

function ReportDetailView({
  detail,
  onVersion,
  onEdit,
  onTransition,
}: {
  detail: ReportDetail;
  onVersion: (version: number | undefined) => void;
  onEdit: () => void;
  onTransition: (action: ReportTransition) => void;
}) {
  const canEdit = useCan('update', 'Report');
  const canApprove = useCan('manage', 'Report');
  const { report } = detail;
  const isLatest = detail.version.number === report.latestVersion;
  const actions: ReportTransition[] =
    report.status === 'draft'
      ? canEdit
        ? ['submit']
        : []
      : report.status === 'in-review' && canApprove
        ? ['approve', 'return']
        : [];
  return (
    <article aria-labelledby="report-title" className="grid gap-6">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="report-title" className="mr-auto text-xl font-semibold">
            {report.name}
          </h2>
          <span className="bg-muted rounded-full px-2 py-0.5 text-xs font-medium">
            <span className="sr-only">Status: </span>
            {REPORT_STATUS_LABELS[report.status]}
          </span>
        </div>
        <p className="text-muted-foreground text-sm">
          Version {detail.version.number}
          {detail.version.approvedOn
            ? `, approved ${dateFormat.format(new Date(detail.version.approvedOn))} by ${detail.version.approvedBy ?? ''}`
            : ''}
        </p>
        <div className="flex flex-wrap gap-2 print:hidden">
          {isLatest && canEdit && report.status !== 'in-review' ? (
            <Button variant="outline" size="sm" onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          {isLatest
            ? actions.map((action) => (
                <ConfirmDialog
                  key={action}
                  title={TRANSITION_TEXTS[action].title}
                  description={TRANSITION_TEXTS[action].description}
                  confirmLabel={TRANSITION_TEXTS[action].label}
                  onConfirm={() => onTransition(action)}
                  trigger={
                    <Button size="sm" variant={action === 'return' ? 'outline' : 'default'}>
                      {TRANSITION_TEXTS[action].label}
                    </Button>
                  }
                />
              ))
            : null}
          {REPORT_EXPORT_FORMATS.map((format) => (
            <Button key={format} asChild variant="outline" size="sm">
              <a href={exportHref(report.id, format, detail.version.number)} download>
                Export {format.toUpperCase()}
              </a>
            </Button>
          ))}
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" /> Print
          </Button>
        </div>
      </header>
      {detail.version.hasChangedSinceApproval ? (
        <Alert kind="warning">
          <AlertDescription>
            Numbers changed since approval: records were edited after this version was approved. It shows the
            numbers as approved; save a new version to show the live ones.
          </AlertDescription>
        </Alert>
      ) : null}
      <ReportContent sections={detail.version.content} />
      <section aria-labelledby="versions-heading" className="grid gap-2 print:hidden">
        <h2 id="versions-heading" className="text-lg font-semibold">
          Versions
        </h2>
        <ul className="grid gap-1 text-sm">
          {detail.versions.map((entry) => (
            <li key={entry.number}>
              <button
                type="button"
                className="underline-offset-2 hover:underline aria-[current=true]:font-semibold"
                aria-current={entry.number === detail.version.number}
                onClick={() => onVersion(entry.number === report.latestVersion ? undefined : entry.number)}
              >
                Version {entry.number} — {dateFormat.format(new Date(entry.createdOn))}
                {entry.approvedOn ? ' (approved)' : ''}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <ScheduleList target={{ kind: 'report', id: report.id }} canEdit={canEdit} />
    </article>
  );
}

/**
 * /reporting/analysis/report: the realm's reports. A report is an ordered list of sections kept in versions; an
 * author submits it for review, an administrator approves it (its numbers then kept) or returns it. Export to
 * PDF, XLSX or CSV, print, and mail it on a schedule.
 */
export function ReportsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(reportListQueryOptions);
  const years = useQuery(reportingYearsQuery);
  const [selectedId, setSelectedId] = useSelectedReport();
  const [version, setVersion] = useState<number>();
  const [editing, setEditing] = useState<'new' | 'edit'>();
  const detail = useQuery({
    ...reportQueryOptions(selectedId ?? '', version),
    enabled: selectedId !== undefined,
  });
  const canCreate = useCan('create', 'Report');
  const savedViews = useQuery(savedAnalysesQueryOptions);
  const defaultYear = years.data?.years.at(-1) ?? new Date().getFullYear() - 1;

  async function save(input: ReportInput) {
    const saved =
      editing === 'new' || selectedId === undefined
        ? await createReport(input)
        : await saveReport(selectedId, input);
    await refreshReports(queryClient);
    setEditing(undefined);
    setVersion(undefined);
    setSelectedId(saved.report.id);
    toast({ variant: 'success', title: `Saved as version ${saved.version.number}` });
  }

  async function transition(action: ReportTransition) {
    if (!selectedId) return;
    try {
      await transitionReport(selectedId, action);
      toast({
        variant: 'success',
        title: `Report ${action === 'approve' ? 'approved' : action === 'submit' ? 'submitted for review' : 'returned to draft'}`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The status could not be changed',
        description: (error as Error).message,
      });
    } finally {
      await refreshReports(queryClient);
    }
  }

  return (
    <>
      <PageHeader
        title="Reports"
        description="Build reports from text and figures, have them approved, export, print and mail them."
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Reports" className="grid content-start gap-2 print:hidden">
          {canCreate ? (
            <Button
              onClick={() => {
                setEditing('new');
                setSelectedId(undefined);
              }}
            >
              <PlusIcon aria-hidden="true" /> New report
            </Button>
          ) : null}
          <QueryStates
            query={list}
            loading={<LoadingSkeleton label="Loading reports" skeletons={['h-8', 'h-8', 'h-8']} />}
            errorTitle="The reports could not be loaded"
            isEmpty={(reports) => reports.length === 0}
            empty={<p className="text-muted-foreground text-sm">No reports yet.</p>}
          >
            {(reports) => (
              <ul className="grid gap-1">
                {reports.map((report) => (
                  <li key={report.id}>
                    <button
                      type="button"
                      aria-current={report.id === selectedId}
                      className="hover:bg-muted aria-[current=true]:bg-muted w-full rounded px-2 py-1 text-left text-sm"
                      onClick={() => {
                        setEditing(undefined);
                        setVersion(undefined);
                        setSelectedId(report.id);
                      }}
                    >
                      {report.name}
                      <span className="text-muted-foreground block text-xs">
                        {REPORT_STATUS_LABELS[report.status]}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        </nav>
        <div className="min-w-0">
          {editing === 'new' ? (
            <ReportBuilder
              initial={{ name: '', sections: [] }}
              defaultYear={defaultYear}
              savedViews={savedViews.data ?? []}
              submitLabel="Create report"
              onSave={save}
              onCancel={() => setEditing(undefined)}
            />
          ) : selectedId === undefined ? (
            <EmptyState
              icon={<FileTextIcon />}
              title="Choose a report"
              description="Pick a report on the left, or start a new one from text, KPI tiles, inventory tables and saved analyses."
            />
          ) : (
            <QueryStates
              query={detail}
              loading={<LoadingSkeleton label="Loading the report" skeletons={['h-8', 'h-24', 'h-24']} />}
              errorTitle="The report could not be loaded"
            >
              {(loaded) =>
                editing === 'edit' ? (
                  <ReportBuilder
                    initial={{ name: loaded.report.name, sections: loaded.version.sections }}
                    defaultYear={defaultYear}
                    savedViews={savedViews.data ?? []}
                    submitLabel="Save as a new version"
                    onSave={save}
                    onCancel={() => setEditing(undefined)}
                  />
                ) : (
                  <ReportDetailView
                    detail={loaded}
                    onVersion={setVersion}
                    onEdit={() => setEditing('edit')}
                    onTransition={(action) => void transition(action)}
                  />
                )
              }
            </QueryStates>
          )}
        </div>
      </div>
    </>
  );
}
