import type { FacilityDto, FacilitySort } from '@ecc/contracts';
import { Button, cn } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMass } from '#lib/format/format-mass.ts';
import { yearSearch } from '#lib/period/selected-year.ts';
import { nextFacilitySort } from './facility-list-search.ts';

type ServerSortColumn = 'name' | 'co2e' | 'state' | 'naics';

function placeOf(facility: FacilityDto): string {
  return [facility.location.city, facility.location.state].filter(Boolean).join(', ');
}

const SOURCE_LABELS = { calculated: 'calculated', reported: 'reported' } as const;

/** A column header whose button asks the server for that order; aria-sort tells a screen reader the order. */
function SortHeader({
  column,
  label,
  sort,
  onSort,
  isNumeric,
}: {
  column: ServerSortColumn;
  label: string;
  sort: FacilitySort;
  onSort: (sort: FacilitySort) => void;
  isNumeric?: boolean;
}) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const Icon =
    direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <th scope="col" aria-sort={direction} className={cn('px-1 py-1 font-medium', isNumeric && 'text-right')}>
      <button
        type="button"
        className={cn(
          'inline-flex h-8 cursor-pointer items-center gap-1 rounded px-2 whitespace-nowrap hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          isNumeric && 'flex-row-reverse',
        )}
        onClick={() => onSort(nextFacilitySort(sort, column))}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', direction === 'none' && 'opacity-40')} />
      </button>
    </th>
  );
}

function PlainHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-3 py-1 text-left font-medium whitespace-nowrap">
      {children}
    </th>
  );
}

export interface FacilityTableProps {
  facilities: readonly FacilityDto[];
  sort: FacilitySort;
  onSort: (sort: FacilitySort) => void;
  /** The year whose CO2e the rows show (and their links keep); each facility's latest when undefined. */
  year?: number | undefined;
  /** Shown beside an archived facility's row when the user may bring it back. */
  onRestore?: ((facility: FacilityDto) => void) | undefined;
}

/** One page of facilities in the server's order; every sortable header asks the server for its order. */
export function FacilityTable({ facilities, sort, onSort, onRestore, year }: FacilityTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table aria-label="Facilities" className="w-full text-sm">
        <thead className="border-b bg-muted/50 text-left">
          <tr>
            <SortHeader column="name" label="Name" sort={sort} onSort={onSort} />
            <PlainHeader>Sector</PlainHeader>
            <SortHeader column="naics" label="NAICS" sort={sort} onSort={onSort} />
            <SortHeader column="state" label="City, state" sort={sort} onSort={onSort} />
            <PlainHeader>Country</PlainHeader>
            <SortHeader
              column="co2e"
              label={year === undefined ? 'CO2e, latest year' : `CO2e, ${year}`}
              sort={sort}
              onSort={onSort}
              isNumeric
            />
            {onRestore ? <PlainHeader>Archived</PlainHeader> : null}
          </tr>
        </thead>
        <tbody>
          {facilities.map((facility) => (
            <tr key={facility.id} className="border-b last:border-b-0">
              <td className="max-w-72 truncate px-3 py-2">
                <Link
                  to={`/facility/next/${facility.slug}`}
                  search={yearSearch(year)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {facility.name}
                </Link>
              </td>
              <td className="max-w-48 truncate px-3 py-2">{facility.sector}</td>
              <td className="px-3 py-2 tabular-nums">{facility.naics ?? '—'}</td>
              <td className="max-w-48 truncate px-3 py-2">{placeOf(facility) || '—'}</td>
              <td className="px-3 py-2">{facility.location.country}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {facility.co2e === null || facility.co2eSource === null ? (
                  '—'
                ) : (
                  <>
                    {formatMass(facility.co2e)}{' '}
                    <span className="text-muted-foreground">
                      ({facility.co2eYear}, {SOURCE_LABELS[facility.co2eSource]})
                    </span>
                  </>
                )}
              </td>
              {onRestore ? (
                <td className="px-3 py-2">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Restore ${facility.name}`}
                    onClick={() => onRestore(facility)}
                  >
                    Restore
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
