// `npm run ecc -- <command>`: the operator command line (apps/server/src/cli.ts), runnable on a fresh clone.
import { ensureInstalled } from './ensure-installed.mjs';
import { ROOT, runTypeScriptEntry } from './start.mjs';

try {
  ensureInstalled(ROOT);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
runTypeScriptEntry('apps/server/src/cli.ts', process.argv.slice(2));
