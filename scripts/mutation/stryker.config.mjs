// `npm run mutation`: StrykerJS over the core rules — the emissions engine and units, grants → abilities, and the
// route access rules — against their own unit tests. Not part of `npm test` (it takes tens of minutes); the score
// and the surviving mutants are recorded in docs/testing.md. StrykerJS 9 because 10 needs Node 22.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'packages/domain/src/emissions/*.ts',
    'packages/domain/src/emissions/calculation/*.ts',
    // The published factor tables are data, checked against their sources by factor-library.test.ts.
    '!packages/domain/src/emissions/factor-library.ts',
    'packages/domain/src/permissions/*.ts',
    'packages/contracts/src/route-access.ts',
    '!**/*.test.ts',
    '!**/index.ts',
  ],
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process at a time.
  concurrency: 1,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: '.test-data/mutation/report.html' },
  jsonReporter: { fileName: '.test-data/mutation/report.json' },
  // Only what the mutated code and its tests need is copied into the sandbox.
  ignorePatterns: ['/apps', '/e2e', '/bench', '/docs', '/.test-data', '/test-results', 'dist'],
  tempDirName: '.test-data/stryker-tmp',
  cleanTempDir: 'always',
};
