import { peerStatisticsOf, percentileRankOf, type PeerStatistics } from './peer-statistics.ts';
import type { BenchmarkPeerBasis, BenchmarkSizeBandId } from '@ecc/contracts';
import { sizeBandOf } from './size-bands.ts';

/** NAICS bases from the narrowest to the widest, with the digits each compares. */
export const NAICS_PEER_BASES = [
  { basis: 'naics6', digits: 6 },
  { basis: 'naics4', digits: 4 },
  { basis: 'naics3', digits: 3 },
] as const;
export type NaicsPeerBasis = (typeof NAICS_PEER_BASES)[number]['basis'];
export type PeerBasis = BenchmarkPeerBasis;

/** A NAICS basis widens (6 → 4 → 3 digits) until it holds at least this many peers (issue 12). */
export const MIN_BENCHMARK_PEERS = 10;

/** One peer's CO2e of one year: a public (GHGRP) facility-year or another facility of the realm. */
export interface BenchmarkCandidate {
  readonly year: number;
  readonly co2eKg: number;
  readonly naics: string | null;
  /** The GHGRP id of a public peer, or of a realm facility imported from GHGRP. */
  readonly ghgrpId: string | null;
  /** The realm facility's id (realm peers only). */
  readonly facilityId: string | null;
}

export interface BenchmarkSubject {
  readonly id: string;
  readonly ghgrpId: string | null;
  readonly naics: string | null;
  /** CO2e (kg) by year, on the same GWP set as the candidates. */
  readonly co2eKgByYear: ReadonlyMap<number, number>;
}

export interface BenchmarkInput<Candidate extends BenchmarkCandidate> {
  readonly subject: BenchmarkSubject;
  readonly requestedBasis: PeerBasis;
  /** Every year's candidates: for a NAICS basis those sharing the subject's first 3 digits; any state filter applied. */
  readonly candidates: readonly Candidate[];
  readonly year?: number | undefined;
  readonly sizeBand?: BenchmarkSizeBandId | undefined;
}

export interface BenchmarkTrendYear extends PeerStatistics {
  readonly year: number;
  readonly co2eKg: number;
  readonly percentile: number | null;
}

export interface Benchmark<Candidate extends BenchmarkCandidate> {
  /** The year compared: the one asked for, else the latest with the facility's and peers' figures. */
  readonly year: number | null;
  /** The basis used: the one asked for, or the NAICS basis it widened to. */
  readonly basis: PeerBasis;
  readonly co2eKg: number | null;
  readonly statistics: PeerStatistics | null;
  readonly percentile: number | null;
  /** The peers of the year, lowest CO2e first (the facility itself left out). */
  readonly peers: Candidate[];
  readonly trend: BenchmarkTrendYear[];
  /** Years with peers on the widest basis (NAICS: 3 digits), ascending: what a year selector offers. */
  readonly peerYears: number[];
}

function digitsOf(naics: string | null): string | null {
  const digits = naics?.trim() ?? '';
  return /^\d+$/.test(digits) ? digits : null;
}

/** Whether a candidate is the subject itself: the same realm facility, or the same GHGRP facility. */
export function isSameFacility(subject: BenchmarkSubject, candidate: BenchmarkCandidate): boolean {
  if (candidate.facilityId !== null && candidate.facilityId === subject.id) return true;
  return subject.ghgrpId !== null && candidate.ghgrpId === subject.ghgrpId;
}

/** Whether a subject's NAICS code is long enough to compare on `digits` digits. */
export function hasNaicsDigits(naics: string | null, digits: number): boolean {
  return (digitsOf(naics)?.length ?? 0) >= digits;
}

function matchesBasis(subjectNaics: string | null, candidate: BenchmarkCandidate, basis: PeerBasis): boolean {
  if (basis === 'realm') return true;
  const { digits } = NAICS_PEER_BASES.find((each) => each.basis === basis)!;
  const subject = digitsOf(subjectNaics);
  const peer = digitsOf(candidate.naics);
  return subject !== null && peer !== null && peer.slice(0, digits) === subject.slice(0, digits);
}

/** The bases to try, narrowest first: the one asked for, then each wider NAICS basis the subject's code allows. */
function basesFrom(requested: PeerBasis, naics: string | null): PeerBasis[] {
  if (requested === 'realm') return ['realm'];
  const start = NAICS_PEER_BASES.findIndex((each) => each.basis === requested);
  return NAICS_PEER_BASES.slice(start)
    .filter((each) => hasNaicsDigits(naics, each.digits))
    .map((each) => each.basis);
}

/**
 * A facility among its peers (issue 12, item 1): the peers of a year on a basis (a NAICS basis widening from 6
 * to 4 to 3 digits until it holds MIN_BENCHMARK_PEERS), their quartiles, the facility's percentile rank among
 * them and the same for every year the facility has figures. The subject is never its own peer.
 */
export function benchmarkFacility<Candidate extends BenchmarkCandidate>(
  input: BenchmarkInput<Candidate>,
): Benchmark<Candidate> {
  const { subject, sizeBand } = input;
  const eligible = input.candidates.filter(
    (candidate) =>
      !isSameFacility(subject, candidate) &&
      (sizeBand === undefined || sizeBandOf(candidate.co2eKg) === sizeBand),
  );
  const bases = basesFrom(input.requestedBasis, subject.naics);
  const widest = bases[bases.length - 1] ?? input.requestedBasis;
  const inWidest = eligible.filter((candidate) => matchesBasis(subject.naics, candidate, widest));
  const peerYears = [...new Set(inWidest.map((candidate) => candidate.year))].sort((a, b) => a - b);
  const facilityYears = [...subject.co2eKgByYear.keys()].sort((a, b) => a - b);

  const year =
    input.year ??
    facilityYears.filter((each) => peerYears.includes(each)).at(-1) ??
    peerYears.at(-1) ??
    facilityYears.at(-1) ??
    null;

  const peersOf = (basis: PeerBasis, ofYear: number) =>
    eligible.filter(
      (candidate) => candidate.year === ofYear && matchesBasis(subject.naics, candidate, basis),
    );
  let basis: PeerBasis = widest;
  if (year !== null) {
    basis = bases.find((each) => peersOf(each, year).length >= MIN_BENCHMARK_PEERS) ?? widest;
  }
  const peers = year === null ? [] : peersOf(basis, year).sort((a, b) => a.co2eKg - b.co2eKg);
  const values = peers.map((peer) => peer.co2eKg);
  const co2eKg = year === null ? null : (subject.co2eKgByYear.get(year) ?? null);

  const trend: BenchmarkTrendYear[] = [];
  for (const trendYear of facilityYears) {
    const yearValues = peersOf(basis, trendYear).map((peer) => peer.co2eKg);
    const statistics = peerStatisticsOf(yearValues);
    const yearCo2e = subject.co2eKgByYear.get(trendYear)!;
    if (statistics) {
      trend.push({
        year: trendYear,
        co2eKg: yearCo2e,
        percentile: percentileRankOf(yearCo2e, yearValues),
        ...statistics,
      });
    }
  }

  return {
    year,
    basis,
    co2eKg,
    statistics: peerStatisticsOf(values),
    percentile: co2eKg === null ? null : percentileRankOf(co2eKg, values),
    peers,
    trend,
    peerYears,
  };
}
