const WIDEN = 'Widen the filters, or record activity data for these facilities and periods.';

/**
 * Why a pivot is empty, naming the filtered years the realm has no results for (and the years it has), so that a
 * year without data reads as such rather than as filters too narrow.
 */
export function emptyViewDescription(
  filterYears: readonly number[] | undefined,
  yearsWithData: readonly number[] | undefined,
): string {
  if (!filterYears?.length || yearsWithData === undefined) return WIDEN;
  const missing = filterYears.filter((year) => !yearsWithData.includes(year));
  if (missing.length === 0) return WIDEN;
  const named =
    missing.length === 1 ? `${missing[0]}` : `${missing.slice(0, -1).join(', ')} or ${missing.at(-1)}`;
  const known =
    yearsWithData.length === 0
      ? 'The realm has no emission results yet.'
      : `Years with results: ${[...yearsWithData].sort((left, right) => left - right).join(', ')}.`;
  return `No emissions are recorded for ${named}. ${known}`;
}
