#!/usr/bin/env node
// `npm test`: everything CI checks, in order, stopping at the first failure. Plain Node with no dependencies,
// because it runs on a fresh clone before `npm install`.
//
// Local iteration only (CI never sets it): ECC_TEST_SKIP is a comma-separated list of step names to skip, e.g.
//   ECC_TEST_SKIP=lint,typecheck,integration-postgres npm test
// Step names: install, system, lint, typecheck, unit, integration-pglite, integration-postgres, build, e2e.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';
import { startThrowawayPostgres } from './test-support/postgres-server.mjs';
import { ensureSystemPackages } from './test-support/system-packages.mjs';
import {
  addCounts,
  emptyCounts,
  formatCounts,
  formatProblemTests,
  hasProblems,
  readPlaywrightCounts,
  readVitestCounts,
} from './test-support/test-report.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportDirectory = join(root, '.test-data', `reports-${process.pid}`);
const skippedSteps = new Set(
  (process.env.ECC_TEST_SKIP ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
if (process.env.CI === 'true' && skippedSteps.size > 0) {
  console.error(
    `ECC_TEST_SKIP (${[...skippedSteps].join(', ')}) is for local iteration only: with CI=true every step runs.`,
  );
  process.exit(1);
}

/** Synchronous clean-up work (stop PostgreSQL, delete temp files) that must run on every way out. */
const cleanups = [];
let currentChild;
let isShuttingDown = false;

function runCleanups() {
  while (cleanups.length > 0) {
    try {
      cleanups.pop()();
    } catch (error) {
      console.error(`Clean-up failed: ${error.message}`);
    }
  }
}

/** Runs a command with the console passed through; resolves to its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    currentChild = child;
    child.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolvePromise(127);
    });
    child.on('exit', (code, signal) => {
      if (currentChild === child) currentChild = undefined;
      resolvePromise(code ?? (signal ? 128 : 1));
    });
  });
}

function envWithout(name, extra = {}) {
  const env = { ...process.env, ...extra };
  delete env[name];
  return env;
}

/** Runs a command whose failure fails the step. */
async function runOrFail(command, args, options) {
  const exitCode = await run(command, args, options);
  if (exitCode !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}`);
}

/**
 * Runs a test command that writes a JSON report, and returns its counts. A failing run without a failed test
 * in its report (a crash, a config error) still counts one failure, so the closing line never hides it; a run
 * that exits 0 with a flaky or skipped test fails the step too.
 */
async function runTests(command, args, reportFile, readCounts, options) {
  const exitCode = await run(command, args, options);
  const counts = readCounts(reportFile);
  if (exitCode !== 0 && counts.failed === 0) counts.failed = 1;
  if (exitCode !== 0 || hasProblems(counts)) {
    const error = new Error(
      exitCode !== 0
        ? `${command} ${args.join(' ')} exited with ${exitCode}`
        : `${formatCounts(counts)}: a flaky or skipped test fails the run`,
    );
    error.counts = counts;
    throw error;
  }
  return counts;
}

function vitest(name, config, env) {
  const reportFile = join(reportDirectory, `${name}.json`);
  // No retries whatever a config says: a test that fails once has failed.
  const args = ['--no-install', 'vitest', 'run', '--config', config, '--retry=0'];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
  return runTests('npx', args, reportFile, readVitestCounts, { env });
}

async function integrationOnPostgres() {
  const postgres = await startThrowawayPostgres();
  cleanups.push(postgres.stop);
  try {
    const env = { ...process.env, DATABASE_URL: postgres.url };
    return await vitest('integration-postgres', 'vitest.integration.config.ts', env);
  } finally {
    postgres.stop();
  }
}

const steps = [
  {
    name: 'install',
    title: 'npm dependencies',
    run: () => {
      ensureInstalled(root);
      console.info('npm dependencies are installed and up to date.');
    },
  },
  {
    name: 'system',
    title: 'System packages: chromium, postgresql',
    run: () => ensureSystemPackages({ run }),
  },
  { name: 'lint', title: 'Lint: npm run lint', run: () => runOrFail('npm', ['run', 'lint']) },
  {
    name: 'typecheck',
    title: 'Type-check: npm run typecheck',
    run: () => runOrFail('npm', ['run', 'typecheck']),
  },
  {
    name: 'unit',
    title: 'Unit tests: vitest run',
    run: () => vitest('unit', 'vitest.config.ts', process.env),
  },
  {
    name: 'integration-pglite',
    title: 'Integration tests on PGlite',
    // A DATABASE_URL in the developer's shell would silently turn this run into a PostgreSQL one.
    run: () => vitest('integration-pglite', 'vitest.integration.config.ts', envWithout('DATABASE_URL')),
  },
  {
    name: 'integration-postgres',
    title: 'Integration tests on a throwaway PostgreSQL',
    run: integrationOnPostgres,
  },
  { name: 'build', title: 'Build: npm run build', run: () => runOrFail('npm', ['run', 'build']) },
  {
    name: 'e2e',
    title: 'End-to-end tests: playwright test (Chromium)',
    run: () => {
      const reportFile = join(reportDirectory, 'e2e.json');
      const env = envWithout('DATABASE_URL', { ECC_E2E_JSON_REPORT: reportFile });
      const args = ['--no-install', 'playwright', 'test', '--retries=0'];
      return runTests('npx', args, reportFile, readPlaywrightCounts, { env });
    },
  },
];

function seconds(milliseconds) {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function printSummary(results, totalMilliseconds) {
  console.info('\n━━━ Summary');
  for (const { name, status, milliseconds } of results) {
    console.info(
      `  ${name.padEnd(22)} ${status.padEnd(8)} ${milliseconds === undefined ? '' : seconds(milliseconds)}`,
    );
  }
  console.info(`  ${'total'.padEnd(22)} ${''.padEnd(8)} ${seconds(totalMilliseconds)}`);
}

async function main() {
  const startedAt = Date.now();
  rmSync(reportDirectory, { recursive: true, force: true });
  mkdirSync(reportDirectory, { recursive: true });
  cleanups.push(() => rmSync(reportDirectory, { recursive: true, force: true }));

  let counts = emptyCounts();
  const results = [];
  let failedStep;
  for (const [index, step] of steps.entries()) {
    const heading = `[${index + 1}/${steps.length}] ${step.title}`;
    if (skippedSteps.has(step.name)) {
      console.info(`\n━━━ ${heading}: skipped (ECC_TEST_SKIP)`);
      results.push({ name: step.name, status: 'skipped' });
      continue;
    }
    console.info(`\n━━━ ${heading}`);
    const stepStartedAt = Date.now();
    try {
      const stepCounts = await step.run();
      const milliseconds = Date.now() - stepStartedAt;
      if (stepCounts) counts = addCounts(counts, stepCounts);
      const detail = stepCounts ? ` (${formatCounts(stepCounts)})` : '';
      console.info(`✔ ${step.name} passed in ${seconds(milliseconds)}${detail}`);
      results.push({ name: step.name, status: 'passed', milliseconds });
    } catch (error) {
      const milliseconds = Date.now() - stepStartedAt;
      if (error.counts) counts = addCounts(counts, error.counts);
      console.error(`✘ ${step.name} failed after ${seconds(milliseconds)}: ${error.message}`);
      results.push({ name: step.name, status: 'FAILED', milliseconds });
      failedStep = step.name;
      break;
    }
  }
  runCleanups();
  printSummary(results, Date.now() - startedAt);
  if (failedStep) console.error(`npm test failed at step "${failedStep}".`);
  console.info(formatCounts(counts));
  for (const line of formatProblemTests(counts)) console.error(line);
  process.exitCode = failedStep ? 1 : 0;
}

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 };

/** Stops the running command first (it may be using the PostgreSQL server), then cleans up and exits. */
async function shutDown(signal) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  console.error(`\nReceived ${signal}: stopping.`);
  const child = currentChild;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  runCleanups();
  process.exit(SIGNAL_EXIT_CODES[signal]);
}

for (const signal of Object.keys(SIGNAL_EXIT_CODES)) process.on(signal, () => void shutDown(signal));
process.on('exit', runCleanups);

await main();
