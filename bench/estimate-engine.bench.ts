/**
 * Micro-benchmark of the emissions engine: estimate() on 100,000 items against a minimal hand-written loop that
 * does the same arithmetic (kg per unit for each gas × quantity, certificate share, Σ mass × GWP) and builds
 * per-item results {id, gases, co2e}, measured in the same run. Run: `npx tsx bench/estimate-engine.bench.ts`.
 * The estimate API must stay within 3× of the hand-written loop (issue 4, Performance). The items are parsed
 * from JSON, as the API receives them.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { estimate, type EstimateItem } from '../packages/domain/src/emissions/index.ts';
import {
  ESTIMATE_ITEM_COUNT,
  handWrittenLoop,
  inlineItems,
  libraryItems,
} from './support/estimate-workload.ts';

// A full collection before each timed run, so neither side pays for the garbage the other one left behind.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const WARM_UP_RUNS = 5;
const MEASURED_RUNS = 21;

function asReceived(items: EstimateItem[]): EstimateItem[] {
  return JSON.parse(JSON.stringify(items)) as EstimateItem[];
}

function engine(items: readonly EstimateItem[]): number {
  const outcome = estimate({ gwp: 'AR5', items });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.totals.co2e;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

/** Wall time, and this process's CPU time, which other processes on a busy machine inflate far less. */
function time(run: () => unknown): Timing {
  collectGarbage();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  run();
  const wall = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function measure(label: string, items: readonly EstimateItem[]): void {
  const expected = handWrittenLoop(items).totals.co2e;
  const actual = engine(items);
  if (Math.abs(actual - expected) / expected > 1e-12) {
    throw new Error(`${label}: engine total ${actual} differs from the hand-written loop's ${expected}`);
  }
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    handWrittenLoop(items);
    engine(items);
  }
  const hand: Timing[] = [];
  const engineRuns: Timing[] = [];
  // Alternate the two so both see the same machine state.
  for (let run = 0; run < MEASURED_RUNS; run++) {
    hand.push(time(() => handWrittenLoop(items)));
    engineRuns.push(time(() => engine(items)));
  }
  console.info(`${label}: ${ESTIMATE_ITEM_COUNT} items, ${MEASURED_RUNS} alternating runs each (limit 3×)`);
  for (const metric of ['wall', 'cpu'] as const) {
    for (const [name, pick] of [
      ['median', median],
      ['fastest', (values: number[]) => Math.min(...values)],
    ] as const) {
      const handTime = pick(hand.map((timing) => timing[metric]));
      const engineTime = pick(engineRuns.map((timing) => timing[metric]));
      console.info(
        `  ${metric} ${name}: hand-written loop ${handTime.toFixed(1)} ms, estimate() ${engineTime.toFixed(1)} ms, ` +
          `ratio ${(engineTime / handTime).toFixed(2)}×`,
      );
    }
  }
}

measure('library factors (heat content, scf, market-based kWh)', asReceived(libraryItems()));
measure('inline factors (the API example shape)', asReceived(inlineItems()));
