import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildManifestPlugin, createBuildIdentity } from './vite-plugins/build-manifest-plugin.ts';
import { firstLoadBudgetPlugin } from './vite-plugins/first-load-budget-plugin.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';
const build = createBuildIdentity();

export default defineConfig({
  plugins: [react(), tailwindcss(), buildManifestPlugin(build), firstLoadBudgetPlugin()],
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
