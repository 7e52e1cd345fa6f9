/** Identity of this build, written by vite-plugins/build-manifest-plugin.ts (new-version detection). */
declare const __ECC_BUILD_ID__: string;
