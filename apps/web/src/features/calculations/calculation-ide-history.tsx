import { endpointUrl, exportEndpoints, type CalculationVersionListItem } from '@ecc/contracts';
import { cn, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatDate } from '#lib/format/index.ts';
import { formulaDiffCounts, formulaDiffRows, type FormulaDiffRow } from './calculation-version-diff.ts';
import { calculationVersionsQueryOptions } from './stored-calculations-api.ts';

const DATE_TIME = 'yyyy-MM-dd HH:mm';

/** Who saved the version: the server names the realm's users only; anyone else is an unknown user. */
function authorText(version: CalculationVersionListItem, currentUserId: string | undefined): string {
  if (version.authorId === null) return 'the system (seeded)';
  if (version.authorName === null) return 'Unknown user';
  return version.authorId === currentUserId ? `${version.authorName} (you)` : version.authorName;
}

/** The History tab: every version (author, date, state) and a line-by-line diff between any two of them. */
export function CalculationIdeHistory({
  calculationId,
  currentUserId,
}: {
  calculationId: string;
  currentUserId: string | undefined;
}) {
  const versions = useQuery(calculationVersionsQueryOptions(calculationId));
  return (
    <QueryStates
      query={versions}
      loading={<LoadingSkeleton label="Loading the versions" skeletons={['h-24', 'h-48']} />}
      errorTitle="The versions could not be loaded"
      isEmpty={(data) => data.versions.length === 0}
      empty={<p className="text-muted-foreground text-sm">No version has been saved yet.</p>}
    >
      {(data) => (
        <VersionHistory
          calculationId={calculationId}
          versions={[...data.versions].sort((left, right) => right.number - left.number)}
          currentUserId={currentUserId}
        />
      )}
    </QueryStates>
  );
}

function VersionHistory({
  calculationId,
  versions,
  currentUserId,
}: {
  calculationId: string;
  versions: readonly CalculationVersionListItem[];
  currentUserId: string | undefined;
}) {
  const id = useId();
  const newest = versions[0];
  const [newerNumber, setNewerNumber] = useState(newest?.number ?? 1);
  const [olderNumber, setOlderNumber] = useState(versions[1]?.number ?? newest?.number ?? 1);
  const older = versions.find((version) => version.number === olderNumber);
  const newer = versions.find((version) => version.number === newerNumber);
  const rows = useMemo(
    () => (older === undefined || newer === undefined ? [] : formulaDiffRows(older.formula, newer.formula)),
    [older, newer],
  );
  const counts = formulaDiffCounts(rows);

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <ExportMenu
          what="the version history"
          hrefOf={(format) =>
            endpointUrl(exportEndpoints.calculationVersions, { id: calculationId }, { format })
          }
        />
      </div>
      <table className="w-full text-sm">
        <caption className="text-muted-foreground text-left text-xs">
          Every save is a version; a published one never changes.
        </caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-3 font-medium">
              Version
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              State
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Author
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Saved
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Published
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id} className="border-t">
              <th scope="row" className="py-1 pr-3 text-left font-medium tabular-nums">
                <Link
                  to="/calc-editor"
                  search={{ calculation: calculationId, version: version.number }}
                  className="text-primary underline-offset-4 hover:underline"
                  aria-label={`Open version ${version.number}`}
                >
                  v{version.number}
                </Link>
              </th>
              <td className="py-1 pr-3">{version.state}</td>
              <td className="py-1 pr-3">{authorText(version, currentUserId)}</td>
              <td className="py-1 pr-3 tabular-nums">{formatDate(version.createdOn, DATE_TIME)}</td>
              <td className="py-1 pr-3 tabular-nums">
                {version.publishedOn === null ? '—' : formatDate(version.publishedOn, DATE_TIME)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby={`${id}-diff`} className="grid gap-3">
        <h3 id={`${id}-diff`} className="font-semibold">
          Compare versions
        </h3>
        <div className="flex flex-wrap items-end gap-3">
          <VersionSelect
            label="Older version"
            versions={versions}
            value={olderNumber}
            onChange={setOlderNumber}
          />
          <VersionSelect
            label="Newer version"
            versions={versions}
            value={newerNumber}
            onChange={setNewerNumber}
          />
        </div>
        <p role="status" className="text-sm">
          {olderNumber === newerNumber
            ? 'Choose two different versions to see what changed.'
            : `Version ${olderNumber} → ${newerNumber}: ${counts.added} ${counts.added === 1 ? 'line' : 'lines'} added, ${counts.removed} removed.`}
        </p>
        <FormulaDiffTable rows={rows} olderNumber={olderNumber} newerNumber={newerNumber} />
      </section>
    </div>
  );
}

function VersionSelect({
  label,
  versions,
  value,
  onChange,
}: {
  label: string;
  versions: readonly CalculationVersionListItem[];
  value: number;
  onChange: (number: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={selectClasses}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {versions.map((version) => (
          <option key={version.id} value={version.number}>
            Version {version.number} ({version.state})
          </option>
        ))}
      </select>
    </div>
  );
}

const ROW_CLASSES: Readonly<Record<FormulaDiffRow['kind'], string>> = {
  same: '',
  added: 'bg-emerald-50 dark:bg-emerald-950',
  removed: 'bg-red-50 dark:bg-red-950',
};

const ROW_MARKS: Readonly<Record<FormulaDiffRow['kind'], { mark: string; words: string }>> = {
  same: { mark: ' ', words: 'Unchanged' },
  added: { mark: '+', words: 'Added' },
  removed: { mark: '−', words: 'Removed' },
};

/** The diff as a table a screen reader reads row by row: each line's numbers, whether it changed, its text. */
export function FormulaDiffTable({
  rows,
  olderNumber,
  newerNumber,
}: {
  rows: readonly FormulaDiffRow[];
  olderNumber: number;
  newerNumber: number;
}) {
  return (
    <table className="w-full font-mono text-xs" data-testid="formula-diff">
      <caption className="sr-only">
        The formula of version {olderNumber} compared with version {newerNumber}, line by line
      </caption>
      <thead className="font-sans">
        <tr className="text-left">
          <th scope="col" className="w-12 py-1 pr-2 font-medium">
            v{olderNumber}
          </th>
          <th scope="col" className="w-12 py-1 pr-2 font-medium">
            v{newerNumber}
          </th>
          <th scope="col" className="w-20 py-1 pr-2 font-medium">
            Change
          </th>
          <th scope="col" className="py-1 font-medium">
            Line
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className={cn('border-t', ROW_CLASSES[row.kind])} data-change={row.kind}>
            <td className="text-muted-foreground py-0.5 pr-2 tabular-nums">{row.oldLine ?? ''}</td>
            <td className="text-muted-foreground py-0.5 pr-2 tabular-nums">{row.newLine ?? ''}</td>
            <td className="py-0.5 pr-2 font-sans">
              <span aria-hidden="true" className="font-mono">
                {ROW_MARKS[row.kind].mark}{' '}
              </span>
              {row.kind === 'same' ? <span className="sr-only">Unchanged</span> : ROW_MARKS[row.kind].words}
            </td>
            <td className="py-0.5 break-all whitespace-pre-wrap">{row.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
