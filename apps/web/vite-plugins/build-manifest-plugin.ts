import { ROUTES } from '@ecc/contracts';
import type { Plugin } from 'vite';
import {
  buildMetaPath,
  createBuildMeta,
  LATEST_BUILD_PATH,
  type LatestBuild,
} from '../src/lib/version/build-manifest.ts';

/** One identity per build: the client compares its own id with the newest one the server holds. */
export function createBuildIdentity(): LatestBuild {
  return { id: globalThis.crypto.randomUUID(), timestamp: Date.now() };
}

/** Writes `builds/latest.json` and `builds/meta/{buildId}.json` into the build output (new-version detection). */
export function buildManifestPlugin(build: LatestBuild): Plugin {
  return {
    name: 'ecc-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: LATEST_BUILD_PATH.slice(1),
        source: JSON.stringify(build),
      });
      this.emitFile({
        type: 'asset',
        fileName: buildMetaPath(build.id).slice(1),
        source: JSON.stringify(createBuildMeta(build, ROUTES)),
      });
    },
  };
}
