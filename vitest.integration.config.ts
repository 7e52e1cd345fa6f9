import { defineConfig } from 'vitest/config';

// Integration tests run against a real database: PGlite by default, the PostgreSQL server named by DATABASE_URL
// when it is set (each test file then gets a fresh database of its own, see packages/db/src/testing).
export default defineConfig({
  test: {
    name: 'integration',
    include: [
      'packages/*/src/**/*.int.test.ts',
      'apps/server/src/**/*.int.test.ts',
      'scripts/**/*.int.test.ts',
    ],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // A test that asserts nothing cannot fail: every test must make at least one assertion.
    expect: { requireAssertions: true },
    pool: 'forks',
    // Files of one worker share the module that holds the worker's migrated PGlite template, so it is built once.
    isolate: false,
    // Generous: creating a PGlite data directory takes seconds, many more on a busy 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
