import { defineConfig } from 'vite';
import { buildManifestPlugin, createBuildIdentity } from './vite-plugins/build-manifest-plugin.ts';
import { firstLoadBudgetPlugin } from './vite-plugins/first-load-budget-plugin.ts';
import { sharedPlugins } from './vite-plugins/shared-plugins.ts';
import { zodWithoutJsonSchemaPlugin } from './vite-plugins/zod-without-json-schema-plugin.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';
const build = createBuildIdentity();
/**
 * The libraries the first page runs on, in one file: one request and one gzip stream instead of a dozen small
 * ones (first-load budget). Only libraries whose code the first page needs nearly all of: anything listed here
 * loads before the first paint.
 */
const FIRST_LOAD_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](history|router-core|react-router|store|react-store|query-core|react-query)|zod|clsx|class-variance-authority|tailwind-merge)[\\/]/;

export default defineConfig({
  plugins: [
    ...sharedPlugins(),
    zodWithoutJsonSchemaPlugin(),
    buildManifestPlugin(build),
    firstLoadBudgetPlugin({ sharedPlugins }),
  ],
  define: {
    __ECC_BUILD_ID__: JSON.stringify(build.id),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FIRST_LOAD_LIBRARIES }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN },
      // The public pages' prerendered payloads (/about/_payload.json, /login/_payload.json) come from the server.
      '^/.+/_payload\\.json$': { target: API_ORIGIN },
    },
  },
});
