import {
  BENCHMARK_NO_NAICS_MESSAGE,
  type BenchmarkQuery,
  type BenchmarkResponse,
  type BenchmarkPeer,
} from '@ecc/contracts';
import {
  createBenchmarkRepository,
  createReferenceDataRepository,
  GHGRP_REFERENCE_SOURCE,
  readRealmGwpSetId,
  type Database,
  type ProductionRow,
  type RealmFacilityYearRow,
  type ReferencePeerRow,
} from '@ecc/db';
import {
  benchmarkFacility,
  GHGRP_REPORTED_GWP,
  hasNaicsDigits,
  peerStatisticsOf,
  percentileRankOf,
  type BenchmarkCandidate,
} from '@ecc/domain';
import { fieldRefusal, HttpError } from '#platform/errors.ts';

export const BENCHMARK_FACILITY_NOT_FOUND = 'No facility of this realm has this id';

type PeerCandidate = BenchmarkCandidate & { readonly peer: BenchmarkPeer };

function publicCandidate(row: ReferencePeerRow): PeerCandidate {
  return {
    year: row.year,
    co2eKg: row.co2eKg,
    naics: row.naics,
    ghgrpId: row.ghgrpId,
    facilityId: null,
    peer: {
      name: row.name,
      state: row.state,
      naics: row.naics,
      co2e: row.co2eKg,
      reportedCo2e: row.reportedCo2eKg,
      reportedGwpSetId: row.reportedGwpSetId,
      ghgrpId: row.ghgrpId,
      facilitySlug: null,
    },
  };
}

function realmCandidate(row: RealmFacilityYearRow): PeerCandidate {
  return {
    year: row.year,
    co2eKg: row.co2eKg,
    naics: row.naics,
    ghgrpId: row.ghgrpId,
    facilityId: row.id,
    peer: {
      name: row.name,
      state: row.state,
      naics: row.naics,
      co2e: row.co2eKg,
      reportedCo2e: null,
      reportedGwpSetId: null,
      ghgrpId: row.ghgrpId,
      facilitySlug: row.slug,
    },
  };
}

function gwpNoteOf(gwpSetId: string, isPublic: boolean): string {
  if (!isPublic) return `Every figure is on ${gwpSetId}, the realm's GWP set.`;
  return gwpSetId === GHGRP_REPORTED_GWP
    ? `Every figure is on ${gwpSetId}, the realm's GWP set, which is the set EPA publishes GHGRP CO2e in.`
    : `Every figure is on ${gwpSetId}, the realm's GWP set: EPA publishes GHGRP CO2e on ${GHGRP_REPORTED_GWP}, so each ` +
        `peer's CO2, CH4, N2O, SF6 and NF3 are re-based to ${gwpSetId}; gas groups EPA gives only as CO2e (HFCs, ` +
        `PFCs and others) stay as published.`;
}

/**
 * kg CO2e per unit of production of the facility in the year, and where it stands among the realm's facilities
 * with production in the same unit; null when the realm has no production figure for the facility that year.
 */
function intensityOf(
  facilityId: string,
  year: number | null,
  co2eKg: number | null,
  production: readonly ProductionRow[],
  realmYears: readonly RealmFacilityYearRow[],
): BenchmarkResponse['intensity'] {
  if (year === null || co2eKg === null) return null;
  const own = production.find((row) => row.facilityId === facilityId && row.year === year);
  if (!own || own.amount <= 0) return null;
  const co2eOf = new Map(
    realmYears.filter((row) => row.year === year).map((row) => [row.id, row.co2eKg] as const),
  );
  const peerValues = production
    .filter(
      (row) => row.facilityId !== facilityId && row.year === year && row.unit === own.unit && row.amount > 0,
    )
    .flatMap((row) => {
      const co2e = co2eOf.get(row.facilityId);
      return co2e === undefined ? [] : [co2e / row.amount];
    });
  const value = co2eKg / own.amount;
  return {
    unit: own.unit,
    production: own.amount,
    value,
    peerCount: peerValues.length,
    peerMedian: peerStatisticsOf(peerValues)?.median ?? null,
    percentile: percentileRankOf(value, peerValues),
  };
}

/** A facility of the realm against its peers (issue 12, item 1); another realm's facility is a 404. */
export async function benchmarkRealmFacility(
  db: Database,
  realmId: string,
  facilityId: string,
  query: BenchmarkQuery,
): Promise<BenchmarkResponse> {
  const repository = createBenchmarkRepository(db);
  const references = createReferenceDataRepository(db);
  const facility = await repository.facility(realmId, facilityId);
  if (!facility) throw new HttpError(404, BENCHMARK_FACILITY_NOT_FOUND);
  const isPublic = query.peers !== 'realm';
  if (isPublic && !hasNaicsDigits(facility.naics, 3)) {
    throw fieldRefusal(422, { 'querystring/peers': BENCHMARK_NO_NAICS_MESSAGE });
  }
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const [ownYears, loads] = await Promise.all([
    repository.facilityYears(realmId, gwpSetId, { facilityId }),
    references.loads(),
  ]);
  const realmYears = isPublic
    ? []
    : await repository.facilityYears(realmId, gwpSetId, {
        state: query.state,
        includeFacilityId: facilityId,
      });
  const candidates: PeerCandidate[] = isPublic
    ? (
        await references.ghgrpPeers({
          naicsPrefix: facility.naics!.trim().slice(0, 3),
          state: query.state,
          gwpSetId,
        })
      ).map(publicCandidate)
    : realmYears.map(realmCandidate);

  const result = benchmarkFacility({
    subject: {
      id: facility.id,
      ghgrpId: facility.ghgrpId,
      naics: facility.naics,
      co2eKgByYear: new Map(ownYears.map((row) => [row.year, row.co2eKg])),
    },
    requestedBasis: query.peers,
    candidates,
    year: query.year,
    sizeBand: query.sizeBand,
  });
  const ownYear = ownYears.find((row) => row.year === result.year);
  const production = await repository.production(realmId);
  const intensityPeers = isPublic ? await repository.facilityYears(realmId, gwpSetId) : realmYears;
  const ghgrpLoads = loads.filter((load) => load.source === GHGRP_REFERENCE_SOURCE);
  const statistics = result.statistics;
  return {
    facility: {
      id: facility.id,
      slug: facility.slug,
      name: facility.name,
      naics: facility.naics,
      state: facility.state,
      co2e: result.co2eKg,
      co2eSource: ownYear?.source ?? null,
    },
    peers: {
      basis: result.basis,
      requestedBasis: query.peers,
      count: statistics?.count ?? 0,
      min: statistics?.min ?? null,
      p25: statistics?.p25 ?? null,
      median: statistics?.median ?? null,
      p75: statistics?.p75 ?? null,
      max: statistics?.max ?? null,
    },
    percentile: result.percentile,
    peerList: result.peers.map((candidate) => candidate.peer),
    year: result.year,
    gwpSetId,
    peerSource: isPublic && result.year !== null ? `${GHGRP_REFERENCE_SOURCE} ${result.year}` : null,
    gwpNote: gwpNoteOf(gwpSetId, isPublic),
    facilityYears: ownYears.map((row) => row.year).sort((a, b) => a - b),
    peerYears: result.peerYears,
    trend: result.trend.map(({ co2eKg, ...year }) => ({ ...year, co2e: co2eKg })),
    intensity: intensityOf(facility.id, result.year, result.co2eKg, production, intensityPeers),
    hasReferenceData: ghgrpLoads.length > 0,
  };
}
