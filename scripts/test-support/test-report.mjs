import { existsSync, readFileSync } from 'node:fs';

/** Test counts of one run: what the closing `N passed, N failed, N skipped` line of `npm test` sums. */
export function emptyCounts() {
  return { passed: 0, failed: 0, skipped: 0 };
}

export function addCounts(total, counts) {
  return {
    passed: total.passed + counts.passed,
    failed: total.failed + counts.failed,
    skipped: total.skipped + counts.skipped,
  };
}

export function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Counts from Vitest's JSON reporter (Jest's format). A file that fails before any test runs (an import error)
 * has no failed test of its own, so it counts as one failure.
 */
export function countVitestReport(report) {
  if (!report) return emptyCounts();
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** Counts from Playwright's JSON reporter; a test that passed on retry (flaky) counts as passed. */
export function countPlaywrightReport(report) {
  if (!report) return emptyCounts();
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors ?? []).length,
    skipped: stats.skipped ?? 0,
  };
}

export function readVitestCounts(file) {
  return countVitestReport(readJson(file));
}

export function readPlaywrightCounts(file) {
  return countPlaywrightReport(readJson(file));
}
