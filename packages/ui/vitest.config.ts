import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'jsdom',
    // A test that asserts nothing cannot fail: every test must make at least one assertion.
    expect: { requireAssertions: true },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // The stylesheet's tests read its text; vitest would otherwise hand them an empty string.
    css: { include: [/styles\.css/] },
  },
});
