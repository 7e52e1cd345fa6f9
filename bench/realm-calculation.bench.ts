/**
 * Recalculating with a realm calculation (issue 13, Performance: within 1.5× of the built-in method): the engine's
 * work per record in a recalculation batch, for 1,000,000 natural-gas records, once with the built-in method
 * (`calculateActivityResults`, EPA Equation C-1 through the factor's heat content) and once with a bound realm
 * calculation of the same method (`calculateManyWithBoundCalculation` on each batch of 20,000, as recalculation.service.ts runs them, the
 * formula below), in the same run,
 * alternating. Run: `npx tsx bench/realm-calculation.bench.ts`. Reading the records and writing the results with
 * COPY are the same statements for both (recalculation-repository.ts) and are not part of this measurement; the
 * whole run is in `recalculate.bench.ts`. The two methods' CO2e totals are checked to agree.
 */
import {
  calculateActivityResults,
  calculateManyWithBoundCalculation,
  compileFormula,
  createActivityCalculator,
  FACTOR_LIBRARY_BY_ID,
  type Scope,
} from '../packages/domain/src/index.ts';
import { measureRun, median, type TimedSample } from './support/timed-sample.ts';

const RECORD_COUNT = 1_000_000;
const WARM_UP_RUNS = 2;
const MEASURED_RUNS = 7;
/** The recalculation's batch (DEFAULT_RECALCULATION_BATCH_SIZE in recalculation.service.ts). */
const BATCH_SIZE = 20_000;

/** 40 CFR 98 subpart C, Equation C-1, natural gas (Tables C-1, C-2): what the built-in method computes. */
const FORMULA = [
  'set :energy = :quantity * 1.026e-3 // mmBtu',
  "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
  "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
  "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
].join('\n');

const compiled = compileFormula(FORMULA, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
const bound = { versionId: 'bench', name: 'natural-gas-c1', number: 1, calculation: compiled.calculation };
const calculator = createActivityCalculator('AR5');

/** The rows a batch reads, as arrays (as `RecalculationRecordRow`). */
const rows = Array.from({ length: RECORD_COUNT }, (_, index) => {
  const month = String((index % 12) + 1).padStart(2, '0');
  return [`record-${index}`, 1000 + (index % 997), `2024-${month}-01`, `2024-${month}-28`] as const;
});

/** One mutable input object per batch for both methods, as the recalculation service keeps it. */
const record = {
  id: '',
  quantity: 0,
  unit: 'scf',
  factorKey: 'epa-c1-natural-gas',
  scope: 1 as Scope,
  scope3Category: null as number | null,
  certificateCoverage: null as number | null,
  activityType: 'boiler-gas',
  periodStart: '',
  periodEnd: '',
  attributes: undefined as Readonly<Record<string, unknown>> | undefined,
};

function runBuiltIn(): number {
  let sum = 0;
  for (const row of rows) {
    record.id = row[0];
    record.quantity = row[1];
    const outcome = calculateActivityResults(record, calculator);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    for (const result of outcome.rows) sum += result.co2eKg;
  }
  return sum;
}

/** As the recalculation runs the records of one bound calculation: together, a batch at a time (decision 054). */
function runRealmCalculation(): number {
  let sum = 0;
  for (let start = 0; start < RECORD_COUNT; start += BATCH_SIZE) {
    const count = Math.min(BATCH_SIZE, RECORD_COUNT - start);
    calculateManyWithBoundCalculation(
      bound,
      count,
      (index) => {
        const row = rows[start + index] as (typeof rows)[number];
        record.id = row[0];
        record.quantity = row[1];
        record.periodStart = row[2];
        record.periodEnd = row[3];
        return record;
      },
      (_, outcome) => {
        if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
        for (const result of outcome.rows) sum += result.co2eKg;
      },
    );
  }
  return sum;
}

for (let run = 0; run < WARM_UP_RUNS; run += 1) {
  runBuiltIn();
  runRealmCalculation();
}
const builtIn: TimedSample[] = [];
const realm: TimedSample[] = [];
for (let run = 0; run < MEASURED_RUNS; run += 1) {
  // Alternating, so a change of load hits both sides alike.
  builtIn.push(measureRun(runBuiltIn));
  realm.push(measureRun(runRealmCalculation));
}
const expected = builtIn[0]?.sum ?? 0;
for (const sample of realm) {
  if (Math.abs(sample.sum - expected) > Math.abs(expected) * 1e-9) {
    throw new Error(`The totals differ: ${sample.sum} (realm calculation) and ${expected} (built-in)`);
  }
}
const builtInCpu = median(builtIn.map((sample) => sample.cpuMs));
const realmCpu = median(realm.map((sample) => sample.cpuMs));
const builtInWall = median(builtIn.map((sample) => sample.wallMs));
const realmWall = median(realm.map((sample) => sample.wallMs));
console.info(
  `${RECORD_COUNT.toLocaleString('en-US')} records, median of ${MEASURED_RUNS} runs each, alternating`,
);
console.info(`built-in method:    ${builtInWall.toFixed(0)} ms wall, ${builtInCpu.toFixed(0)} ms CPU`);
console.info(`realm calculation:  ${realmWall.toFixed(0)} ms wall, ${realmCpu.toFixed(0)} ms CPU`);
console.info(`ratio (CPU): ${(realmCpu / builtInCpu).toFixed(2)}× (goal: within 1.5×)`);
console.info(`ratio (wall): ${(realmWall / builtInWall).toFixed(2)}×`);
