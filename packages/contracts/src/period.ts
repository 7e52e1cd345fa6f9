import { z } from './zod.ts';

/** The first and last reporting years the product accepts in a period selector (`?year=`). */
export const MIN_REPORTING_YEAR = 1990;
export const MAX_REPORTING_YEAR = 2100;

/**
 * A reporting year as the overview, the facility list and the facility view take it from the query string:
 * text, coerced to an integer.
 */
export const reportingYearSchema = z.coerce.number().int().min(MIN_REPORTING_YEAR).max(MAX_REPORTING_YEAR);
