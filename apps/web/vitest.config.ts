import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
  },
});
