import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Test counts of one run: what the closing `N passed, N failed` line of `npm test` sums. `flaky` and `skipped`
 * name each such test, because a retried or skipped test fails the run and the reader must see which one.
 */
export function emptyCounts() {
  return { passed: 0, failed: 0, flaky: [], skipped: [] };
}

export function addCounts(total, counts) {
  return {
    passed: total.passed + counts.passed,
    failed: total.failed + counts.failed,
    flaky: [...total.flaky, ...counts.flaky],
    skipped: [...total.skipped, ...counts.skipped],
  };
}

/** A flaky or skipped test is a failure too: the suite must show every defect, not pass on a second try. */
export function hasProblems(counts) {
  return counts.failed > 0 || counts.flaky.length > 0 || counts.skipped.length > 0;
}

export function formatCounts({ passed, failed, flaky, skipped }) {
  const parts = [`${passed} passed`, `${failed} failed`];
  if (flaky.length > 0) parts.push(`${flaky.length} flaky`);
  if (skipped.length > 0) parts.push(`${skipped.length} skipped`);
  return parts.join(', ');
}

/** The lines under the closing count that name every flaky and skipped test. */
export function formatProblemTests({ flaky, skipped }) {
  return [
    ...flaky.map((name) => `  flaky (passed only on retry, counts as a failure): ${name}`),
    ...skipped.map((name) => `  skipped (counts as a failure): ${name}`),
  ];
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const VITEST_SKIPPED_STATUSES = new Set(['pending', 'skipped', 'todo', 'disabled']);

/**
 * Counts from Vitest's JSON reporter (Jest's format). A file that fails before any test runs (an import error)
 * has no failed test of its own, so it counts as one failure. Skipped and todo tests are named.
 */
export function countVitestReport(report, root = process.cwd()) {
  if (!report) return emptyCounts();
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  const skipped = files.flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => VITEST_SKIPPED_STATUSES.has(test.status))
      .map((test) => `${relative(root, file.name)} › ${test.fullName}`),
  );
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    flaky: [],
    skipped,
  };
}

/** Every test of a Playwright JSON report with its full title (file › describe… › test). */
function playwrightTests(suites, parentTitles = []) {
  return suites.flatMap((suite) => {
    const titles = suite.title === '' ? parentTitles : [...parentTitles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({ name: [...titles, spec.title].join(' › '), status: test.status })),
    );
    return [...own, ...playwrightTests(suite.suites ?? [], titles)];
  });
}

/**
 * Counts from Playwright's JSON reporter. A test that passed only on a retry (flaky) is named and not counted as
 * passed; a global error (a crashed web server, a broken config) counts as a failure.
 */
export function countPlaywrightReport(report) {
  if (!report) return emptyCounts();
  const stats = report.stats ?? {};
  const tests = playwrightTests(report.suites ?? []);
  const namesOf = (status) => tests.filter((test) => test.status === status).map((test) => test.name);
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (report.errors ?? []).length,
    flaky: namesOf('flaky'),
    skipped: namesOf('skipped'),
  };
}

export function readVitestCounts(file) {
  return countVitestReport(readJson(file));
}

export function readPlaywrightCounts(file) {
  return countPlaywrightReport(readJson(file));
}
