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

interface SearchEntry {
  readonly factor: EmissionFactorDto;
  readonly name: string;
  readonly nameAndKey: string;
  readonly everything: string;
}

/**
 * Lower case, accents and punctuation dropped inside words, so that "R-410A", "r410a" and "R410A" are one word
 * and "eGRID2022" matches "egrid 2022" only where the text has it.
 */
function searchableText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]+/gu, '');
}

function toSearchEntry(factor: EmissionFactorDto): SearchEntry {
  const name = searchableText(factor.name);
  const nameAndKey = `${name} ${searchableText(factor.id)}`;
  return { factor, name, nameAndKey, everything: `${nameAndKey} ${searchableText(factor.source)}` };
}

/** The shipped library is fixed for the process, so its answers and search texts are prepared once. */
const LIBRARY_ENTRIES = FACTOR_LIBRARY.map((factor) => toSearchEntry(toFactorDto(factor)));

/**
 * How well an entry answers the words: names that start with the query first, then names holding every word,
 * then names and keys, then the rest (a word found only in the source); undefined when a word is missing.
 */
function rankOf(entry: SearchEntry, query: string, words: readonly string[]): number | undefined {
  if (!words.every((word) => entry.everything.includes(word))) return undefined;
  if (entry.name.startsWith(query)) return 0;
  if (words.every((word) => entry.name.includes(word))) return 1;
  if (words.every((word) => entry.nameAndKey.includes(word))) return 2;
  return 3;
}

/**
 * The library factors, then the realm's own published ones (`realmFactors`), holding every word of `q` (any
 * case, in any order) in their name, key or source, best matches first, one page of them. A few hundred factors
 * per realm are searched in memory faster than a database round trip would take.
 */
export function listEmissionFactors(
  query: EmissionFactorListQuery,
  realmFactors: readonly EmissionFactorDto[] = [],
): EmissionFactorListResponse {
  const entries =
    realmFactors.length === 0 ? LIBRARY_ENTRIES : [...LIBRARY_ENTRIES, ...realmFactors.map(toSearchEntry)];
  const normalized = searchableText(query.q ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  const words = normalized === '' ? [] : normalized.split(' ');
  const matches =
    words.length === 0
      ? entries
      : entries
          .map((entry) => ({ entry, rank: rankOf(entry, normalized, words) }))
          .filter((match): match is { entry: SearchEntry; rank: number } => match.rank !== undefined)
          // Array sort is stable: within a rank the library's order (and realm factors after it) stays.
          .sort((left, right) => left.rank - right.rank)
          .map((match) => match.entry);
  const results = matches.slice(query.offset, query.offset + query.limit).map((entry) => entry.factor);
  return { results, count: results.length, total: matches.length, offset: query.offset };
}
