import {
  BENCHMARK_PEER_BASES,
  BENCHMARK_SIZE_BANDS,
  type BenchmarkPeerBasis,
  type BenchmarkQuery,
  type BenchmarkResponse,
} from '@ecc/contracts';
import { cn, EmptyState, Label, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ScaleIcon } from 'lucide-react';
import { useCallback, useId } from 'react';
import { FacilityPicker } from '#components/facility-picker.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { DistributionChart, TrendChart } from './benchmark-charts.tsx';
import { benchmarkQuery } from './benchmarks-api.ts';
import { benchmarksSearchOf } from './benchmarks-search.ts';
import { PeerTable } from './peer-table.tsx';

export const PEER_BASIS_LABELS: Record<BenchmarkPeerBasis, string> = {
  naics6: 'Public peers, same 6-digit NAICS (EPA GHGRP)',
  naics4: 'Public peers, same 4-digit NAICS (EPA GHGRP)',
  naics3: 'Public peers, same 3-digit NAICS (EPA GHGRP)',
  realm: 'This realm’s other facilities',
};

/** How the basis reads in a sentence: "… against public peers of the same 6-digit NAICS code". */
const PEER_BASIS_PHRASES: Record<BenchmarkPeerBasis, string> = {
  naics6: 'public peers of the same 6-digit NAICS code',
  naics4: 'public peers of the same 4-digit NAICS code',
  naics3: 'public peers of the same 3-digit NAICS code',
  realm: 'the realm’s other facilities',
};

const SKELETONS = ['h-24 w-full', 'h-80 w-full', 'h-64 w-full'];

/** "52nd": the ordinal a percentile is said with. */
export function ordinalOf(value: number): string {
  const rounded = Math.round(value);
  const lastTwo = rounded % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[rounded % 10] ?? 'th');
  return `${rounded}${suffix}`;
}

function Tile({
  label,
  value,
  testId,
  detail,
}: {
  label: string;
  value: string;
  testId: string;
  detail?: string;
}) {
  return (
    <div className="grid gap-1 rounded-lg border bg-card p-4">
      <h3 className="text-sm text-muted-foreground">{label}</h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </div>
  );
}

const massOrDash = (kg: number | null) => (kg === null ? '—' : formatMass(kg));

function BenchmarkTiles({ benchmark }: { benchmark: BenchmarkResponse }) {
  const { peers, percentile, facility, intensity } = benchmark;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Tile
        label="Percentile among peers"
        testId="benchmark-percentile"
        value={percentile === null ? '—' : ordinalOf(percentile)}
        detail={
          percentile === null
            ? 'No figure of the facility, or no peers, in this year.'
            : `${formatNumber(percentile)} % of ${formatNumber(peers.count)} peers emit less.`
        }
      />
      <Tile
        label="This facility"
        testId="benchmark-facility-co2e"
        value={massOrDash(facility.co2e)}
        detail={
          facility.co2eSource === 'reported'
            ? 'As reported to EPA GHGRP.'
            : facility.co2eSource === 'calculated'
              ? 'Calculated from its activity data.'
              : undefined
        }
      />
      <Tile
        label="Peers’ median"
        testId="benchmark-median"
        value={massOrDash(peers.median)}
        detail={`25th–75th percentile: ${massOrDash(peers.p25)} – ${massOrDash(peers.p75)}`}
      />
      <Tile
        label="Peers’ range"
        testId="benchmark-range"
        value={`${formatNumber(peers.count)} peers`}
        detail={`From ${massOrDash(peers.min)} to ${massOrDash(peers.max)}`}
      />
      {intensity === null ? null : (
        <Tile
          label={`Intensity (per ${intensity.unit})`}
          testId="benchmark-intensity"
          value={`${formatNumber(intensity.value)} kg CO2e`}
          detail={
            intensity.peerCount === 0
              ? `On ${formatNumber(intensity.production)} ${intensity.unit}; no other facility of the realm has production in ${intensity.unit}.`
              : `Median of ${formatNumber(intensity.peerCount)} realm facilities: ${formatNumber(intensity.peerMedian ?? 0)} kg CO2e.`
          }
        />
      )}
    </div>
  );
}

function BenchmarkContent({ benchmark, query }: { benchmark: BenchmarkResponse; query: BenchmarkQuery }) {
  const isPublic = benchmark.peers.basis !== 'realm';
  const isWidened = benchmark.peers.basis !== benchmark.peers.requestedBasis;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground" data-testid="benchmark-basis">
        {benchmark.facility.name} in {benchmark.year ?? '—'} against{' '}
        {PEER_BASIS_PHRASES[benchmark.peers.basis]}
        {benchmark.peerSource === null ? '' : ` (${benchmark.peerSource})`}.
        {isWidened ? ' Widened from the basis asked for, which had fewer than 10 peers.' : ''}{' '}
        {benchmark.gwpNote}
      </p>
      <BenchmarkTiles benchmark={benchmark} />
      {benchmark.peerList.length === 0 ? (
        <EmptyState
          icon={<ScaleIcon />}
          title="No peers in this year"
          description="No peer on this basis has a figure for this year. Choose another year, a wider basis or the realm’s facilities."
        />
      ) : (
        <section aria-labelledby="benchmark-distribution-heading" className="grid gap-2">
          <h2 id="benchmark-distribution-heading" className="text-lg font-semibold">
            Distribution
          </h2>
          <DistributionChart benchmark={benchmark} />
        </section>
      )}
      {benchmark.trend.length > 1 ? (
        <section aria-labelledby="benchmark-trend-heading" className="grid gap-2">
          <h2 id="benchmark-trend-heading" className="text-lg font-semibold">
            Over the years
          </h2>
          <TrendChart benchmark={benchmark} />
        </section>
      ) : null}
      <PeerTable
        peers={benchmark.peerList}
        facilityId={benchmark.facility.id}
        query={query}
        isPublic={isPublic}
      />
    </div>
  );
}

