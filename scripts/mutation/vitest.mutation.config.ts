import { defineConfig } from 'vitest/config';

// The unit tests of the code `npm run mutation` mutates (see stryker.config.mjs), in Node.
export default defineConfig({
  test: {
    include: ['packages/domain/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    // Instrumented code on a shared machine: the property tests take many times their usual seconds.
    testTimeout: 120_000,
  },
});
