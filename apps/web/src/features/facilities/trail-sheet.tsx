import type { ActivityRecordDto, AuditEntryDto, CalculationMethodDto, TrailFactor } from '@ecc/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates, type QueryView } from '#components/query-states.tsx';
import { formatDate } from '#lib/format/format-date.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import {
  facilityTrailCsvUrl,
  facilityTrailXlsxUrl,
  facilityTrailQuery,
  recordTrailCsvUrl,
  recordTrailXlsxUrl,
  recordTrailQuery,
} from './facility-api.ts';
import { auditChanges, describeAuditEntry, describeFactor, describeFactorValues } from './facility-format.ts';
import type { TrailRequest } from './facility-types.ts';
import { TrailArithmetic } from './trail-arithmetic.tsx';

/** What the sheet explains: a total of the facility, or one record. */
export type TrailSubject =
  { kind: 'total'; request: TrailRequest } | { kind: 'record'; recordId: string; title: string };

/** The trail of one record, titled by what and when. */
export function recordTrailSubject(record: ActivityRecordDto): TrailSubject {
  return {
    kind: 'record',
    recordId: record.id,
    title: `${record.activityType}, ${record.periodStart.slice(0, 10)}`,
  };
}

const SHEET_CLASSES =
  'top-0 right-0 left-auto h-full max-h-screen w-full max-w-xl translate-x-0 translate-y-0 content-start overflow-y-auto rounded-none sm:max-w-xl';

