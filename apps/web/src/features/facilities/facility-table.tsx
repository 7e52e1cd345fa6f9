import type { FacilityDto } from '@ecc/contracts';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { formatMass } from '#lib/format/format-mass.ts';
import { SortableHeaderRow, type SortableColumn } from './sortable-header.tsx';
import { sortRows, type SortState } from './table-rows.ts';

type FacilityColumn = 'name' | 'sector' | 'naics' | 'place' | 'country' | 'co2e';

const COLUMNS: SortableColumn<FacilityColumn>[] = [
  { key: 'name', label: 'Name' },
  { key: 'sector', label: 'Sector' },
  { key: 'naics', label: 'NAICS' },
  { key: 'place', label: 'City, state' },
  { key: 'country', label: 'Country' },
  { key: 'co2e', label: 'CO2e, latest year', isNumeric: true },
];

const ROW_HEIGHT = 40;
const GRID_COLUMNS = 'grid-cols-[minmax(12rem,2fr)_minmax(8rem,1fr)_6rem_minmax(8rem,1fr)_6rem_15rem]';

function placeOf(facility: FacilityDto): string {
  return [facility.location.city, facility.location.state].filter(Boolean).join(', ');
}

function valueOf(facility: FacilityDto, column: FacilityColumn) {
  switch (column) {
    case 'name':
      return facility.name;
    case 'sector':
      return facility.sector;
    case 'naics':
      return facility.naics;
    case 'place':
      return placeOf(facility);
    case 'country':
      return facility.location.country;
    case 'co2e':
      return facility.co2eKgLatestYear;
  }
}

/** The facility list, sortable by every column and virtualised so that thousands of rows scroll smoothly. */
export function FacilityTable({ facilities }: { facilities: readonly FacilityDto[] }) {
  const [sort, setSort] = useState<SortState<FacilityColumn>>({ key: 'name', direction: 'ascending' });
  const rows = useMemo(() => sortRows(facilities, sort, valueOf), [facilities, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read while rendering this table only; no memoized child receives its functions.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 1000, height: 480 },
  });

  return (
    <div
      role="table"
      aria-label="Facilities"
      aria-rowcount={rows.length + 1}
      className="rounded-lg border text-sm"
    >
      <SortableHeaderRow columns={COLUMNS} sort={sort} onSort={setSort} gridClassName={GRID_COLUMNS} />
      <div ref={scrollRef} role="rowgroup" className="max-h-[480px] overflow-auto">
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const facility = rows[item.index];
            if (facility === undefined) return null;
            return (
              <div
                key={facility.id}
                role="row"
                aria-rowindex={item.index + 2}
                className={`absolute inset-x-0 grid items-center border-b ${GRID_COLUMNS}`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="truncate px-3">
                  <Link
                    to={`/facility/next/${facility.slug}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {facility.name}
                  </Link>
                </div>
                <div role="cell" className="truncate px-3">
                  {facility.sector}
                </div>
                <div role="cell" className="px-3 tabular-nums">
                  {facility.naics ?? '—'}
                </div>
                <div role="cell" className="truncate px-3">
                  {placeOf(facility) || '—'}
                </div>
                <div role="cell" className="px-3">
                  {facility.location.country}
                </div>
                <div role="cell" className="px-3 text-right whitespace-nowrap tabular-nums">
                  {facility.co2eKgLatestYear === null
                    ? '—'
                    : `${formatMass(facility.co2eKgLatestYear)} (${facility.latestYear})`}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
