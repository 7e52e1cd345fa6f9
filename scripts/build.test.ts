import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP_FILE, computeWebInputHash, isWebBuildStale } from './build.mjs';

describe('the web build stamp', () => {
  let root: string;
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const stamp = () => write(`apps/web/dist/${BUILD_STAMP_FILE}`, `${computeWebInputHash(root)}\n`);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ecc-build-'));
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/index.html', '<html></html>');
    write('packages/contracts/src/index.ts', 'export {}');
    write('package-lock.json', '{}');
    write('apps/web/dist/index.html', '<html></html>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without a stamp, fresh with a matching one', () => {
    expect(isWebBuildStale(root)).toBe(true);
    stamp();
    expect(isWebBuildStale(root)).toBe(false);
  });

  it('goes stale when the web sources, a package source or the lockfile change', () => {
    for (const [path, content] of [
      ['apps/web/src/main.tsx', 'render(2)'],
      ['packages/contracts/src/index.ts', 'export const x = 1'],
      ['package-lock.json', '{"v":2}'],
      ['apps/web/public/brand/logo.svg', '<svg/>'],
    ] as const) {
      stamp();
      write(path, content);
      expect(isWebBuildStale(root), path).toBe(true);
    }
  });

  it('stays fresh when only tests change', () => {
    stamp();
    write('apps/web/src/main.test.tsx', 'it()');
    expect(isWebBuildStale(root)).toBe(false);
  });

  it('is stale when the built index.html is gone', () => {
    stamp();
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(isWebBuildStale(root)).toBe(true);
  });
});
