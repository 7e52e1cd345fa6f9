import type { DatabaseHandle } from '@ecc/db';
import { runCli } from '../cli.ts';

/** The command line's exit code of success, for tests that may not import `cli.ts` (a module's tests). */
export { EXIT_OK } from '../cli.ts';

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the operator command line on a test database with no environment, capturing what it prints. */
export async function runCliCapturing(database: DatabaseHandle, args: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const exitCode = await runCli(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    database,
  });
  return { exitCode, stdout, stderr };
}
