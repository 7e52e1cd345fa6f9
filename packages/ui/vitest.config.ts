import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // The stylesheet's tests read its text; vitest would otherwise hand them an empty string.
    css: { include: [/styles\.css/] },
  },
});