/** `/benchmarks` (issue 12, item 1): a facility of the realm among its public or realm peers. */
export function BenchmarksPage({ route }: PageProps) {
  const id = useId();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const { facility: facilityId, query } = benchmarksSearchOf(search);
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...changes }),
      }),
    [navigate],
  );
  const benchmark = useQuery(benchmarkQuery(facilityId, query));
  const data = benchmark.data;
  const years = [...new Set([...(data?.facilityYears ?? []), ...(data?.peerYears ?? [])])].sort(
    (a, b) => b - a,
  );

  return (
    <>
      <PageHeader
        title={route.title}
        description="Where a facility stands among its peers: public EPA GHGRP facilities of its industry, or the realm’s other facilities."
      />
      <div className="mb-6 grid gap-4 md:grid-cols-[minmax(16rem,2fr)_repeat(3,minmax(10rem,1fr))]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-facility`}>Facility</Label>
          <FacilityPicker
            id={`${id}-facility`}
            value={facilityId ?? ''}
            selectedName={data?.facility.name}
            onChange={(_, facility) => {
              if (facility) {
                update({
                  facility: facility.id,
                  year: undefined,
                  peers: facility.naics ? query.peers : 'realm',
                });
              }
            }}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-peers`}>Peers</Label>
          <select
            id={`${id}-peers`}
            className={selectClasses}
            value={query.peers}
            onChange={(event) => update({ peers: event.target.value })}
          >
            {BENCHMARK_PEER_BASES.map((basis) => (
              <option key={basis} value={basis}>
                {PEER_BASIS_LABELS[basis]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-year`}>Year</Label>
          <select
            id={`${id}-year`}
            className={selectClasses}
            value={query.year ?? ''}
            onChange={(event) =>
              update({ year: event.target.value === '' ? undefined : Number(event.target.value) })
            }
          >
            <option value="">Latest with figures</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-size`}>Size band</Label>
          <select
            id={`${id}-size`}
            className={selectClasses}
            value={query.sizeBand ?? ''}
            onChange={(event) =>
              update({ sizeBand: event.target.value === '' ? undefined : event.target.value })
            }
          >
            <option value="">Any size</option>
            {BENCHMARK_SIZE_BANDS.map((band) => (
              <option key={band.id} value={band.id}>
                {band.label}
              </option>
            ))}
          </select>
        </div>
        {data?.facility.state ? (
          <label className="flex items-center gap-2 text-sm md:col-start-2">
            <input
              type="checkbox"
              checked={query.state !== undefined}
              onChange={(event) =>
                update({ state: event.target.checked ? (data.facility.state ?? undefined) : undefined })
              }
            />
            Only peers in {data.facility.state}
          </label>
        ) : null}
      </div>
      {facilityId === undefined ? (
        <EmptyState
          icon={<ScaleIcon />}
          title="Choose a facility"
          description="Search for one of the realm’s facilities to see where it stands among its peers."
        />
      ) : (
        <QueryStates
          query={benchmark}
          loading={<LoadingSkeleton label="Loading the benchmark" skeletons={SKELETONS} aria-busy="true" />}
          errorTitle="The benchmark could not be loaded"
          isEmpty={(answer) => answer.peers.basis !== 'realm' && !answer.hasReferenceData}
          empty={
            <EmptyState
              icon={<ScaleIcon />}
              title="No public peers loaded"
              description="Public peers come from EPA’s GHGRP data summary workbook. An operator loads one with: npm run ecc -- reference load ghgrp ghgp_data_2020.xlsx. Meanwhile, compare with the realm’s facilities."
            />
          }
        >
          {(answer) => (
            <div
              className={cn(benchmark.isPlaceholderData && 'opacity-70')}
              aria-busy={benchmark.isPlaceholderData}
            >
              {answer.facility.co2e === null ? (
                <p
                  className="mb-4 rounded-md border border-dashed p-3 text-sm"
                  role="status"
                  data-testid="benchmark-no-figure"
                >
                  {answer.facility.name} has no emissions in {answer.year ?? 'any year'}
                  {answer.facilityYears.length > 0
                    ? ` (it has figures for ${answer.facilityYears.join(', ')})`
                    : ''}
                  : its peers are shown without its place among them.
                </p>
              ) : null}
              <BenchmarkContent benchmark={answer} query={query} />
            </div>
          )}
        </QueryStates>
      )}
    </>
  );
}
