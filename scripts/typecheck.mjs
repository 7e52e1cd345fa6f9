#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for every workspace with a tsconfig.json, for e2e/, bench/ and the root
// configs, two at a time (the machines that run it have 2 cores). Each project's output is printed whole
// when it finishes, so parallel runs do not interleave.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PARALLELISM = 2;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Expands the root package.json's workspace entries: plain folders and `folder/*` (Node 20 has no glob). */
function expandWorkspace(pattern) {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  if (!existsSync(join(root, parent))) return [];
  return readdirSync(join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(parent, entry.name));
}

function findProjects() {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const workspaceDirectories = workspaces.flatMap(expandWorkspace).sort();
  return [...workspaceDirectories, 'e2e', 'bench', '.']
    .map((directory) => join(root, directory))
    .filter((directory) => existsSync(join(directory, 'tsconfig.json')));
}

function typecheck(directory) {
  const startedAt = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [tsc, '-p', directory, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (exitCode) => {
      const name = relative(root, directory) || '(root)';
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const isPassed = exitCode === 0;
      console.info(`${isPassed ? '✔' : '✘'} tsc -p ${name} (${seconds} s)`);
      if (output.trim()) console.info(output.trimEnd());
      resolvePromise(isPassed);
    });
  });
}

const projects = findProjects();
const outcomes = [];
let next = 0;
async function worker() {
  while (next < projects.length) {
    const project = projects[next];
    next += 1;
    outcomes.push(await typecheck(project));
  }
}
await Promise.all(Array.from({ length: PARALLELISM }, worker));

const failures = outcomes.filter((isPassed) => !isPassed).length;
if (failures > 0) {
  console.error(`Type-check failed in ${failures} of ${projects.length} projects.`);
  process.exitCode = 1;
} else {
  console.info(`Type-check passed in all ${projects.length} projects.`);
}
