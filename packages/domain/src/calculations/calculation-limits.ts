/*
 * Limits that keep any formula cheap to read and to run, whoever wrote it (docs/calculation-language.md). The
 * formula's length and the length of text values are in @ecc/contracts, which the API checks too.
 */

/** Parentheses (including function calls) open at once; the parser recurses once per level. */
export const MAX_PARENTHESIS_DEPTH = 64;
/** Operations inside one another in one statement (`1 + 1 + … + 1` counts one per `+`). */
export const MAX_EXPRESSION_DEPTH = 256;
/**
 * Operations one evaluation may do, calls to other calculations included: a formula has no loops, so this only
 * stops calculations that call each other many times over.
 */
export const MAX_EVALUATION_STEPS = 1_000_000;
/** Calculations calling one another at once (`#a` calls `#b`, which calls `#c`…). */
export const MAX_CALCULATION_CALL_DEPTH = 16;
/** Digits ROUND may keep or drop. */
export const MAX_ROUND_DIGITS = 15;
