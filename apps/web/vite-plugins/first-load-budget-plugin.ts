import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type PluginOption } from 'vite';

/**
 * The most JavaScript (gzip) a browser may load before the sign-in page paints, as a multiple of a blank React 19
 * app (`blank-app/`) built in the same run with the same plugins: issue 15's 2.5×. Before issue 15 the first load
 * was 271.2 kB against the blank app's 66.3 kB (4.09×); loading layouts, the toaster, feature flags, CASL,
 * colorjs.io and analytics after it brought it to 185.0 kB (2.79×); zod without its JSON Schema conversion, the
 * sign-in form without react-hook-form (decision 031) and the first page's libraries in one file to 164.3 kB
 * (2.48×). What is left is listed in docs/performance.md, "First load".
 */
export const FIRST_LOAD_BUDGET_RATIO = 2.5;
/** What paints first for a visitor who is not signed in: the sign-in page in its layout. */
export const FIRST_PAGE_MODULES = ['/src/features/login/login-page.tsx', '/src/app/layouts/login-layout.tsx'];
/** The peer: an index.html and one entry that renders one element with react-dom/client. */
export const BLANK_APP_DIRECTORY = join(import.meta.dirname, 'blank-app');
/** How many of the largest first-load files a failing build names. */
const LISTED_FILES = 12;

export interface BundleChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: readonly string[];
  facadeModuleId: string | null;
}

export interface FirstLoad {
  files: { fileName: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The chunks loaded before the first page paints, largest first, with their gzip sizes: the entry chunks, the
 * chunks built from `firstPageModules` (the page and anything else the first paint waits for), and every chunk
 * they import statically. Without `firstPageModules` (the blank app), the entries and their imports.
 */
export function measureFirstLoad(
  chunks: readonly BundleChunk[],
  firstPageModules: readonly string[] = [],
): FirstLoad {
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isBuiltFrom = (chunk: BundleChunk, module: string) =>
    (chunk.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(module);
  for (const module of firstPageModules) {
    if (!chunks.some((chunk) => !chunk.isEntry && isBuiltFrom(chunk, module))) {
      throw new Error(`No chunk is built from ${module}: the first-load budget cannot be checked`);
    }
  }
  const roots = chunks.filter(
    (chunk) => chunk.isEntry || firstPageModules.some((module) => isBuiltFrom(chunk, module)),
  );
  const loaded = new Set<string>();
  const queue = roots.map((chunk) => chunk.fileName);
  while (queue.length > 0) {
    const fileName = queue.shift() as string;
    if (loaded.has(fileName)) continue;
    loaded.add(fileName);
    queue.push(...(byFileName.get(fileName)?.imports ?? []));
  }
  const files = [...loaded]
    .map((fileName) => ({ fileName, gzipBytes: gzipSync(byFileName.get(fileName)?.code ?? '').length }))
    .sort((left, right) => right.gzipBytes - left.gzipBytes);
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

export interface FirstLoadVerdict {
  isOverBudget: boolean;
  budgetBytes: number;
  message: string;
}

/** Compares the app's first load with the blank app's; over budget, the message names the largest files. */
export function judgeFirstLoad(
  app: FirstLoad,
  blankApp: FirstLoad,
  ratio = FIRST_LOAD_BUDGET_RATIO,
): FirstLoadVerdict {
  const budgetBytes = Math.floor(blankApp.gzipBytes * ratio);
  const measured = `${(app.gzipBytes / blankApp.gzipBytes).toFixed(2)}× a blank React app's ${kilobytes(blankApp.gzipBytes)}`;
  const summary = `First-load JavaScript: ${kilobytes(app.gzipBytes)} gzip in ${app.files.length} files, ${measured} (budget ${ratio}×: ${kilobytes(budgetBytes)})`;
  const isOverBudget = app.gzipBytes > budgetBytes;
  if (!isOverBudget) return { isOverBudget, budgetBytes, message: summary };
  const largest = app.files
    .slice(0, LISTED_FILES)
    .map((file) => `  ${file.fileName}: ${kilobytes(file.gzipBytes)}`);
  const rest =
    app.files.length > LISTED_FILES ? [`  … and ${app.files.length - LISTED_FILES} smaller files`] : [];
  return {
    isOverBudget,
    budgetBytes,
    message: `${summary}: over budget by ${kilobytes(app.gzipBytes - budgetBytes)}. The largest first-load files:\n${[...largest, ...rest].join('\n')}`,
  };
}

/** Builds the blank React app with `plugins` (the app's own, minus the app): in memory, or into `outDir`. */
export async function buildBlankApp(plugins: PluginOption[], outDir?: string): Promise<BundleChunk[]> {
  const output = await build({
    configFile: false,
    envFile: false,
    root: BLANK_APP_DIRECTORY,
    logLevel: 'silent',
    plugins,
    build: outDir ? { outDir, emptyOutDir: true } : { write: false },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = outputs.flatMap((each) =>
    'output' in each ? each.output.filter((file) => file.type === 'chunk') : [],
  );
  if (chunks.length === 0) throw new Error('The blank React app built no chunk');
  return chunks;
}

export interface FirstLoadBudgetOptions {
  /** The plugins the app's build shares with its blank peer (a new instance each call). */
  sharedPlugins: () => PluginOption[];
  ratio?: number;
  firstPageModules?: readonly string[];
}

/** Fails the build when the first load's JavaScript is over the budget; prints it either way. */
export function firstLoadBudgetPlugin({
  sharedPlugins,
  ratio = FIRST_LOAD_BUDGET_RATIO,
  firstPageModules = FIRST_PAGE_MODULES,
}: FirstLoadBudgetOptions): Plugin {
  return {
    name: 'ecc-first-load-budget',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const app = measureFirstLoad(chunks, firstPageModules);
        const blankApp = measureFirstLoad(await buildBlankApp(sharedPlugins()));
        const verdict = judgeFirstLoad(app, blankApp, ratio);
        if (verdict.isOverBudget) this.error(verdict.message);
        this.info(verdict.message);
      },
    },
  };
}
