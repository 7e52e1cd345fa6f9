import type {
  EmissionFactorDto,
  EmissionFactorListQuery,
  EmissionFactorListResponse,
  EstimateFailureResponse,
  EstimateRequestBody,
  EstimateResponse,
} from '@ecc/contracts';
import {
  estimate,
  FACTOR_LIBRARY,
  FACTOR_LIBRARY_BY_ID,
  type EmissionFactor,
  type FactorLookup,
  type GwpSetId,
} from '@ecc/domain';

/**
 * One lookup object for the life of the process: the engine keeps its compiled factor plans per lookup, so a
 * lookup built per request would throw that work away on every call.
 */
const LIBRARY_FACTORS: FactorLookup = FACTOR_LIBRARY_BY_ID;

export type EstimateAnswer =
  | { readonly ok: true; readonly response: EstimateResponse }
  | { readonly ok: false; readonly failure: EstimateFailureResponse };

/** Runs the engine on the whole request: either every item's emissions, or every bad item and nothing else. */
export function runEstimate(
  request: EstimateRequestBody & { readonly gwp: GwpSetId },
  factors: FactorLookup = LIBRARY_FACTORS,
): EstimateAnswer {
  const outcome = estimate(request, { factors });
  if (!outcome.ok) return { ok: false, failure: { message: outcome.message, items: outcome.items } };
  return {
    ok: true,
    response: {
      gwp: outcome.gwp,
      items: outcome.items.map((item) =>
        item.isGridAverageFallback
          ? { id: item.id, gases: item.gases, co2e: item.co2e, isGridAverageFallback: true }
          : { id: item.id, gases: item.gases, co2e: item.co2e },
      ),
      totals: outcome.totals,
    },
  };
}

/** A factor as the factor list answers it: what it is and where it comes from, as published. */
export function toFactorDto(
  factor: Pick<EmissionFactor, 'id' | 'name' | 'source' | 'year' | 'per' | 'gases' | 'co2e' | 'hhv'>,
): EmissionFactorDto {
  return {
    id: factor.id,
    name: factor.name,
    source: factor.source,
    year: factor.year,
    per: factor.per,
    gases: factor.gases,
    ...(factor.co2e ? { co2e: factor.co2e } : {}),
    ...(factor.hhv ? { hhv: factor.hhv } : {}),
  };
}

/** The shipped library is fixed for the process, so its answers and search texts are prepared once. */
const LIBRARY_ENTRIES = FACTOR_LIBRARY.map((factor) => ({
  factor: toFactorDto(factor),
  searchText: `${factor.name}\n${factor.id}\n${factor.source}`.toLowerCase(),
}));

/**
 * The library factors, then the realm's own published ones (`realmFactors`), whose name, id or source
 * contains `q` (any case), one page of them.
 */
export function listEmissionFactors(
  query: EmissionFactorListQuery,
  realmFactors: readonly EmissionFactorDto[] = [],
): EmissionFactorListResponse {
  const needle = query.q?.trim().toLowerCase() ?? '';
  const entries =
    realmFactors.length === 0
      ? LIBRARY_ENTRIES
      : [
          ...LIBRARY_ENTRIES,
          ...realmFactors.map((factor) => ({
            factor,
            searchText: `${factor.name}\n${factor.id}\n${factor.source}`.toLowerCase(),
          })),
        ];
  const matches = needle === '' ? entries : entries.filter((entry) => entry.searchText.includes(needle));
  const results = matches.slice(query.offset, query.offset + query.limit).map((entry) => entry.factor);
  return { results, count: results.length, total: matches.length, offset: query.offset };
}
