import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findStaleDependencies } from './npm-dependencies.mjs';

describe('findStaleDependencies', () => {
  let root: string;

  function writeAt(file: string, secondsAgo: number) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '{}');
    const time = Date.now() / 1000 - secondsAgo;
    utimesSync(file, time, time);
  }

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ecc-deps-'));
    writeAt(join(root, 'package.json'), 100);
    writeAt(join(root, 'package-lock.json'), 100);
    writeAt(join(root, 'apps', 'web', 'package.json'), 100);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('asks for an install on a fresh clone', () => {
    expect(findStaleDependencies(root)).toBe('node_modules is missing');
  });

  it('is satisfied when the last install is newer than every manifest', () => {
    writeAt(join(root, 'node_modules', '.package-lock.json'), 10);
    expect(findStaleDependencies(root)).toBeUndefined();
  });

  it('names a workspace manifest changed since the last install', () => {
    writeAt(join(root, 'node_modules', '.package-lock.json'), 50);
    writeAt(join(root, 'apps', 'web', 'package.json'), 1);
    expect(findStaleDependencies(root)).toContain(join('apps', 'web', 'package.json'));
  });
});
