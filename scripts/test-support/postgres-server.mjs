import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const POSTGRES_ROOT = '/usr/lib/postgresql';
const POSTGRES_USER = 'postgres';

/** The newest Debian PostgreSQL binary directory holding initdb, or undefined when none is installed. */
export function findPostgresBinDirectory() {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((left, right) => Number(right) - Number(left));
  return versions[0] === undefined ? undefined : join(POSTGRES_ROOT, versions[0], 'bin');
}

/** Asks the kernel for a free loopback port by binding port 0. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** initdb and postgres refuse to run as root, so as root they run as the `postgres` system user. */
function runAsServerUser(binary, args, options = {}) {
  const [command, commandArgs] = isRoot()
    ? existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')
      ? ['runuser', ['-u', POSTGRES_USER, '--', binary, ...args]]
      : ['su', [POSTGRES_USER, '-s', '/bin/sh', '-c', [binary, ...args].map(shellQuote).join(' ')]]
    : [binary, args];
  return spawnSync(command, commandArgs, { encoding: 'utf8', ...options });
}

function shellQuote(value) {
  return `'${String(value).replaceAll("'", `'\\''`)}'`;
}

function describeFailure(step, result) {
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  return new Error(
    `${step} failed (exit ${result.status ?? result.signal}):\n${output || result.error?.message}`,
  );
}

/**
 * Starts a throwaway PostgreSQL on 127.0.0.1 in a fresh temporary directory (trust auth, unix socket in that
 * directory, durability switched off for speed). `stop()` is synchronous so that signal and exit handlers
 * can call it; it stops the server and deletes the directory, and is safe to call more than once.
 */
export async function startThrowawayPostgres({ log = console.info } = {}) {
  const binDirectory = findPostgresBinDirectory();
  if (!binDirectory)
    throw new Error(`No PostgreSQL found under ${POSTGRES_ROOT}/*/bin (install "postgresql").`);
  const baseDirectory = mkdtempSync(join(tmpdir(), 'ecc-postgres-'));
  const dataDirectory = join(baseDirectory, 'data');
  const logFile = join(baseDirectory, 'server.log');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' }).trim());
    chownSync(baseDirectory, uid, gid);
  }
  const pgCtl = join(binDirectory, 'pg_ctl');
  let isRunning = false;
  let isStopped = false;

  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    if (isRunning) {
      const result = runAsServerUser(pgCtl, ['stop', '-D', dataDirectory, '-m', 'fast', '-w', '-t', '30']);
      if (result.status !== 0) console.error(describeFailure('pg_ctl stop', result).message);
    }
    rmSync(baseDirectory, { recursive: true, force: true });
  };

  try {
    const initdb = runAsServerUser(join(binDirectory, 'initdb'), [
      '-D',
      dataDirectory,
      '-U',
      POSTGRES_USER,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    if (initdb.status !== 0) throw describeFailure('initdb', initdb);

    const port = await findFreePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${baseDirectory}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    const start = runAsServerUser(pgCtl, [
      'start',
      '-D',
      dataDirectory,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      serverOptions,
    ]);
    isRunning = true;
    if (start.status !== 0) throw describeFailure('pg_ctl start', start);

    const url = `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`;
    log(
      `PostgreSQL ${binDirectory.split('/').at(-2)} listening on 127.0.0.1:${port} (data in ${baseDirectory})`,
    );
    return { url, port, directory: baseDirectory, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
