import { describe, expect, it } from 'vitest';
import {
  addCounts,
  countPlaywrightReport,
  countVitestReport,
  emptyCounts,
  formatCounts,
  formatProblemTests,
  hasProblems,
} from './test-report.mjs';

describe('the closing line of npm test', () => {
  it('reads "N passed, N failed" and adds flaky and skipped counts only when there are some', () => {
    expect(formatCounts({ passed: 12, failed: 0, flaky: [], skipped: [] })).toBe('12 passed, 0 failed');
    expect(formatCounts({ passed: 3, failed: 1, flaky: ['a'], skipped: ['b', 'c'] })).toBe(
      '3 passed, 1 failed, 1 flaky, 2 skipped',
    );
  });

  it('names every flaky and skipped test under it', () => {
    expect(formatProblemTests({ flaky: ['e2e/a.spec.ts › works'], skipped: ['x.test.ts › later'] })).toEqual([
      '  flaky (passed only on retry, counts as a failure): e2e/a.spec.ts › works',
      '  skipped (counts as a failure): x.test.ts › later',
    ]);
    expect(formatProblemTests(emptyCounts())).toEqual([]);
  });

  it('fails a run that has a failed, a flaky or a skipped test, and only those', () => {
    expect(hasProblems({ passed: 9, failed: 0, flaky: [], skipped: [] })).toBe(false);
    expect(hasProblems({ passed: 9, failed: 1, flaky: [], skipped: [] })).toBe(true);
    expect(hasProblems({ passed: 9, failed: 0, flaky: ['a'], skipped: [] })).toBe(true);
    expect(hasProblems({ passed: 9, failed: 0, flaky: [], skipped: ['b'] })).toBe(true);
  });

  it('sums the steps and keeps every name', () => {
    const unit = { passed: 2, failed: 0, flaky: [], skipped: ['u'] };
    const e2e = { passed: 3, failed: 1, flaky: ['f'], skipped: [] };
    expect(addCounts(addCounts(emptyCounts(), unit), e2e)).toEqual({
      passed: 5,
      failed: 1,
      flaky: ['f'],
      skipped: ['u'],
    });
  });
});

describe('Vitest JSON report counts', () => {
  it('counts passed and failed tests and names skipped and todo ones by file and full name', () => {
    const report = {
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [
        {
          name: '/repo/apps/server/src/cli-imports.int.test.ts',
          status: 'passed',
          assertionResults: [
            { status: 'passed', fullName: 'import commands lists row errors' },
            { status: 'skipped', fullName: 'import commands imports the workbook' },
            { status: 'pending', fullName: 'import commands pending' },
            { status: 'todo', fullName: 'import commands later' },
          ],
        },
      ],
    };
    expect(countVitestReport(report, '/repo')).toEqual({
      passed: 5,
      failed: 1,
      flaky: [],
      skipped: [
        'apps/server/src/cli-imports.int.test.ts › import commands imports the workbook',
        'apps/server/src/cli-imports.int.test.ts › import commands pending',
        'apps/server/src/cli-imports.int.test.ts › import commands later',
      ],
    });
  });

  it('counts a file that failed before running any test as one failure', () => {
    const report = {
      numPassedTests: 4,
      numFailedTests: 1,
      testResults: [
        { name: '/repo/a.test.ts', status: 'failed', assertionResults: [] },
        {
          name: '/repo/b.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'passed' }, { status: 'failed' }],
        },
        { name: '/repo/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    expect(countVitestReport(report, '/repo')).toEqual({ passed: 4, failed: 2, flaky: [], skipped: [] });
  });

  it('counts nothing when the run wrote no report', () => {
    expect(countVitestReport(undefined)).toEqual(emptyCounts());
  });
});

describe('Playwright JSON report counts', () => {
  it('names a test that passed only on retry as flaky, never as passed, and counts a global error as a failure', () => {
    const report = {
      stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
      errors: [{ message: 'web server exited early' }],
      suites: [
        {
          title: 'shell/errors.spec.ts',
          specs: [{ title: 'shows the 404 page', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'the 401 toast',
              specs: [
                { title: 'appears once', tests: [{ status: 'flaky' }] },
                { title: 'goes to /logout', tests: [{ status: 'unexpected' }] },
                { title: 'later', tests: [{ status: 'skipped' }] },
                { title: 'names the server message', tests: [{ status: 'expected' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(countPlaywrightReport(report)).toEqual({
      passed: 2,
      failed: 2,
      flaky: ['shell/errors.spec.ts › the 401 toast › appears once'],
      skipped: ['shell/errors.spec.ts › the 401 toast › later'],
    });
  });

  it('counts nothing when the run wrote no report', () => {
    expect(countPlaywrightReport(undefined)).toEqual(emptyCounts());
  });
});
