import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { zodWithoutJsonSchemaPlugin } from './vite-plugins/zod-without-json-schema-plugin.ts';

export default defineConfig({
  // zod as the browser build has it (without JSON Schema conversion): a path that converted would fail here.
  plugins: [react(), zodWithoutJsonSchemaPlugin()],
  define: {
    __ECC_BUILD_ID__: JSON.stringify('test-build'),
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // A test that asserts nothing cannot fail: every test must make at least one assertion.
    expect: { requireAssertions: true },
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Through Vite's resolution, so that the plugin above reaches zod's own imports.
    server: { deps: { inline: ['zod'] } },
  },
});
