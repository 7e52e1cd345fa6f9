import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad, type BundleChunk } from './first-load-budget-plugin.ts';

const PAGE = '/src/features/login/login-page.tsx';

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

describe('measureFirstLoad', () => {
  it('counts the entry, the first page and what they import statically, each once, and nothing else', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, imports: ['react.js', 'shared.js'] }),
      chunk('login.js', { facadeModuleId: `/repo/apps/web${PAGE}`, imports: ['shared.js', 'form.js'] }),
      chunk('react.js'),
      chunk('shared.js', { imports: ['react.js'] }),
      chunk('form.js'),
      chunk('facility-page.js', { imports: ['charts.js'] }),
      chunk('charts.js'),
    ];
    const firstLoad = measureFirstLoad(chunks, PAGE);
    expect(firstLoad.files.map((file) => file.fileName).sort()).toEqual([
      'form.js',
      'index.js',
      'login.js',
      'react.js',
      'shared.js',
    ]);
    const expected = ['form.js', 'index.js', 'login.js', 'react.js', 'shared.js']
      .map((name) => gzipSync(chunks.find((each) => each.fileName === name)?.code ?? '').length)
      .reduce((sum, size) => sum + size, 0);
    expect(firstLoad.gzipBytes).toBe(expected);
  });

  it('refuses to measure when no chunk is built from the first page (it was renamed or inlined)', () => {
    expect(() => measureFirstLoad([chunk('index.js', { isEntry: true })], PAGE)).toThrow(
      `No chunk is built from ${PAGE}`,
    );
  });
});
