/**
 * Preloaded into the server by the request-cost benchmark (`--import`): SIGUSR2 starts V8's CPU profiler, the
 * next SIGUSR2 stops it and writes the profile to `$ECC_PROFILE_FILE`, then prints "profile written". So the
 * profile covers exactly the load, not start-up or shut-down.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
let isProfiling = false;

process.on('SIGUSR2', () => {
  void (async () => {
    if (!isProfiling) {
      isProfiling = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      console.info('profile started');
      return;
    }
    isProfiling = false;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.env.ECC_PROFILE_FILE ?? 'server.cpuprofile', JSON.stringify(profile));
    console.info('profile written');
  })();
});
