/**
 * Where a V8 CPU profile's time went: self time per area of the code (our server's modules, Fastify, zod,
 * PGlite, the pg driver, drizzle, Node's internals, garbage collection…) and the busiest functions, counted
 * over the whole profile.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [RegExp, string][] = [
  [/@electric-sql\/pglite|^wasm:/, 'PGlite (WebAssembly PostgreSQL)'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//, 'pg driver'],
  [/drizzle-orm/, 'drizzle-orm'],
  [/node_modules\/zod\//, 'zod'],
  [/fastify-type-provider-zod|zod-to-json-schema/, 'zod ↔ Fastify'],
  [/fast-json-stringify|node_modules\/ajv/, 'Fastify serialisation/validation'],
  [/node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)/, 'Fastify'],
  [/@casl|re2js/, 'abilities (CASL, RE2)'],
  [/apps\/server\/src\/platform\/sessions|modules\/auth/, 'our sessions and sign-in'],
  [/apps\/server\/src\/platform\/(abilities|route-access|delegation)/, 'our abilities and access checks'],
  [/apps\/server\/src\/platform\/realm-resolution|modules\/config/, 'our realm resolution and config'],
  [/apps\/server\/src/, 'our server, other'],
  [/packages\/db\/src/, 'our repositories (packages/db)'],
  [/packages\/(domain|contracts)\/src/, 'our domain and contracts'],
  [/node_modules/, 'other dependencies'],
  [/^node:|^internal\//, 'Node internals (http, streams, crypto…)'],
];

function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  for (const [pattern, area] of AREAS) if (pattern.test(url)) return area;
  return 'other';
}

export interface ProfileSummary {
  totalMs: number;
  areas: { area: string; ms: number; share: number }[];
  functions: { name: string; ms: number; share: number }[];
}

export function summariseCpuProfile(file: string, topFunctions = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const timesUs: number[] = [];
  let elapsed = 0;
  for (const delta of profile.timeDeltas) timesUs.push((elapsed += delta));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalUs = 0;
  for (let index = 1; index < profile.samples.length; index += 1) {
    const startUs = timesUs[index - 1] ?? 0;
    const node = nodes.get(profile.samples[index] ?? -1);
    if (!node) continue;
    // A sample's time is the gap to the next one (the V8 inspector's own convention).
    const durationUs = (timesUs[index] ?? startUs) - startUs;
    totalUs += durationUs;
    const area = areaOf(node);
    byArea.set(area, (byArea.get(area) ?? 0) + durationUs);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|work\/[^/]+)\//, '')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + durationUs);
  }
  const rank = (entries: Map<string, number>) =>
    [...entries]
      .sort((left, right) => right[1] - left[1])
      .map(([key, us]) => ({ key, ms: us / 1000, share: totalUs === 0 ? 0 : us / totalUs }));
  return {
    totalMs: totalUs / 1000,
    areas: rank(byArea).map(({ key, ms, share }) => ({ area: key, ms, share })),
    functions: rank(byFunction)
      .slice(0, topFunctions)
      .map(({ key, ms, share }) => ({ name: key, ms, share })),
  };
}
