import { defineConfig } from 'vite';
import { buildManifestPlugin, createBuildIdentity } from './vite-plugins/build-manifest-plugin.ts';
import { firstLoadBudgetPlugin } from './vite-plugins/first-load-budget-plugin.ts';
import { sharedPlugins } from './vite-plugins/shared-plugins.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';
const build = createBuildIdentity();

export default defineConfig({
  plugins: [...sharedPlugins(), buildManifestPlugin(build), firstLoadBudgetPlugin({ sharedPlugins })],
  define: {
    __ECC_BUILD_ID__: JSON.stringify(build.id),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN },
      // The public pages' prerendered payloads (/about/_payload.json, /login/_payload.json) come from the server.
      '^/.+/_payload\\.json$': { target: API_ORIGIN },
    },
  },
});
