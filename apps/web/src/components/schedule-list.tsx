import {
  ANALYSIS_SCHEDULE_FORMATS,
  analysisScheduleEndpoints,
  endpointUrl,
  exportEndpoints,
  REPORT_EXPORT_FORMATS,
  reportEndpoints,
  reportScheduleInputSchema,
  type ReportExportFormat,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleInput,
} from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  ConfirmDialog,
  CronField,
  DataTable,
  FormField,
  Input,
  selectClasses,
} from '@ecc/ui';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

/** What a schedule mails: a report (PDF, XLSX or CSV) or a saved analysis (its table as XLSX or CSV). */
export interface ScheduleTarget {
  readonly kind: 'report' | 'analysis';
  readonly id: string;
}

const NOUNS: Record<ScheduleTarget['kind'], string> = { report: 'report', analysis: 'analysis' };
const FORMATS: Record<ScheduleTarget['kind'], readonly ReportExportFormat[]> = {
  report: REPORT_EXPORT_FORMATS,
  analysis: ANALYSIS_SCHEDULE_FORMATS,
};

export const schedulesQueryKey = ['schedules'] as const;

export function schedulesQueryOptions(target: ScheduleTarget) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, target.kind, target.id],
    queryFn: async ({ signal }) => {
      const params = { id: target.id };
      const answer =
        target.kind === 'report'
          ? await callEndpoint(reportEndpoints.schedules, { params, signal })
          : await callEndpoint(analysisScheduleEndpoints.list, { params, signal });
      return answer.schedules;
    },
  });
}

function createSchedule(target: ScheduleTarget, body: ReportScheduleInput) {
  const params = { id: target.id };
  return target.kind === 'report'
    ? callEndpoint(reportEndpoints.createSchedule, { params, body })
    : callEndpoint(analysisScheduleEndpoints.create, { params, body });
}

async function deleteSchedule(target: ScheduleTarget, scheduleId: string): Promise<void> {
  const params = { id: target.id, scheduleId };
  if (target.kind === 'report') await callEndpoint(reportEndpoints.deleteSchedule, { params });
  else await callEndpoint(analysisScheduleEndpoints.delete, { params });
}

interface ScheduleFormValues {
  cron: string;
  format: ReportExportFormat;
  /** Addresses separated by commas or spaces. */
  recipients: string;
}

const FORMAT_LABELS: Record<ReportExportFormat, string> = { pdf: 'PDF', xlsx: 'XLSX', csv: 'CSV' };
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_LABELS: Record<ReportRun['status'], string> = {
  running: 'Running',
  sent: 'Sent',
  failed: 'Failed',
};

function runSummaryOf(run: ReportRun | undefined): string {
  if (!run) return 'Not run yet';
  return `${dateFormat.format(new Date(run.slot))}: ${STATUS_LABELS[run.status].toLowerCase()}`;
}

/**
 * The schedule's last runs (newest first, as many as the API keeps), the latest in the summary and all of them when
 * opened: a native disclosure, so keyboard and screen readers work without script. Each run mailed the schedule's
 * recipients; a failed run says why.
 */
