import { reportingYearSchema } from '@ecc/contracts';

/** The `year` search parameter shared by the overview, the facility list and the facility view. */
export const YEAR_SEARCH_PARAM = 'year';

/** The year a URL's search selects, or undefined when it names none (or not a year the product accepts). */
export function selectedYearOf(search: Readonly<Record<string, unknown>>): number | undefined {
  const value = search[YEAR_SEARCH_PARAM];
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const parsed = reportingYearSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The search of a link that keeps the selected year: `{ year }`, or nothing when no year is selected. */
export function yearSearch(year: number | null | undefined): { year?: number } {
  return year === null || year === undefined ? {} : { year };
}
