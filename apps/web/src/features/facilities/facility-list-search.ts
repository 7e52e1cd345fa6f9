import {
  DEFAULT_FACILITY_PAGE_SIZE,
  FACILITY_SORTS,
  type FacilityListFilter,
  type FacilityListQuery,
  type FacilitySort,
} from '@ecc/contracts';
import { selectedYearOf } from '#lib/period/selected-year.ts';

/** What the list shows, as the URL keeps it: the filter, the server's order and the page (from 1). */
export interface FacilityListSearch {
  q: string;
  sector: string;
  state: string;
  /** Archived facilities alone instead of those in use. */
  isArchived: boolean;
  sort: FacilitySort;
  page: number;
  /** The year whose CO2e the list shows and sorts by (the period selector's); each facility's latest without. */
  year: number | undefined;
}

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The URL's search values as the list's state; anything unknown falls back to the default. */
export function readFacilityListSearch(search: Record<string, unknown>): FacilityListSearch {
  const sort = textOf(search.sort);
  const page = Number(search.page);
  return {
    q: textOf(search.q),
    sector: textOf(search.sector),
    state: textOf(search.state),
    isArchived: textOf(search.archived) === 'only',
    sort: (FACILITY_SORTS as readonly string[]).includes(sort) ? (sort as FacilitySort) : 'name',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    year: selectedYearOf(search),
  };
}

/** The list's state as URL search values, leaving defaults out so that a plain list has a plain URL. */
export function writeFacilityListSearch(
  list: FacilityListSearch,
): Record<string, string | number | undefined> {
  return {
    q: list.q || undefined,
    sector: list.sector || undefined,
    state: list.state || undefined,
    archived: list.isArchived ? 'only' : undefined,
    sort: list.sort === 'name' ? undefined : list.sort,
    page: list.page === 1 ? undefined : list.page,
    year: list.year,
  };
}

/** The filter the server applies, shared by the list and the map. */
export function facilityFilterOf(list: FacilityListSearch): Partial<FacilityListFilter> {
  return {
    ...(list.q ? { q: list.q } : {}),
    ...(list.sector ? { sector: list.sector } : {}),
    ...(list.state ? { state: list.state } : {}),
    ...(list.isArchived ? { archived: 'only' as const } : {}),
    ...(list.year === undefined ? {} : { year: list.year }),
  };
}

export function facilityQueryOf(list: FacilityListSearch, pageSize = DEFAULT_FACILITY_PAGE_SIZE) {
  const query: Partial<FacilityListQuery> = {
    ...facilityFilterOf(list),
    sort: list.sort,
    limit: pageSize,
    offset: (list.page - 1) * pageSize,
  };
  return query;
}

/** The order after a click on a column's header: the same column flips; CO2e starts with the largest. */
export function nextFacilitySort(
  current: FacilitySort,
  column: 'name' | 'co2e' | 'state' | 'naics',
): FacilitySort {
  if (current === column) return `-${column}` as FacilitySort;
  if (current === `-${column}`) return column;
  return column === 'co2e' ? '-co2e' : column;
}