function RunHistory({ schedule }: { schedule: ReportSchedule }) {
  const latest = schedule.runs[0];
  if (latest === undefined) return <span>{runSummaryOf(latest)}</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer">
        {runSummaryOf(latest)}
        <span className="text-muted-foreground">
          {' '}
          ({schedule.runs.length === 1 ? '1 run' : `${schedule.runs.length} runs`})
        </span>
      </summary>
      <ol aria-label={`Runs of the schedule ${schedule.cron}`} className="mt-2 grid gap-2">
        {schedule.runs.map((run) => (
          <li key={run.id} className="rounded border p-2 text-sm">
            <p>
              <time dateTime={run.slot}>{dateFormat.format(new Date(run.slot))}</time>:{' '}
              <strong className={run.status === 'failed' ? 'text-destructive' : undefined}>
                {STATUS_LABELS[run.status]}
              </strong>
            </p>
            <p className="text-muted-foreground">To {schedule.recipients.join(', ')}</p>
            {run.status === 'failed' ? <p>{run.error ?? 'No reason was given.'}</p> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** A report's or saved analysis's schedules (cron, format, recipients), their last runs, and a form to add one. */
export function ScheduleList({ target, canEdit }: { target: ScheduleTarget; canEdit: boolean }) {
  const schedules = useQuery(schedulesQueryOptions(target));
  const queryClient = useQueryClient();
  const noun = NOUNS[target.kind];
  const headingId = useId();
  const formats = FORMATS[target.kind];
  const refresh = () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
  const [removing, setRemoving] = useState<ReportSchedule>();
  const { form, submit, formError } = useContractForm<ScheduleFormValues, ReportScheduleInput>({
    schema: reportScheduleInputSchema,
    defaultValues: { cron: '0 8 * * 1', format: formats[0] ?? 'xlsx', recipients: '' },
    toRequest: (values) => ({
      cron: values.cron,
      format: values.format,
      recipients: values.recipients.split(/[\s,;]+/).filter((recipient) => recipient !== ''),
    }),
    fieldOf: topLevelFieldOf(['cron', 'format', 'recipients'] as const),
  });
  const {
    control,
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (request) => {
    await createSchedule(target, request);
    reset();
    await refresh();
  });

  return (
    <section aria-labelledby={headingId} className="grid gap-3 print:hidden">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Schedules
        </h2>
        {schedules.data !== undefined && schedules.data.length > 0 && (
          <ExportMenu
            what="the schedules and every run"
            hrefOf={(format) =>
              endpointUrl(
                target.kind === 'report'
                  ? exportEndpoints.reportSchedules
                  : exportEndpoints.analysisSchedules,
                { id: target.id },
                { format },
              )
            }
          />
        )}
      </div>
      <QueryStates
        query={schedules}
        loading={<LoadingSkeleton label="Loading schedules" skeletons={['h-10']} />}
        errorTitle="The schedules could not be loaded"
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-muted-foreground text-sm">This {noun} is not mailed on a schedule.</p>}
      >
        {(rows) => (
          <DataTable
            caption={`Schedules of this ${noun}`}
            rows={rows}
            rowKey={(schedule) => schedule.id}
            columns={[
              { header: 'Cron', cell: (schedule) => <code>{schedule.cron}</code> },
              { header: 'Format', cell: (schedule) => FORMAT_LABELS[schedule.format] },
              { header: 'Recipients', cell: (schedule) => schedule.recipients.join(', ') },
              {
                header: 'Next run',
                cell: (schedule) =>
                  schedule.nextRunAt ? dateFormat.format(new Date(schedule.nextRunAt)) : '—',
              },
              { header: 'Runs', cell: (schedule) => <RunHistory schedule={schedule} /> },
              {
                header: 'Actions',
                isHeaderHidden: true,
                cell: (schedule) =>
                  canEdit && (
                    <Button
                      variant="destructive"
                      size="sm"
                      aria-label={`Delete the schedule ${schedule.cron}`}
                      onClick={() => setRemoving(schedule)}
                    >
                      Delete
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </QueryStates>
      {canEdit ? (
        <form
          noValidate
          aria-label="Add a schedule"
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-3 rounded-lg border p-4"
        >
          {formError ? (
            <Alert kind="error">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="cron"
            render={({ field }) => (
              <CronField label="Cron expression (UTC)" value={field.value} onChange={field.onChange} />
            )}
          />
          {errors.cron?.message ? (
            <p role="alert" className="text-destructive text-sm">
              {errors.cron.message}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <FormField label="Format" error={errors.format?.message}>
              <select className={selectClasses} {...register('format')}>
                {formats.map((format) => (
                  <option key={format} value={format}>
                    {FORMAT_LABELS[format]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Recipients" error={errors.recipients?.message}>
              <Input
                type="text"
                placeholder="cfo@example.com, board@example.com"
                {...register('recipients')}
              />
            </FormField>
          </div>
          <div>
            <Button type="submit" isLoading={isSubmitting}>
              Add schedule
            </Button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(isOpen) => !isOpen && setRemoving(undefined)}
        title="Delete this schedule?"
        description={`The ${noun} is no longer mailed on it; its run history goes with it.`}
        confirmLabel="Delete schedule"
        variant="destructive"
        onConfirm={async () => {
          if (!removing) return;
          await deleteSchedule(target, removing.id);
          setRemoving(undefined);
          await refresh();
        }}
      />
    </section>
  );
}
