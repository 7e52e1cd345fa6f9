import { benchmarkEndpoints, endpointUrl, type BenchmarkPeer, type BenchmarkQuery } from '@ecc/contracts';
import { cn } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { SortableColumnHeader } from '#components/sortable-column-header.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { PageNavigation } from '#components/page-navigation.tsx';
import { facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';

export const PEER_PAGE_SIZE = 50;

export type PeerSortKey = 'name' | 'state' | 'naics' | 'co2e';

const COLUMNS: readonly { key: PeerSortKey; header: string; isNumber: boolean }[] = [
  { key: 'name', header: 'Facility', isNumber: false },
  { key: 'state', header: 'State', isNumber: false },
  { key: 'naics', header: 'NAICS', isNumber: false },
  { key: 'co2e', header: 'CO2e', isNumber: true },
];

const cellClasses = 'px-3 py-1.5';
const numberClasses = 'px-3 py-1.5 text-right tabular-nums';

/** Peers sorted in the browser (the whole peer set is one answer); ties by name. */
export function sortPeers(
  peers: readonly BenchmarkPeer[],
  key: PeerSortKey,
  isDescending: boolean,
): BenchmarkPeer[] {
  const direction = isDescending ? -1 : 1;
  return [...peers].sort((left, right) => {
    const order = key === 'co2e' ? left.co2e - right.co2e : (left[key] ?? '').localeCompare(right[key] ?? '');
    return order * direction || left.name.localeCompare(right.name);
  });
}

/** Who the facility is compared with: every peer, sortable by each column, a page at a time, exportable. */
export function PeerTable({
  peers,
  facilityId,
  query,
  isPublic,
}: {
  peers: readonly BenchmarkPeer[];
  facilityId: string;
  query: BenchmarkQuery;
  isPublic: boolean;
}) {
  const [sort, setSort] = useState<{ key: PeerSortKey; isDescending: boolean }>({
    key: 'co2e',
    isDescending: false,
  });
  const [offset, setOffset] = useState(0);
  const sorted = useMemo(() => sortPeers(peers, sort.key, sort.isDescending), [peers, sort]);
  const shownOffset = offset < sorted.length ? offset : 0;
  const rows = sorted.slice(shownOffset, shownOffset + PEER_PAGE_SIZE);
  const sortBy = (key: PeerSortKey) => {
    setSort((current) =>
      current.key === key ? { key, isDescending: !current.isDescending } : { key, isDescending: false },
    );
    setOffset(0);
  };
  return (
    <section aria-labelledby="benchmark-peers-heading" className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="benchmark-peers-heading" className="text-lg font-semibold">
          Peers ({formatNumber(peers.length)})
        </h2>
        <ExportMenu
          what="peers"
          hrefOf={(format) =>
            endpointUrl(benchmarkEndpoints.exportPeers, { id: facilityId }, { ...query, format })
          }
        />
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" data-testid="benchmark-peers">
          <caption className="sr-only">
            Peers of the facility, {formatNumber(sorted.length)} in all, from {formatNumber(shownOffset + 1)}
          </caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              {COLUMNS.map((column) => (
                <SortableColumnHeader
                  key={column.key}
                  header={column.header}
                  isSorted={sort.key === column.key}
                  isDescending={sort.isDescending}
                  className={cn(column.isNumber ? numberClasses : cellClasses, 'font-medium')}
                  onSort={() => sortBy(column.key)}
                />
              ))}
              {isPublic ? (
                <th scope="col" className={cn(numberClasses, 'font-medium')}>
                  Reported (as published)
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((peer) => (
              <tr key={peer.ghgrpId ?? peer.facilitySlug ?? peer.name} className="border-t">
                <th scope="row" className={cn(cellClasses, 'text-left font-normal')}>
                  {peer.facilitySlug === null ? (
                    peer.name
                  ) : (
                    <Link
                      className="text-primary underline-offset-4 hover:underline"
                      {...facilityLink(peer.facilitySlug)}
                    >
                      {peer.name}
                    </Link>
                  )}
                  {peer.ghgrpId === null ? null : (
                    <span className="ml-2 text-xs text-muted-foreground">GHGRP {peer.ghgrpId}</span>
                  )}
                </th>
                <td className={cellClasses}>{peer.state ?? '—'}</td>
                <td className={cellClasses}>{peer.naics ?? '—'}</td>
                <td className={numberClasses}>{formatMass(peer.co2e)}</td>
                {isPublic ? (
                  <td className={numberClasses}>
                    {peer.reportedCo2e === null
                      ? '—'
                      : `${formatMass(peer.reportedCo2e)} (${peer.reportedGwpSetId ?? ''})`}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sorted.length > PEER_PAGE_SIZE ? (
        <PageNavigation
          page={{ offset: shownOffset, count: rows.length, total: sorted.length }}
          pageSize={PEER_PAGE_SIZE}
          onOffsetChange={setOffset}
        />
      ) : null}
    </section>
  );
}
