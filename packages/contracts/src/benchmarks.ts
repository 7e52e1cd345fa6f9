import { defineEndpoint } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { reportingYearSchema } from './period.ts';
import { z } from './zod.ts';

/*
 * Benchmarks (issue 12, item 1; decision 033): a facility of the realm against peers, either public (EPA GHGRP
 * facility-years, reference data every realm reads) or the realm's other facilities. Every mass is kg CO2e of one
 * year on the realm's GWP set: GHGRP publishes AR4 CO2e, re-based from its per-gas columns (gas groups EPA gives
 * only as CO2e are carried as published). Quartiles are type 7 (linear interpolation between closest ranks, as R,
 * NumPy, PERCENTILE.INC and PostgreSQL's percentile_cont compute them); `percentile` is the share of peers (the
 * facility itself left out) with a lower CO2e, in percent.
 */

/** Peer bases: NAICS on 6, 4 or 3 digits (public peers; widening to at least 10 peers), or the realm's facilities. */
export const BENCHMARK_PEER_BASES = ['naics6', 'naics4', 'naics3', 'realm'] as const;
export type BenchmarkPeerBasis = (typeof BENCHMARK_PEER_BASES)[number];

/**
 * Size bands of yearly CO2e (t). The 25,000 t edge is the GHGRP reporting threshold (40 CFR 98.2(a)(2)); the
 * others are decades above it. Lower edge included, upper excluded.
 */
export const BENCHMARK_SIZE_BANDS = [
  { id: 'under-25kt', label: 'Under 25,000 t', minT: 0, maxT: 25_000 },
  { id: '25kt-100kt', label: '25,000 – 100,000 t', minT: 25_000, maxT: 100_000 },
  { id: '100kt-1mt', label: '100,000 t – 1 Mt', minT: 100_000, maxT: 1_000_000 },
  { id: 'over-1mt', label: 'Over 1 Mt', minT: 1_000_000, maxT: Number.POSITIVE_INFINITY },
] as const;
export const BENCHMARK_SIZE_BAND_IDS = ['under-25kt', '25kt-100kt', '100kt-1mt', 'over-1mt'] as const;
export type BenchmarkSizeBandId = (typeof BENCHMARK_SIZE_BAND_IDS)[number];

export const BENCHMARK_NO_NAICS_MESSAGE =
  'This facility has no NAICS code, so it has no public peers: compare it with the realm’s facilities, or give it a NAICS code';

export const benchmarkParamsSchema = z.object({ id: z.uuid() });

export const benchmarkQuerySchema = z.object({
  peers: z.enum(BENCHMARK_PEER_BASES).default('naics6'),
  year: reportingYearSchema.optional(),
  /** Two-letter US state (public peers) or the state as the realm's facilities give it. */
  state: z.string().trim().min(1).max(50).optional(),
  sizeBand: z.enum(BENCHMARK_SIZE_BAND_IDS).optional(),
});
export type BenchmarkQuery = z.infer<typeof benchmarkQuerySchema>;

export const benchmarkPeerSchema = z.object({
  name: z.string(),
  state: z.string().nullable(),
  naics: z.string().nullable(),
  /** kg CO2e of the year on `gwpSetId`. */
  co2e: z.number(),
  /** EPA's total as published (kg CO2e on `reportedGwpSetId`); null for realm peers' calculated figures. */
  reportedCo2e: z.number().nullable(),
  reportedGwpSetId: z.string().nullable(),
  /** Public peers: their GHGRP id. */
  ghgrpId: z.string().nullable(),
  /** Realm peers: the facility's slug, for a link to its page. */
  facilitySlug: z.string().nullable(),
});
export type BenchmarkPeer = z.infer<typeof benchmarkPeerSchema>;

const statisticsShape = {
  count: z.number().int(),
  min: z.number().nullable(),
  p25: z.number().nullable(),
  median: z.number().nullable(),
  p75: z.number().nullable(),
  max: z.number().nullable(),
};

export const benchmarkResponseSchema = z.object({
  facility: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    naics: z.string().nullable(),
    state: z.string().nullable(),
    /** kg CO2e of `year` on `gwpSetId`; null when the facility has no figure that year. */
    co2e: z.number().nullable(),
    /** `calculated` from its results, else `reported` (what it reported to GHGRP). */
    co2eSource: z.enum(['calculated', 'reported']).nullable(),
  }),
  peers: z.object({
    /** The basis used: the one asked for, or the wider NAICS basis it grew to for at least 10 peers. */
    basis: z.enum(BENCHMARK_PEER_BASES),
    requestedBasis: z.enum(BENCHMARK_PEER_BASES),
    ...statisticsShape,
  }),
  /** Share of peers with a lower CO2e, in percent; null without peers or without the facility's figure. */
  percentile: z.number().nullable(),
  peerList: z.array(benchmarkPeerSchema),
  year: z.number().int().nullable(),
  /** The GWP set of every mass in the answer: the realm's. */
  gwpSetId: z.string(),
  /** Where public peers come from, e.g. "EPA GHGRP 2020"; null for realm peers. */
  peerSource: z.string().nullable(),
  /** Why the figures are on this set, for the page to say. */
  gwpNote: z.string(),
  /** Years the facility has figures for, and years its peers (on the widest basis) have, ascending. */
  facilityYears: z.array(z.number().int()),
  peerYears: z.array(z.number().int()),
  /** Each year the facility and its peers (on `peers.basis`) both have figures. */
  trend: z.array(
    z.object({
      year: z.number().int(),
      co2e: z.number(),
      percentile: z.number().nullable(),
      ...statisticsShape,
    }),
  ),
  /** kg CO2e per unit of production, when the realm has the facility's production for the year. */
  intensity: z
    .object({
      unit: z.string(),
      production: z.number(),
      value: z.number(),
      /** Realm peers with production in the same unit: their median and the facility's percentile among them. */
      peerCount: z.number().int(),
      peerMedian: z.number().nullable(),
      percentile: z.number().nullable(),
    })
    .nullable(),
  /** Whether public peer data is loaded at all (`npm run ecc -- reference load ghgrp FILE`). */
  hasReferenceData: z.boolean(),
});
export type BenchmarkResponse = z.infer<typeof benchmarkResponseSchema>;

export const benchmarkEndpoints = {
  facility: defineEndpoint({
    method: 'GET',
    path: '/api/benchmarks/facilities/:id',
    params: benchmarkParamsSchema,
    query: benchmarkQuerySchema,
    responses: { 200: benchmarkResponseSchema },
  }),
  /** The peer list of the same query as CSV or XLSX (every peer, no cap). */
  exportPeers: defineEndpoint({
    method: 'GET',
    path: '/api/exports/benchmarks/facilities/:id',
    params: benchmarkParamsSchema,
    query: benchmarkQuerySchema.extend({ format: exportFormatSchema }),
    // A file download: a stream the browser saves, not JSON.
    responses: { 200: z.unknown() },
  }),
} as const;
