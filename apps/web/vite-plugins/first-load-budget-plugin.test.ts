import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  buildBlankApp,
  judgeFirstLoad,
  measureFirstLoad,
  type BundleChunk,
  type FirstLoad,
} from './first-load-budget-plugin.ts';
import { sharedPlugins } from './shared-plugins.ts';

const PAGE = '/src/features/login/login-page.tsx';
const LAYOUT = '/src/app/layouts/login-layout.tsx';

function chunk(fileName: string, options: Partial<BundleChunk> = {}): BundleChunk {
  return {
    fileName,
    code: `export const x = "${fileName.repeat(20)}";`,
    isEntry: false,
    imports: [],
    facadeModuleId: null,
    ...options,
  };
}

function firstLoadOf(sizes: Record<string, number>): FirstLoad {
  const files = Object.entries(sizes).map(([fileName, gzipBytes]) => ({ fileName, gzipBytes }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

describe('measureFirstLoad', () => {
  it('counts the entry, the first page, its layout and what they import statically, each once, and nothing else', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, imports: ['react.js', 'shared.js'] }),
      chunk('login.js', { facadeModuleId: `/repo/apps/web${PAGE}`, imports: ['shared.js', 'form.js'] }),
      chunk('login-layout.js', { facadeModuleId: `/repo/apps/web${LAYOUT}`, imports: ['outlet.js'] }),
      chunk('react.js'),
      chunk('shared.js', { imports: ['react.js'] }),
      chunk('form.js'),
      chunk('outlet.js'),
      chunk('facility-page.js', { imports: ['charts.js'] }),
      chunk('charts.js'),
    ];
    const firstLoad = measureFirstLoad(chunks, [PAGE, LAYOUT]);
    const expectedFiles = [
      'form.js',
      'index.js',
      'login-layout.js',
      'login.js',
      'outlet.js',
      'react.js',
      'shared.js',
    ];
    expect(firstLoad.files.map((file) => file.fileName).sort()).toEqual(expectedFiles);
    const expected = expectedFiles
      .map((name) => gzipSync(chunks.find((each) => each.fileName === name)?.code ?? '').length)
      .reduce((sum, size) => sum + size, 0);
    expect(firstLoad.gzipBytes).toBe(expected);
  });

  it('counts only the entries and their imports when no first page is named (the blank app)', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, imports: ['react.js'] }),
      chunk('react.js'),
      chunk('lazy.js'),
    ];
    expect(
      measureFirstLoad(chunks)
        .files.map((file) => file.fileName)
        .sort(),
    ).toEqual(['index.js', 'react.js']);
  });

  it('refuses to measure when no chunk is built from a first-page module (it was renamed or inlined)', () => {
    expect(() => measureFirstLoad([chunk('index.js', { isEntry: true })], [PAGE])).toThrow(
      `No chunk is built from ${PAGE}`,
    );
  });
});

describe('judgeFirstLoad', () => {
  const blankApp = firstLoadOf({ 'index.js': 1000 });

  it('passes at the ratio and names the measured multiple', () => {
    const verdict = judgeFirstLoad(firstLoadOf({ 'index.js': 2000, 'login.js': 500 }), blankApp, 2.5);
    expect(verdict.isOverBudget).toBe(false);
    expect(verdict.budgetBytes).toBe(2500);
    expect(verdict.message).toContain('2.50× a blank React app');
  });

  it('fails above the ratio and lists the largest files first', () => {
    const verdict = judgeFirstLoad(
      firstLoadOf({ 'index.js': 2000, 'charts.js': 900, 'login.js': 100 }),
      blankApp,
      2.5,
    );
    expect(verdict.isOverBudget).toBe(true);
    expect(verdict.message).toMatch(/over budget by 0\.5 kB/);
    expect(verdict.message.indexOf('index.js')).toBeLessThan(verdict.message.indexOf('charts.js'));
    expect(verdict.message.indexOf('charts.js')).toBeLessThan(verdict.message.indexOf('login.js'));
  });
});

describe('buildBlankApp', () => {
  it('builds the blank React app with the shared plugins into one entry that holds react-dom', async () => {
    const chunks = await buildBlankApp(sharedPlugins());
    const entries = chunks.filter((each) => each.isEntry);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.code).toContain('createRoot');
    // react-dom's client alone is over 50 kB gzip: a peer much smaller than that did not bundle React.
    expect(measureFirstLoad(chunks).gzipBytes).toBeGreaterThan(50 * 1024);
  }, 60_000);
});