function formatWhen(iso: string): string {
  try {
    return formatDate(iso, 'MMM d, yyyy HH:mm');
  } catch {
    return iso;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The factor library filtered to one factor's key. */
function factorLibraryHref(key: string): string {
  return `/emission-factors?q=${encodeURIComponent(key)}`;
}

function FactorList({ factors }: { factors: readonly TrailFactor[] }) {
  if (factors.length === 0) return <p className="text-sm text-muted-foreground">No factors.</p>;
  return (
    <ul className="grid gap-2 text-sm" data-testid="trail-factors">
      {factors.map((factor) => (
        <li key={`${factor.key}-${factor.version}`} className="rounded border p-2">
          <p className="font-medium">{describeFactor(factor)}</p>
          <p className="text-muted-foreground">{describeFactorValues(factor)}</p>
          <a
            href={factorLibraryHref(factor.key)}
            className="font-mono text-xs text-primary underline-offset-4 hover:underline"
          >
            {factor.key}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Downloads of the trail as CSV and as XLSX: plain links, so the browser saves what the server sends. */
function TrailDownloads({ csvHref, xlsxHref }: { csvHref: string; xlsxHref: string }) {
  return (
    <span className="inline-flex flex-wrap gap-x-4 gap-y-1">
      {[
        { href: csvHref, label: 'Download the trail as CSV' },
        { href: xlsxHref, label: 'Download the trail as XLSX' },
      ].map(({ href, label }) => (
        <a
          key={label}
          href={href}
          download
          className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
        >
          <DownloadIcon aria-hidden="true" className="size-4" />
          {label}
        </a>
      ))}
    </span>
  );
}

function MethodList({ methods }: { methods: readonly CalculationMethodDto[] }) {
  if (methods.length === 0) return <p className="text-sm text-muted-foreground">No methods.</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {methods.map((method) => (
        <li key={method.id}>
          <p className="font-medium">{method.name}</p>
          <code className="block rounded bg-muted px-2 py-1 text-xs whitespace-pre-wrap">
            {method.formula}
          </code>
        </li>
      ))}
    </ul>
  );
}

function AuditList({ audit }: { audit: readonly AuditEntryDto[] }) {
  if (audit.length === 0) return <p className="text-sm text-muted-foreground">No audit entries.</p>;
  return (
    <ol className="grid gap-2 text-sm" data-testid="trail-audit">
      {audit.map((entry) => (
        <li key={entry.id} id={`audit-${entry.sequence}`} className="rounded border p-2">
          <p>{describeAuditEntry(entry, formatWhen)}</p>
          {auditChanges(entry).map((change) => (
            <p key={change} className="text-xs text-muted-foreground">
              {change}
            </p>
          ))}
          <p className="truncate font-mono text-[10px] text-muted-foreground" title={entry.hash}>
            #{entry.sequence} · hash {entry.hash.slice(0, 16)}…
          </p>
        </li>
      ))}
    </ol>
  );
}

function RecordList({
  records,
  total,
  onOpenRecord,
}: {
  records: readonly ActivityRecordDto[];
  total: number;
  onOpenRecord: (record: ActivityRecordDto) => void;
}) {
  if (records.length === 0) return <p className="text-sm text-muted-foreground">No records.</p>;
  return (
    <>
      <ul className="grid max-h-64 gap-1 overflow-auto text-sm">
        {records.map((record) => (
          <li key={record.id} className="flex items-center justify-between gap-2 border-b py-1">
            <span>
              {record.periodStart.slice(0, 10)} · {record.activityType} ·{' '}
              {formatQuantity(record.quantity, record.unit)}
            </span>
            <span className="flex items-center gap-2">
              <span className="tabular-nums">{formatMass(record.co2eKg)}</span>
              <Button
                variant="ghost"
                size="xs"
                aria-label={`Show the arithmetic of ${record.activityType}, ${record.periodStart.slice(0, 10)}`}
                onClick={() => onOpenRecord(record)}
              >
                Arithmetic
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {total > records.length && (
        <p className="text-xs text-muted-foreground">
          The first {records.length} of {total} records are listed.
        </p>
      )}
    </>
  );
}

function TotalTrail({
  slug,
  request,
  onOpenRecord,
}: {
  slug: string;
  request: TrailRequest;
  onOpenRecord: (record: ActivityRecordDto) => void;
}) {
  const trail = useQuery(facilityTrailQuery(slug, request));
  return (
    <TrailStates trail={trail}>
      {(shown) => (
        <div className="grid gap-5" aria-live="polite">
          <p className="text-lg font-semibold tabular-nums">
            {formatMass(shown.co2eKg)} on GWP set {shown.gwpSetId}, from {formatNumber(shown.recordCount)}{' '}
            {shown.recordCount === 1 ? 'record' : 'records'}
          </p>
          <TrailDownloads
            csvHref={facilityTrailCsvUrl(slug, request)}
            xlsxHref={facilityTrailXlsxUrl(slug, request)}
          />
          <Section title="Emission factors">
            <FactorList factors={shown.factors} />
          </Section>
          <Section title="Formula">
            <MethodList methods={shown.methods} />
          </Section>
          <Section title="Records">
            <RecordList records={shown.records} total={shown.recordCount} onOpenRecord={onOpenRecord} />
          </Section>
          <Section title="Audit entries">
            <AuditList audit={shown.audit} />
          </Section>
        </div>
      )}
    </TrailStates>
  );
}

function RecordTrail({
  recordId,
  onShowRecord,
}: {
  recordId: string;
  onShowRecord: (recordId: string) => void;
}) {
  const trail = useQuery(recordTrailQuery(recordId));
  return (
    <TrailStates trail={trail}>
      {(data) => (
        <div className="grid gap-5" aria-live="polite">
          <p className="text-lg font-semibold tabular-nums">
            {formatQuantity(data.record.quantity, data.record.unit)} of {data.record.activityType} →{' '}
            {formatMass(data.record.co2eKg)}
            {data.record.gwpSetId === null ? '' : ` on GWP set ${data.record.gwpSetId}`}
          </p>
          <div className="flex flex-wrap gap-4">
            <Button variant="link" className="h-auto p-0" onClick={() => onShowRecord(data.record.id)}>
              Show the record in the table
            </Button>
            <TrailDownloads
              csvHref={recordTrailCsvUrl(data.record.id)}
              xlsxHref={recordTrailXlsxUrl(data.record.id)}
            />
          </div>
          {data.results.map((result, index) => (
            <Section
              key={`${result.factor.key}-${result.scope2Method ?? index}`}
              title={
                result.scope2Method === null
                  ? 'Calculation'
                  : `Calculation (Scope 2 ${result.scope2Method}-based)`
              }
            >
              <FactorList factors={[result.factor]} />
              <MethodList methods={[result.method]} />
              {result.arithmetic === null ? (
                <p className="text-sm text-muted-foreground">
                  The factor is no longer in the library, so only the stored figures are shown.
                </p>
              ) : (
                <TrailArithmetic arithmetic={result.arithmetic} />
              )}
              <p className="text-sm">
                {formatMass(result.co2eKg)} on GWP set {result.gwpSetId}
                {result.isFallback && ' — grid-average factor used for want of a market-based one'}
              </p>
            </Section>
          ))}
          <Section title="Audit entries">
            <AuditList audit={data.audit} />
          </Section>
        </div>
      )}
    </TrailStates>
  );
}

const TRAIL_SKELETONS = ['h-7 w-2/3', 'h-20 w-full', 'h-12 w-full', 'h-32 w-full'];

/** Either trail's loading and error states around its content. */
function TrailStates<Trail>({
  trail,
  children,
}: {
  trail: QueryView<Trail>;
  children: (trail: Trail) => ReactNode;
}) {
  return (
    <QueryStates
      query={trail}
      loading={
        <LoadingSkeleton
          label="Loading the trail"
          skeletons={TRAIL_SKELETONS}
          className="gap-3"
          aria-busy="true"
        />
      }
      errorTitle="The trail could not be loaded"
    >
      {children}
    </QueryStates>
  );
}

/**
 * A side sheet with what is behind a number: records, factors with source and version (linked to the library),
 * formula, each result's arithmetic, audit entries, and the whole trail as CSV. A record of a total opens its own
 * trail here; `onShowRecord` closes the sheet on the record's row in the table.
 */
export function TrailSheet({
  slug,
  subject,
  onOpen,
  onShowRecord,
  onClose,
}: {
  slug: string;
  subject: TrailSubject | null;
  onOpen: (subject: TrailSubject) => void;
  onShowRecord: (recordId: string) => void;
  onClose: () => void;
}) {
  const title = subject === null ? '' : subject.kind === 'total' ? subject.request.title : subject.title;
  return (
    <Dialog open={subject !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className={SHEET_CLASSES}>
        <DialogHeader>
          <DialogTitle>Trail: {title}</DialogTitle>
          <DialogDescription>
            The records, emission factors, formula, arithmetic and audit entries behind this figure.
          </DialogDescription>
        </DialogHeader>
        {subject?.kind === 'total' && (
          <TotalTrail
            slug={slug}
            request={subject.request}
            onOpenRecord={(record) => onOpen(recordTrailSubject(record))}
          />
        )}
        {subject?.kind === 'record' && (
          <RecordTrail recordId={subject.recordId} onShowRecord={onShowRecord} />
        )}
      </DialogContent>
    </Dialog>
  );
}
