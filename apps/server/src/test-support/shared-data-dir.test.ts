import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSharedDataDir, requireSharedDataFile } from './shared-data-dir.ts';

/*
 * Real directories and real git repositories in a temporary folder:
 *   <tmp>/work/main, <tmp>/work/shared/data   the main checkout and the data beside it
 *   <tmp>/ci/clone                            a clone somewhere else, nothing beside it
 */
describe('finding the shared data directory', () => {
  let root: string;
  let main: string;
  let sharedData: string;
  let clone: string;

  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore' });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ecc-shared-data-'));
    main = join(root, 'work', 'main');
    sharedData = join(root, 'work', 'shared', 'data');
    clone = join(root, 'ci', 'clone');
    mkdirSync(main, { recursive: true });
    mkdirSync(sharedData, { recursive: true });
    mkdirSync(clone, { recursive: true });
    git(main, 'init', '--quiet');
    git(clone, 'init', '--quiet');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('takes ECC_SHARED_DATA_DIR first, even over the directory beside the checkout', () => {
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    expect(findSharedDataDir({ env: { ECC_SHARED_DATA_DIR: elsewhere }, repositoryRoot: main })).toBe(
      elsewhere,
    );
  });

  it('refuses an ECC_SHARED_DATA_DIR that does not exist rather than skipping quietly', () => {
    expect(() =>
      findSharedDataDir({ env: { ECC_SHARED_DATA_DIR: join(root, 'missing') }, repositoryRoot: main }),
    ).toThrow(/ECC_SHARED_DATA_DIR=.*missing: no such directory/);
  });

  it('finds shared/data beside the checkout', () => {
    expect(findSharedDataDir({ env: {}, repositoryRoot: main })).toBe(sharedData);
  });

  it('follows a clone’s local origin, given as a path or a file: URL', () => {
    git(clone, 'remote', 'add', 'origin', main);
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBe(sharedData);
    git(clone, 'remote', 'set-url', 'origin', pathToFileURL(main).href);
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBe(sharedData);
  });

  it('finds nothing for a clone without origin, of a remote host, or of a checkout with no data beside it', () => {
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBeUndefined();
    git(clone, 'remote', 'add', 'origin', 'https://example.com/ecc.git');
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBeUndefined();
    git(clone, 'remote', 'set-url', 'origin', 'git@example.com:ecc.git');
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBeUndefined();
    rmSync(sharedData, { recursive: true });
    git(clone, 'remote', 'set-url', 'origin', main);
    expect(findSharedDataDir({ env: {}, repositoryRoot: clone })).toBeUndefined();
  });

  it('finds nothing outside a git repository', () => {
    const plain = join(root, 'plain', 'checkout');
    mkdirSync(plain, { recursive: true });
    expect(findSharedDataDir({ env: {}, repositoryRoot: plain })).toBeUndefined();
  });

  it('gives a required file, and fails naming the missing input and where it looked', () => {
    const workbook = ['epa-ghgrp-2020', 'ghgp_data_2020.xlsx'];
    expect(() => requireSharedDataFile(workbook, { env: {}, repositoryRoot: main })).toThrow(
      `Missing test input epa-ghgrp-2020/ghgp_data_2020.xlsx: ${join(sharedData, ...workbook)} does not exist`,
    );
    mkdirSync(join(sharedData, 'epa-ghgrp-2020'));
    writeFileSync(join(sharedData, ...workbook), 'xlsx');
    expect(requireSharedDataFile(workbook, { env: {}, repositoryRoot: main })).toBe(
      join(sharedData, ...workbook),
    );
    expect(() => requireSharedDataFile(workbook, { env: {}, repositoryRoot: clone })).toThrow(
      /^Missing test input epa-ghgrp-2020\/ghgp_data_2020.xlsx: no shared data directory \(ECC_SHARED_DATA_DIR is unset/,
    );
  });
});
