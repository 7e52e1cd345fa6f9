import {
  AUDIT_SYSTEM_ACTOR,
  auditEndpoints,
  endpointUrl,
  exportEndpoints,
  type AuditEntryDto,
  type AuditLogFilter,
} from '@ecc/contracts';
import { cn, DataTable, EmptyState, Input, Label, selectClasses } from '@ecc/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ScrollTextIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageNavigation } from '#components/page-navigation.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { formatDate } from '#lib/format/format-date.ts';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';

export const AUDIT_PAGE_SIZE = 50;
const ACTOR_DEBOUNCE_MS = 300;

const auditQueryKey = ['realm-admin', 'audit-log'] as const;

/** The filters as the list and the export take them: empty ones left out. */
function filterOf(filter: AuditLogFilter): AuditLogFilter {
  return {
    entityType: filter.entityType || undefined,
    actor: filter.actor?.trim() || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
  };
}

/** Before and after of one entry, as indented JSON side by side. */
function EntryChanges({ entry }: { entry: AuditEntryDto }) {
  const parts = [
    { label: 'Before', value: entry.before },
    { label: 'After', value: entry.after },
  ];
  return (
    <details>
      <summary className="cursor-pointer text-sm">Before and after</summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        {parts.map(({ label, value }) => (
          <figure key={label} className="grid gap-1">
            <figcaption className="text-xs font-medium">{label}</figcaption>
            <pre className="bg-muted max-h-64 overflow-auto rounded p-2 text-xs whitespace-pre-wrap">
              {value === null || value === undefined ? '(nothing)' : JSON.stringify(value, null, 2)}
            </pre>
          </figure>
        ))}
      </div>
    </details>
  );
}

/**
 * The realm's audit log (`read AuditLog`), newest first: filtered by entity type, actor and days, a page at a
 * time, each entry's before and after on demand, and exported with the same filters.
 */
export function AuditLogPanel() {
  const [filterInput, setFilterInput] = useState<AuditLogFilter>({});
  const actor = useDebouncedValue(filterInput.actor ?? '', ACTOR_DEBOUNCE_MS);
  const filter = filterOf({ ...filterInput, actor });
  // The offset belongs to the filter it was chosen for: another filter starts again at the first page.
  const [page, setPage] = useState({ key: JSON.stringify(filter), offset: 0 });
  const offset = page.key === JSON.stringify(filter) ? page.offset : 0;

  const entityTypes = useQuery({
    queryKey: [...auditQueryKey, 'entity-types'],
    queryFn: ({ signal }) => callEndpoint(auditEndpoints.entityTypes, { signal }),
  });
  const entries = useQuery({
    queryKey: [...auditQueryKey, 'entries', filter, offset],
    queryFn: ({ signal }) =>
      callEndpoint(auditEndpoints.list, { query: { ...filter, limit: AUDIT_PAGE_SIZE, offset }, signal }),
    placeholderData: keepPreviousData,
  });
  const change = (part: Partial<AuditLogFilter>) => setFilterInput((previous) => ({ ...previous, ...part }));
  const isFiltered = Object.values(filter).some((value) => value !== undefined);

  return (
    <section aria-labelledby="audit-log-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-log-heading" className="text-lg font-semibold">
          Audit log
        </h2>
        <ExportMenu
          what="the audit log"
          hrefOf={(format) => endpointUrl(exportEndpoints.auditLog, undefined, { ...filter, format })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="audit-entity-type">Entity type</Label>
          <select
            id="audit-entity-type"
            className={cn(selectClasses, 'w-52')}
            value={filterInput.entityType ?? ''}
            onChange={(event) => change({ entityType: event.target.value })}
          >
            <option value="">All types</option>
            {entityTypes.data?.results.map((entry) => (
              <option key={entry.entityType} value={entry.entityType}>
                {entry.entityType} ({entry.count.toLocaleString()})
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-actor">Actor</Label>
          <Input
            id="audit-actor"
            type="search"
            className="w-64"
            placeholder={`Part of an e-mail, or ${AUDIT_SYSTEM_ACTOR}`}
            value={filterInput.actor ?? ''}
            onChange={(event) => change({ actor: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-from">From (UTC)</Label>
          <Input
            id="audit-from"
            type="date"
            className="w-44"
            value={filterInput.from ?? ''}
            onChange={(event) => change({ from: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-to">To (UTC)</Label>
          <Input
            id="audit-to"
            type="date"
            className="w-44"
            value={filterInput.to ?? ''}
            onChange={(event) => change({ to: event.target.value })}
          />
        </div>
      </div>
      <div aria-live="polite" aria-busy={entries.isFetching}>
        <QueryStates
          query={entries}
          loading={<LoadingSkeleton label="Loading the audit log" />}
          errorTitle="The audit log could not be loaded"
          isEmpty={(result) => result.results.length === 0}
          empty={
            <EmptyState
              icon={<ScrollTextIcon />}
              title={isFiltered ? 'No entries match' : 'No entries yet'}
              description={
                isFiltered
                  ? 'No entry of the audit log matches these filters: widen the days or clear a filter.'
                  : 'Every change to the realm’s data is recorded here.'
              }
            />
          }
        >
          {(result) => (
            <div className="grid gap-2">
              <DataTable
                caption="Audit log entries, newest first"
                rows={result.results}
                rowKey={(entry) => String(entry.id)}
                columns={[
                  { header: 'Sequence', cell: (entry) => entry.sequence, className: 'tabular-nums' },
                  { header: 'When', cell: (entry) => formatDate(entry.occurredOn, 'yyyy-MM-dd HH:mm:ss zz') },
                  { header: 'Actor', cell: (entry) => entry.actorEmail ?? AUDIT_SYSTEM_ACTOR },
                  { header: 'Action', cell: (entry) => entry.action },
                  { header: 'Entity', cell: (entry) => entry.entityType },
                  { header: 'Entity id', cell: (entry) => entry.entityId, className: 'font-mono text-xs' },
                  { header: 'Changes', cell: (entry) => <EntryChanges entry={entry} /> },
                ]}
              />
              <PageNavigation
                page={result}
                pageSize={AUDIT_PAGE_SIZE}
                onOffsetChange={(next) => setPage({ key: JSON.stringify(filter), offset: next })}
              />
            </div>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
