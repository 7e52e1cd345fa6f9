import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from './data-dir-lock.ts';

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireDataDirLock', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ecc-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const lockHolder = () => readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim();

  it('writes our pid into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second holder with a message naming the directory and the holding pid', () => {
    const lock = acquireDataDirLock(dataDir, './data');
    expect(() => acquireDataDirLock(dataDir, './data')).toThrow(
      `DATA_DIR ./data is in use by another Emissions Control Center process (pid ${process.pid}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it('refuses while another live process holds the lock', () => {
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
  });

  it('takes over a lock left by a process that has ended', () => {
    const pid = deadPid();
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock naming our own pid that this process never took (a reused pid after a restart)', () => {
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.pid}\n`);
    const lock = acquireDataDirLock(dataDir);
    expect(lockHolder()).toBe(String(process.pid));
    // Taken over, not merely tolerated: this process now holds it, so a second acquisition is refused.
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(join(dataDir, LOCK_FILE_NAME), 'not a pid');
    const lock = acquireDataDirLock(dataDir);
    expect(lockHolder()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('on release, leaves alone a lock file that another process has replaced', () => {
    const lock = acquireDataDirLock(dataDir);
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.ppid));
  });
});
