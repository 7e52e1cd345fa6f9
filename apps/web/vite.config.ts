import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildManifestPlugin, createBuildIdentity } from './vite-plugins/build-manifest-plugin.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';
const build = createBuildIdentity();

export default defineConfig({
  plugins: [react(), tailwindcss(), buildManifestPlugin(build)],
  define: {
    __ECC_BUILD_ID__: JSON.stringify(build.id),
    __ECC_BUILD_TIMESTAMP__: JSON.stringify(build.timestamp),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The design system and the domain package are pure modules, but their package.json files do not say
        // so: without this, the cron field's cronstrue (with every locale) lands in the start-up bundle.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](?:ui|domain)[\\/]src[\\/].+\.tsx?$/, sideEffects: false },
        ],
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
