/**
 * The calculation language (issue 13, Performance): a compiled 20-line formula evaluated over 1,000,000 parameter
 * sets against the same formula written by hand in TypeScript, in the same run (target: within 3×), and parsing
 * plus compiling a 200-line formula (target: under 5 ms). Run: `npx tsx bench/calculation-language.bench.ts`.
 * Every side reads the same parameter objects and adds up the results, which are checked to agree: the compiled
 * formula by name (`evaluate`), by values in its `parameters` order (`evaluateValues`, one set at a time), and as
 * columns filled from the objects 20,000 sets at a time (`evaluateColumns`, the bulk entry, decision 054).
 */
import { cpuUsage } from 'node:process';
import { compileFormula, FACTOR_LIBRARY_BY_ID, parseFormula } from '../packages/domain/src/index.ts';
import { measureRun, median, type TimedSample } from './support/timed-sample.ts';

const SET_COUNT = 1_000_000;
const WARM_UP_RUNS = 3;
const MEASURED_RUNS = 11;
const COMPILE_RUNS = 200;

/** A stationary combustion method with a biogenic share, losses and a regional adjustment: 20 lines. */
const FORMULA = `// Stationary combustion, 40 CFR 98 Equation C-1, with adjustments
set :energy = :fuel * :hhv
set :co2 = :energy * FACTOR('epa-c1-natural-gas', 'CO2')
set :ch4 = :energy * FACTOR('epa-c1-natural-gas', 'CH4')
set :n2o = :energy * FACTOR('epa-c1-natural-gas', 'N2O')
set :share = IF(:biogenic_share > 0, 1 - :biogenic_share, 1)
set :fossil_co2 = :co2 * :share
set :ch4_co2e = :ch4 * GWP('CH4')
set :n2o_co2e = :n2o * GWP('N2O')
set :losses = MAX(:loss_rate, 0) * :energy
set :adjusted = :fossil_co2 + :losses * 0.05
set :efficiency = MIN(:efficiency, 1)
set :useful = :energy * :efficiency
set :intensity = :adjusted / MAX(:useful, 1)
set :regional = SWITCH(:region, 'north', 1.02, 'south', 0.98, 1)
set :total = (:adjusted + :ch4_co2e + :n2o_co2e) * :regional
set :capped = MIN(:total, 1e12)
set :floor = MAX(:capped, 0)
set :result = :floor + ABS(:intensity) * 0.001
:result`;

interface ParameterSet {
  readonly fuel: number;
  readonly hhv: number;
  readonly biogenic_share: number;
  readonly loss_rate: number;
  readonly efficiency: number;
  readonly region: string;
}

/** The formula as a programmer would write it in TypeScript, factor values and GWPs written in. */
function handWritten(set: ParameterSet): number {
  const energy = set.fuel * set.hhv;
  const co2 = energy * 53.06;
  const ch4 = energy * 0.001;
  const n2o = energy * 0.0001;
  const share = set.biogenic_share > 0 ? 1 - set.biogenic_share : 1;
  const fossilCo2 = co2 * share;
  const ch4Co2e = ch4 * 28;
  const n2oCo2e = n2o * 265;
  const losses = Math.max(set.loss_rate, 0) * energy;
  const adjusted = fossilCo2 + losses * 0.05;
  const efficiency = Math.min(set.efficiency, 1);
  const useful = energy * efficiency;
  const intensity = adjusted / Math.max(useful, 1);
  const regional = set.region === 'north' ? 1.02 : set.region === 'south' ? 0.98 : 1;
  const total = (adjusted + ch4Co2e + n2oCo2e) * regional;
  const capped = Math.min(total, 1e12);
  const floor = Math.max(capped, 0);
  return floor + Math.abs(intensity) * 0.001;
}

const REGIONS = ['north', 'south', 'east'];
const sets: ParameterSet[] = Array.from({ length: SET_COUNT }, (_, index) => ({
  fuel: 1000 + (index % 997),
  hhv: 1.026e-3,
  biogenic_share: (index % 5) / 10,
  loss_rate: (index % 3) / 100,
  efficiency: 0.8 + (index % 7) / 20,
  region: REGIONS[index % 3] as string,
}));

