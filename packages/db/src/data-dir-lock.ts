import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'ecc.lock';

/** Lock files held by this process: a lock naming our own pid is only ours if we took it in this process. */
const heldLockPaths = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Emissions Control Center process (pid ${pid}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function tryCreateLockFile(path: string): boolean {
  try {
    const descriptor = openSync(path, 'wx');
    try {
      writeSync(descriptor, `${process.pid}\n`);
    } finally {
      closeSync(descriptor);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a stale lock aside and deletes it. The rename is atomic, so of two processes taking over the same stale
 * lock only one moves it; if what we moved is no longer the stale lock we read, it is put back.
 */
function removeStaleLock(path: string, stalePid: number | undefined): void {
  const asidePath = `${path}.${randomUUID()}.stale`;
  try {
    renameSync(path, asidePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readLockPid(asidePath) !== stalePid) {
    try {
      renameSync(asidePath, path);
      return;
    } catch {
      // Someone else has created a lock meanwhile: theirs stands, the moved one goes.
    }
  }
  unlinkSync(asidePath);
}

/**
 * Takes the exclusive lock of a data directory: a lock file created atomically (`wx`) holding our pid. A lock
 * left by a process that no longer runs is taken over; a live holder makes this throw `DataDirInUseError`.
 */
export function acquireDataDirLock(dataDir: string, displayName = dataDir): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(join(dataDir, LOCK_FILE_NAME));
  for (let attempt = 0; attempt < 10; attempt++) {
    if (tryCreateLockFile(path)) {
      heldLockPaths.add(path);
      return {
        path,
        release: () => {
          if (!heldLockPaths.delete(path)) return;
          if (readLockPid(path) === process.pid) unlinkSync(path);
        },
      };
    }
    const pid = readLockPid(path);
    if (pid === undefined && attempt < 3) {
      // An empty lock is usually one whose creator has not written its pid yet: give it a moment.
      sleepSync(50);
      continue;
    }
    const isHeldByUs = pid === process.pid && heldLockPaths.has(path);
    // A lock naming our pid that we did not take was left by an earlier process whose pid was reused (containers).
    if (pid !== undefined && (isHeldByUs || (pid !== process.pid && isProcessAlive(pid)))) {
      throw new DataDirInUseError(displayName, pid);
    }
    removeStaleLock(path, pid);
  }
  throw new Error(
    `Could not take the lock ${path}: it keeps changing. Is another process starting on DATA_DIR?`,
  );
}

function sleepSync(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}
