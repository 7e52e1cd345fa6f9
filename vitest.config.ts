import { defineConfig } from 'vitest/config';

// Unit tests: pure packages, server units and web components. Integration tests (*.int.test.ts) run through
// vitest.integration.config.ts, once on PGlite and once on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // packages/ui runs in its own jsdom project.
          exclude: ['**/*.int.test.ts', '**/node_modules/**', 'packages/ui/**'],
          environment: 'node',
          // A test that asserts nothing cannot fail: every test must make at least one assertion.
          expect: { requireAssertions: true },
        },
      },
      './apps/web/vitest.config.ts',
      './packages/ui/vitest.config.ts',
    ],
  },
});
