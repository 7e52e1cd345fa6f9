import {
  BENCHMARK_PEER_BASES,
  BENCHMARK_SIZE_BAND_IDS,
  MAX_REPORTING_YEAR,
  MIN_REPORTING_YEAR,
  type BenchmarkPeerBasis,
  type BenchmarkQuery,
  type BenchmarkSizeBandId,
} from '@ecc/contracts';

/** What the page keeps in the URL: the facility, and the query of its benchmark. */
export interface BenchmarksSearch {
  facility: string | undefined;
  query: BenchmarkQuery;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isOneOf<Value extends string>(values: readonly Value[], value: unknown): value is Value {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** The page's state from the URL's search parameters; anything malformed is left out, never an error. */
export function benchmarksSearchOf(search: Readonly<Record<string, unknown>>): BenchmarksSearch {
  const year = Number(search.year);
  const state = typeof search.state === 'string' ? search.state.trim() : '';
  const peers: BenchmarkPeerBasis = isOneOf(BENCHMARK_PEER_BASES, search.peers) ? search.peers : 'naics6';
  const sizeBand: BenchmarkSizeBandId | undefined = isOneOf(BENCHMARK_SIZE_BAND_IDS, search.sizeBand)
    ? search.sizeBand
    : undefined;
  return {
    facility: typeof search.facility === 'string' && UUID.test(search.facility) ? search.facility : undefined,
    query: {
      peers,
      year:
        Number.isInteger(year) && year >= MIN_REPORTING_YEAR && year <= MAX_REPORTING_YEAR ? year : undefined,
      state: state === '' ? undefined : state,
      sizeBand,
    },
  };
}