const compiled = compileFormula(FORMULA, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
const calculation = compiled.calculation;

function runHandWritten(): number {
  let sum = 0;
  for (const set of sets) sum += handWritten(set);
  return sum;
}

/** The values of one set in the formula's `parameters` order, as a bulk caller (the recalculation) fills them. */
const PARAMETER_ORDER = ['fuel', 'hhv', 'biogenic_share', 'loss_rate', 'efficiency', 'region'];
if (calculation.parameters.join() !== PARAMETER_ORDER.join()) {
  throw new Error(`The formula's parameters are ${calculation.parameters.join(', ')}`);
}
const values: unknown[] = [0, 0, 0, 0, 0, ''];

function runCompiledValues(): number {
  let sum = 0;
  for (const set of sets) {
    values[0] = set.fuel;
    values[1] = set.hhv;
    values[2] = set.biogenic_share;
    values[3] = set.loss_rate;
    values[4] = set.efficiency;
    values[5] = set.region;
    const outcome = calculation.evaluateValues(values);
    if (!outcome.isSuccess) throw new Error(JSON.stringify(outcome.errors));
    sum += outcome.value as number;
  }
  return sum;
}

/**
 * The sets as columns, one per parameter, filled and evaluated in batches of the recalculation's size (20,000
 * records a batch, recalculation.service.ts), the columns reused from batch to batch as a bulk caller keeps them.
 */
const COLUMN_BATCH = 20_000;
const numberColumns = Array.from({ length: 5 }, () => new Float64Array(COLUMN_BATCH));
const regionColumn = new Array<string>(COLUMN_BATCH).fill('');
const columns = [...numberColumns, regionColumn];

function runCompiledColumns(): number {
  const [fuel, hhv, biogenicShare, lossRate, efficiency] = numberColumns as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let sum = 0;
  for (let start = 0; start < SET_COUNT; start += COLUMN_BATCH) {
    const count = Math.min(COLUMN_BATCH, SET_COUNT - start);
    for (let index = 0; index < count; index += 1) {
      const set = sets[start + index] as ParameterSet;
      fuel[index] = set.fuel;
      hhv[index] = set.hhv;
      biogenicShare[index] = set.biogenic_share;
      lossRate[index] = set.loss_rate;
      efficiency[index] = set.efficiency;
      regionColumn[index] = set.region;
    }
    const outcomes = calculation.evaluateColumns(columns, count);
    if (outcomes.others.size > 0) throw new Error(JSON.stringify([...outcomes.others.values()][0]));
    const results = outcomes.values;
    for (let index = 0; index < count; index += 1) sum += results[index] as number;
  }
  return sum;
}

function runCompiled(): number {
  let sum = 0;
  for (const set of sets) {
    const outcome = calculation.evaluate(set as unknown as Record<string, unknown>);
    if (!outcome.isSuccess) throw new Error(JSON.stringify(outcome.errors));
    sum += outcome.value as number;
  }
  return sum;
}

for (let run = 0; run < WARM_UP_RUNS; run += 1) {
  runHandWritten();
  runCompiled();
  runCompiledValues();
  runCompiledColumns();
}
const hand: TimedSample[] = [];
const language: TimedSample[] = [];
const languageValues: TimedSample[] = [];
const languageColumns: TimedSample[] = [];
for (let run = 0; run < MEASURED_RUNS; run += 1) {
  // Alternating, so a change of load hits every side alike.
  hand.push(measureRun(runHandWritten));
  language.push(measureRun(runCompiled));
  languageValues.push(measureRun(runCompiledValues));
  languageColumns.push(measureRun(runCompiledColumns));
}
const expected = hand[0]?.sum ?? 0;
for (const sample of [...hand, ...language, ...languageValues, ...languageColumns]) {
  if (Math.abs(sample.sum - expected) > Math.abs(expected) * 1e-9) {
    throw new Error(`The sums differ: ${sample.sum} and ${expected}`);
  }
}
const handWall = median(hand.map((sample) => sample.wallMs));
const languageWall = median(language.map((sample) => sample.wallMs));
const handCpu = median(hand.map((sample) => sample.cpuMs));
const languageCpu = median(language.map((sample) => sample.cpuMs));
const valuesWall = median(languageValues.map((sample) => sample.wallMs));
const valuesCpu = median(languageValues.map((sample) => sample.cpuMs));
const columnsWall = median(languageColumns.map((sample) => sample.wallMs));
const columnsCpu = median(languageColumns.map((sample) => sample.cpuMs));

/** 200 lines: set lines of arithmetic, functions and comparisons, each reading the lines before it. */
const LONG_FORMULA = [
  ...Array.from({ length: 199 }, (_, index) =>
    index === 0
      ? 'set :v0 = :quantity * 1.026e-3'
      : index % 4 === 0
        ? `set :v${index} = IF(:v${index - 1} > ${index}, ROUND(:v${index - 1} * 1.01, 6), MAX(:v${index - 1}, ${index}))`
        : index % 4 === 1
          ? `set :v${index} = SWITCH(:kind, 'a', :v${index - 1} + ${index}, 'b', :v${index - 1} - ${index}, :v${index - 1}) // step ${index}`
          : index % 4 === 2
            ? `set :v${index} = CONVERT(:v${index - 1}, 'MWh', 'kWh') / 1000 + GWP('CH4') * 0`
            : `set :v${index} = (:v${index - 1} ^ 1 + ABS(-${index})) * COALESCE(:factor, 1) - ${index}`,
  ),
  ':v198',
].join('\n');
if (LONG_FORMULA.split('\n').length !== 200) throw new Error('The long formula must have 200 lines');

function timeCompile(): { parseMs: number; compileMs: number; cpuMs: number } {
  const cpuStart = cpuUsage();
  const start = performance.now();
  const parsed = parseFormula(LONG_FORMULA);
  const parsedAt = performance.now();
  const result = compileFormula(parsed.formula, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
  const end = performance.now();
  if (parsed.errors.length > 0 || result.errors.length > 0) {
    throw new Error(JSON.stringify([...parsed.errors, ...result.errors]));
  }
  const cpu = cpuUsage(cpuStart);
  return { parseMs: parsedAt - start, compileMs: end - parsedAt, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const firstStart = performance.now();
timeCompile();
const firstMs = performance.now() - firstStart;
for (let run = 0; run < 20; run += 1) timeCompile();
const compileSamples = Array.from({ length: COMPILE_RUNS }, timeCompile);
const totals = compileSamples.map((sample) => sample.parseMs + sample.compileMs);

const format = (value: number) => value.toFixed(1);
console.info(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
console.info(
  `20-line formula over ${SET_COUNT.toLocaleString('en-US')} parameter sets (${MEASURED_RUNS} runs, medians):`,
);
console.info(`  hand-written TypeScript  ${format(handWall)} ms wall, ${format(handCpu)} ms CPU`);
console.info(`  compiled, inputs by name ${format(languageWall)} ms wall, ${format(languageCpu)} ms CPU`);
console.info(
  `    ratio                  ${(languageWall / handWall).toFixed(2)}× wall, ${(languageCpu / handCpu).toFixed(2)}× CPU (target ≤ 3×)`,
);
console.info(
  `  compiled, values in parameters order ${format(valuesWall)} ms wall, ${format(valuesCpu)} ms CPU`,
);
console.info(
  `    ratio                  ${(valuesWall / handWall).toFixed(2)}× wall, ${(valuesCpu / handCpu).toFixed(2)}× CPU (target ≤ 3×)`,
);
console.info(
  `  compiled, columns (evaluateColumns, filling them included) ${format(columnsWall)} ms wall, ${format(columnsCpu)} ms CPU`,
);
console.info(
  `    ratio                  ${(columnsWall / handWall).toFixed(2)}× wall, ${(columnsCpu / handCpu).toFixed(2)}× CPU (target ≤ 3×)`,
);
console.info(
  `200-line formula (${LONG_FORMULA.length.toLocaleString('en-US')} characters), parse + compile:`,
);
console.info(`  first call (the parser's grammar analysis included) ${format(firstMs)} ms`);
console.info(
  `  median of ${COMPILE_RUNS}: ${median(totals).toFixed(2)} ms (parse ${median(compileSamples.map((sample) => sample.parseMs)).toFixed(2)} ms, compile ${median(compileSamples.map((sample) => sample.compileMs)).toFixed(2)} ms); worst ${Math.max(...totals).toFixed(2)} ms; CPU median ${median(compileSamples.map((sample) => sample.cpuMs)).toFixed(2)} ms (target < 5 ms)`,
);
