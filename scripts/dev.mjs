// `npm run dev`: the server in watch mode on 127.0.0.1:3000 plus Vite's dev server for the web app, which
// proxies /api and the public pages' payloads to that address (apps/web/vite.config.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';
import { ROOT } from './start.mjs';

try {
  ensureInstalled(ROOT);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The Vite proxy's target is fixed, so the API listens there whatever HOST and PORT say.
const serverEnv = { ...process.env, HOST: '127.0.0.1', PORT: '3000' };
const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn('npm', ['run', 'dev', '-w', '@ecc/web'], { cwd: ROOT, stdio: 'inherit' }),
];

let isStopping = false;
function stopAll(signal) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
// Ctrl+C reaches the children from the terminal already; a second SIGINT would make tsx watch kill the server
// before it has closed its database. So SIGINT only waits for them, while other signals are passed on.
process.on('SIGINT', () => {
  isStopping = true;
});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));
// When either side ends, the other is stopped too: half a dev setup only confuses.
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(code ?? 0);
  });
}
