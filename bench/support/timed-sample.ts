import { cpuUsage } from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection before each timed run, so neither side pays for the garbage the other one left behind.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One timed run: its wall and CPU time, and the sum it computed (so both sides can be checked to agree). */
export interface TimedSample {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly sum: number;
}

/** Runs `run` once after a full garbage collection and times it. */
export function measureRun(run: () => number): TimedSample {
  collectGarbage();
  const cpuStart = cpuUsage();
  const start = performance.now();
  const sum = run();
  const wallMs = performance.now() - start;
  const cpu = cpuUsage(cpuStart);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, sum };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}
