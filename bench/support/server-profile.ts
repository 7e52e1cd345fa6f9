/**
 * The server's CPU profile over a benchmark's load only: the server is started with
 * `profile-on-signal.ts` preloaded, SIGUSR2 starts and stops V8's profiler, and the profile's self time is
 * printed by area of the code (`cpu-profile-summary.ts`).
 */
import type { ChildProcess } from 'node:child_process';
import { summariseCpuProfile } from './cpu-profile-summary.ts';

/** Node arguments and environment that make a server profile on SIGUSR2 and write to `profileFile`. */
export function profiledServerOptions(profileFile: string | undefined): {
  nodeArguments: string[];
  environment: Record<string, string>;
} {
  if (!profileFile) return { nodeArguments: [], environment: {} };
  return {
    nodeArguments: ['--import', 'tsx', '--import', './bench/support/profile-on-signal.ts'],
    environment: { ECC_PROFILE_FILE: profileFile },
  };
}

/** Sends SIGUSR2 to the server (see profile-on-signal.ts) and waits for its answer line. */
export function signalProfiler(
  server: ChildProcess,
  expected: 'profile started' | 'profile written',
): Promise<void> {
  return new Promise((resolve) => {
    const listen = (chunk: Buffer) => {
      if (!chunk.toString().includes(expected)) return;
      server.stdout?.off('data', listen);
      resolve();
    };
    server.stdout?.on('data', listen);
    server.kill('SIGUSR2');
  });
}

export function printProfile(file: string): void {
  const summary = summariseCpuProfile(file);
  console.info(`  server CPU profile over the load (${summary.totalMs.toFixed(0)} ms sampled):`);
  for (const { area, ms, share } of summary.areas.filter(({ share }) => share >= 0.01))
    console.info(`    ${(share * 100).toFixed(1).padStart(5)} %  ${area} (${ms.toFixed(0)} ms)`);
  console.info('    busiest functions (self time):');
  for (const { name, share } of summary.functions)
    console.info(`    ${(share * 100).toFixed(1).padStart(5)} %  ${name}`);
}
