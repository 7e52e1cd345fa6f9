import { yearSearch } from '#lib/period/selected-year.ts';

/** The search parameter that opens a total's trail when the facility view loads. */
export const TRAIL_SEARCH_PARAM = 'trail';

/** Which of a facility's totals of the selected year a link opens the trail of. */
export type FacilityTrailLink =
  { kind: 'total' } | { kind: 'scope'; scope: 1 | 2 | 3 } | { kind: 'source'; activityType: string };

const SOURCE_PREFIX = 'source:';

/** `total`, `scope-2`, `source:Natural gas`: readable in the address bar, and what `trailLinkOf` reads back. */
export function trailSearchValue(link: FacilityTrailLink): string {
  if (link.kind === 'total') return 'total';
  if (link.kind === 'scope') return `scope-${link.scope}`;
  return `${SOURCE_PREFIX}${link.activityType}`;
}

/** The trail a facility view's URL asks to open, or undefined. */
export function trailLinkOf(search: Readonly<Record<string, unknown>>): FacilityTrailLink | undefined {
  const value = search[TRAIL_SEARCH_PARAM];
  if (typeof value !== 'string') return undefined;
  if (value === 'total') return { kind: 'total' };
  const scope = /^scope-([123])$/.exec(value)?.[1];
  if (scope !== undefined) return { kind: 'scope', scope: Number(scope) as 1 | 2 | 3 };
  if (value.startsWith(SOURCE_PREFIX) && value.length > SOURCE_PREFIX.length) {
    return { kind: 'source', activityType: value.slice(SOURCE_PREFIX.length) };
  }
  return undefined;
}

/** Where the facility list lives; with a slug, one facility's view. */
export const FACILITY_LIST_PATH = '/facility/next';

export interface FacilityLinkOptions {
  year?: number | null | undefined;
  trail?: FacilityTrailLink;
  /** A section of the page, e.g. `facility-data-quality`. */
  hash?: string;
}

/** A link (for the router's `Link`) to a facility's view for a year, optionally opening a trail or a section. */
export function facilityLink(slug: string, { year, trail, hash }: FacilityLinkOptions = {}) {
  return {
    to: `${FACILITY_LIST_PATH}/${encodeURIComponent(slug)}`,
    search: {
      ...yearSearch(year),
      ...(trail === undefined ? {} : { [TRAIL_SEARCH_PARAM]: trailSearchValue(trail) }),
    },
    ...(hash === undefined ? {} : { hash }),
  };
}

/** A link to the facility list for a year, with any other filters of the list (`sort`, `q`, `sector`). */
export function facilityListLink(year: number | null | undefined, filters: Record<string, string> = {}) {
  return { to: FACILITY_LIST_PATH, search: { ...filters, ...yearSearch(year) } };
}
