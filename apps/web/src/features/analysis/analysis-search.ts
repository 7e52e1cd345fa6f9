import { analysisQuerySchema, type AnalysisQuery } from '@ecc/contracts';

/*
 * The whole view lives in the address (search parameters, one per part of the request), so a reload, a shared
 * link or the browser's back button restores it. A part that does not parse is dropped, the rest kept.
 */

export const DEFAULT_ANALYSIS_VIEW: AnalysisQuery = analysisQuerySchema.parse({
  measures: ['co2e'],
  rows: ['facility'],
  columns: ['scope'],
});

const VIEW_PARAMETERS = [
  'measures',
  'rows',
  'columns',
  'filters',
  'scope2Method',
  'denominator',
  'sort',
  'comparison',
  'subtotals',
] as const satisfies readonly (keyof AnalysisQuery)[];

/** The view a page's search parameters describe; the default view when they name none. */
export function viewFromSearch(search: Readonly<Record<string, unknown>>): AnalysisQuery {
  if (!VIEW_PARAMETERS.some((name) => search[name] !== undefined)) return DEFAULT_ANALYSIS_VIEW;
  const candidate: Record<string, unknown> = { measures: DEFAULT_ANALYSIS_VIEW.measures };
  for (const name of VIEW_PARAMETERS) {
    if (search[name] === undefined) continue;
    const trial = analysisQuerySchema.safeParse({ ...candidate, [name]: search[name] });
    if (trial.success) candidate[name] = search[name];
  }
  return analysisQuerySchema.parse(candidate);
}

/** The search parameters of a view: every part of it, so that the address alone restores it. */
export function searchOfView(view: AnalysisQuery): Record<string, unknown> {
  return Object.fromEntries(VIEW_PARAMETERS.map((name) => [name, view[name]]));
}
