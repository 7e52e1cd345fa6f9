import { describe, expect, it } from 'vitest';
import { countPlaywrightReport, countVitestReport, formatCounts } from './test-report.mjs';

describe('the closing line of npm test', () => {
  it('reads "N passed, N failed" and names skipped tests only when there are some', () => {
    expect(formatCounts({ passed: 12, failed: 0, skipped: 0 })).toBe('12 passed, 0 failed');
    expect(formatCounts({ passed: 3, failed: 1, skipped: 2 })).toBe('3 passed, 1 failed, 2 skipped');
  });
});

describe('Vitest JSON report counts', () => {
  it('counts passed, failed, skipped and todo tests', () => {
    const report = {
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [],
    };
    expect(countVitestReport(report)).toEqual({ passed: 5, failed: 1, skipped: 3 });
  });

  it('counts a file that failed before running any test as one failure', () => {
    const report = {
      numPassedTests: 4,
      numFailedTests: 1,
      testResults: [
        { status: 'failed', assertionResults: [] },
        { status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    expect(countVitestReport(report)).toEqual({ passed: 4, failed: 2, skipped: 0 });
  });

  it('counts nothing when the run wrote no report', () => {
    expect(countVitestReport(undefined)).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe('Playwright JSON report counts', () => {
  it('counts a test that passed on retry as passed and a global error as a failure', () => {
    const report = {
      stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3 },
      errors: [{ message: 'x' }],
    };
    expect(countPlaywrightReport(report)).toEqual({ passed: 12, failed: 2, skipped: 3 });
  });
});
