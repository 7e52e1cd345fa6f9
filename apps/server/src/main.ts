import {
  createAuthzRepository,
  createDatabase,
  DataDirInUseError,
  DEMO_ADMIN,
  DEMO_USER,
  ensureAdministrator,
  seedDemoRealm,
  seedPaidDemoRealm,
  PAID_DEMO_REALM,
  syncReferenceData,
  completeReportedGwpSets,
} from '@ecc/db';
import { buildApp } from './app.ts';
import { ensureGhgrpReference } from './modules/benchmarks/reference-data.service.ts';
import { findSharedDataFile } from './test-support/shared-data-dir.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

/** After a shutdown signal, requests get this long to finish before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `${(error as Error).message}: another program uses this port. Stop it, or set PORT to another.`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
}

/** `http://127.0.0.1:3000`, `http://[::1]:3000`. */
function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : {
          dataDir: config.dataDir,
          // A database that stopped cannot answer: the server says so and exits rather than hang its requests.
          worker: config.isPgliteInWorker && { onFailure: (error) => fail(error) },
        },
  );
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    await completeReportedGwpSets(database.db);
    await seedDemoRealm(database.db);
    await seedPaidDemoRealm(database.db);
    // Public peers for benchmarks from the shared EPA workbook, once: later starts find its year loaded.
    console.info(
      await ensureGhgrpReference(database.db, findSharedDataFile('epa-ghgrp-2020', 'ghgp_data_2020.xlsx')),
    );
    if (config.administrator) {
      const { email, password } = config.administrator;
      await ensureAdministrator(database.db, config.defaultRealmKey, email, password);
    }
    // Every realm's default roles, and each user's role assignment mirroring users.role.
    await createAuthzRepository(database.db).syncDefaultRoles();
  } catch (error) {
    await database.close();
    throw error;
  }

  // The optimizer's worker starts now and warms up, so the first plan asked for is not the slow one.
  const app = await buildApp({ database, config, solver: { isStartedAtOnce: true } });
  let isShuttingDown = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    // A second signal (a terminal's Ctrl+C often arrives twice through npm) must not cut the drain short.
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing the database`);
    const deadline = setTimeout(() => {
      console.error(`Requests did not finish within ${SHUTDOWN_GRACE_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void shutDown(signal));
  process.on('SIGINT', (signal) => void shutDown(signal));
  // Started by scripts/start.mjs with an IPC channel: when that process dies, however, this one stops too.
  process.on('disconnect', () => void shutDown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.info(`Emissions Control Center is running at ${formatUrl(config.host, port)}`);
  console.info(`Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  console.info(`Demo administrator sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  const [paidDomain] = PAID_DEMO_REALM.domains;
  if (paidDomain) {
    console.info(
      `The same demo on the paid plan (every feature): ${formatUrl(paidDomain, port)}, same sign-ins`,
    );
  }
}

main().catch(fail);
