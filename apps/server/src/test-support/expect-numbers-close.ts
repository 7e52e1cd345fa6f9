import { expect } from 'vitest';

/** The golden tables' tolerance: PostgreSQL may sum floats in another order than PGlite, moving the last digits. */
const RELATIVE_TOLERANCE = 1e-9;

/**
 * `actual` with each number replaced by the expected one where the two agree within the tolerance, so that the
 * final `toEqual` shows only real differences, at their place in the answer.
 */
function alignedTo(actual: unknown, expected: unknown): unknown {
  if (typeof actual === 'number' && typeof expected === 'number') {
    const scale = Math.max(Math.abs(actual), Math.abs(expected));
    return Math.abs(actual - expected) <= scale * RELATIVE_TOLERANCE ? expected : actual;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) {
    return actual.map((entry, index) => alignedTo(entry, expected[index]));
  }
  if (isRecord(actual) && isRecord(expected)) {
    return Object.fromEntries(
      Object.entries(actual).map(([key, entry]) => [key, alignedTo(entry, expected[key])]),
    );
  }
  return actual;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Two answers equal in shape and text, their numbers equal within a relative 1e-9. */
export function expectNumbersClose(actual: unknown, expected: unknown): void {
  expect(alignedTo(actual, expected)).toEqual(expected);
}
