import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MIN_PASSWORD_LENGTH, PLANS, type Realm } from '@ecc/contracts';
import {
  createDatabase,
  createEmissionMonthTotalRepository,
  DataDirInUseError,
  USER_ROLES,
  type DatabaseHandle,
  type MonthTotalsComparison,
} from '@ecc/db';
import { ConfigError, loadConfig } from '#platform/config.ts';
import { HttpError, InvalidInputError } from '#platform/errors.ts';
import {
  createRealm,
  DEFAULT_NEW_REALM_PLAN,
  findRealm,
  importRealm,
  listRealms,
} from './modules/realms/realms.service.ts';
import { checkAuditChains } from './modules/audit/audit.service.ts';
import { runRecalculateCommand } from './modules/emissions/recalculate-command.ts';
import {
  runImportActivitiesCommand,
  runImportFacilitiesCommand,
  runImportGhgrpCommand,
} from './modules/imports/import-command.ts';
import { runReferenceLoadCommand } from './modules/benchmarks/reference-data.service.ts';
import { createUser } from './modules/user/user.service.ts';
import {
  COMMAND_LINE_ACTOR,
  deactivateUser,
  findUserForCommand,
  reactivateUser,
  setPasswordForCommand,
} from './modules/realm-admin/user-lifecycle.service.ts';
import { setupRealms } from './realm-setup.ts';

export const USAGE = `Emissions Control Center operator commands: npm run ecc -- <command>

  audit check [--realm K]
      Verifies the hash chain of every realm's audit log (or realm K's); exits 1 naming the first broken
      sequence of each realm whose chain does not hold.
  realm create --key K --name N [--domain HOST]... [--parent KEY] [--plan PLAN]
      A realm with one application on PLAN (default ${DEFAULT_NEW_REALM_PLAN}) and the default theme.
      Plans: ${PLANS.join(', ')}
  realm list
      Every realm with its key, name, plan, parent and domains.
  realm export --key K
      The realm's JSON on stdout; \`realm import\` accepts it back.
  realm import --file F
      Creates the realm in F, or updates the realm with its key. Invalid input changes nothing.
  realm setup --file F
      Creates the realm or realms in F (one object or a list: key, name, domains, parentKey, plan, application
      settings that differ from the defaults, users with email, password and role), all in one transaction.
  import ghgrp --realm K FILE [--year YYYY]
      Creates or updates a facility per row of the "Direct Emitters" sheet of an EPA GHGRP data summary
      workbook (year from the file name unless given), reported emissions re-based to the realm's GWP set.
  import activities --realm K FILE [--mapping JSON] [--facility SLUG]
      Imports the activity records of a CSV or XLSX file, all or nothing; the mapping (field → column name)
      is suggested from the header names unless given. Row errors are listed as "row N, column C: message".
      Importing the same file again changes nothing. With --facility SLUG every row is that facility's and
      the file needs no facility column.
  import facilities --realm K FILE [--mapping JSON]
      Creates a facility per row of a CSV or XLSX file, or updates the realm's facility of the row's slug, all or
      nothing; the mapping is suggested from the header names unless given. Importing the same file again
      changes nothing.
  reference load ghgrp FILE [--year YYYY]
      Loads the "Direct Emitters" sheet of an EPA GHGRP data summary workbook as public peers for benchmarks
      (reference data every realm reads; year from the file name unless given), replacing that year's peers.
  recalculate --realm K [--gwp AR4|AR5|AR6]
      Recalculates every activity record of realm K (on the realm's GWP set unless given), printing progress;
      resumes the realm's unfinished run if there is one. Records that cannot be calculated are counted and listed.
  summaries check [--realm K]
      Compares every realm's monthly emission totals (or realm K's) with the sum of its results; exits 1
      naming each realm with rows that differ.
  summaries rebuild [--realm K]
      Recomputes every realm's monthly emission totals (or realm K's) from its results in one transaction,
      reporting the rows that differed before.
  user create --realm K --email E --password P [--role ${USER_ROLES.join('|')}]
      A user in realm K (role ${USER_ROLES[1]} unless given).
  user deactivate --realm K --email E
      The user can no longer sign in, and every session of theirs ends. Audited.
  user reactivate --realm K --email E
      A deactivated user may sign in again. Audited.
  user password --realm K --email E --password P
      Sets the user's password (at least ${MIN_PASSWORD_LENGTH} characters); every session of theirs ends. Audited.

The database is the server's: DATABASE_URL when set, else the PGlite in DATA_DIR (default ./data), which
only one process may open at a time, so stop the server first.
`;

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  /** An open, migrated database to use instead of the one the environment names (tests). */
  database?: DatabaseHandle;
}

class UsageError extends Error {}

type CommandOptions = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  options: NonNullable<ParseArgsConfig['options']>;
  /** Checked before the database opens, so a usage mistake answers at once. */
  required: readonly string[];
  /**
   * The names of the positional arguments the command takes, in order (`import ghgrp … FILE`,
   * `reference load DATASET FILE`), each stored as that option.
   */
  positionals?: readonly string[];
  run(database: DatabaseHandle, options: CommandOptions, io: CliIo): Promise<void>;
}

function required(options: CommandOptions, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.length === 0) throw new UsageError(`--${name} is required`);
  return value;
}

function optional(options: CommandOptions, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

function list(options: CommandOptions, name: string): string[] {
  const value = options[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function formatRealmTable(realms: readonly Realm[]): string {
  const header = ['KEY', 'NAME', 'PLAN', 'PARENT', 'ACTIVE', 'DOMAINS'];
  const rows = realms.map((realm) => [
    realm.key,
    realm.name,
    realm.properties.config.applications[0]?.plan ?? '-',
    realm.parentKey ?? '-',
    realm.active ? 'yes' : 'no',
    realm.domains.length > 0 ? realm.domains.join(', ') : '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function refuseUnknownRealm(
  comparisons: readonly MonthTotalsComparison[],
  realmKey: string | undefined,
): void {
  if (realmKey !== undefined && comparisons.length === 0) {
    throw new InvalidInputError([{ path: '', message: `No realm has the key ${realmKey}` }]);
  }
}

/** "demo: 12 rows, equal to the sum of the results", or "demo: 2 of 12 rows differ from the sum of the results". */
function describeComparison(comparison: MonthTotalsComparison, verb: string, suffix = ''): string {
  const rows = `${comparison.expectedRowCount} rows`;
  return comparison.differingRowCount === 0
    ? `${comparison.realmKey}: ${rows}, equal to the sum of the results`
    : `${comparison.realmKey}: ${comparison.differingRowCount} of ${rows} ${verb} from the sum of the results${suffix}`;
}

const COMMANDS: Record<string, Command> = {
  'audit check': {
    options: { realm: { type: 'string' } },
    required: [],
    async run(database, options, io) {
      const outcome = await checkAuditChains(database.db, optional(options, 'realm'));
      if (!outcome.isIntact) {
        throw new InvalidInputError(outcome.lines.map((line) => ({ path: '', message: line })));
      }
      io.stdout.write(`${outcome.lines.join('\n')}\n`);
    },
  },
  'summaries check': {
    options: { realm: { type: 'string' } },
    required: [],
    async run(database, options, io) {
      const realmKey = optional(options, 'realm');
      const comparisons = await createEmissionMonthTotalRepository(database.db).check(realmKey);
      refuseUnknownRealm(comparisons, realmKey);
      const lines = comparisons.map((comparison) => describeComparison(comparison, 'differ'));
      if (comparisons.some((comparison) => comparison.differingRowCount > 0)) {
        throw new InvalidInputError(lines.map((line) => ({ path: '', message: line })));
      }
      io.stdout.write(`${lines.join('\n')}\n`);
    },
  },
  'summaries rebuild': {
    options: { realm: { type: 'string' } },
    required: [],
    async run(database, options, io) {
      const realmKey = optional(options, 'realm');
      const comparisons = await createEmissionMonthTotalRepository(database.db).rebuild(realmKey);
      refuseUnknownRealm(comparisons, realmKey);
      io.stdout.write(
        `${comparisons.map((comparison) => describeComparison(comparison, 'differed', '; rebuilt')).join('\n')}\n`,
      );
    },
  },
  'realm create': {
    options: {
      key: { type: 'string' },
      name: { type: 'string' },
      domain: { type: 'string', multiple: true },
      parent: { type: 'string' },
      plan: { type: 'string' },
    },
    required: ['key', 'name'],
    async run(database, options, io) {
      const realm = await createRealm(database.db, {
        key: required(options, 'key'),
        name: required(options, 'name'),
        domains: list(options, 'domain'),
        parentKey: optional(options, 'parent'),
        plan: optional(options, 'plan'),
      });
      io.stdout.write(`Created realm ${realm.key} (${realm.id}).\n`);
    },
  },
  'realm list': {
    options: {},
    required: [],
    async run(database, _options, io) {
      io.stdout.write(`${formatRealmTable(await listRealms(database.db))}\n`);
    },
  },
  'realm export': {
    options: { key: { type: 'string' } },
    required: ['key'],
    async run(database, options, io) {
      const key = required(options, 'key');
      const realm = await findRealm(database.db, key);
      if (!realm) throw new InvalidInputError([{ path: 'key', message: `No realm has the key ${key}` }]);
      io.stdout.write(`${JSON.stringify(realm, null, 2)}\n`);
    },
  },
  'realm import': {
    options: { file: { type: 'string' } },
    required: ['file'],
    async run(database, options, io) {
      const file = required(options, 'file');
      let data: unknown;
      try {
        data = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new InvalidInputError([
          { path: 'file', message: `${file} is not readable JSON: ${(error as Error).message}` },
        ]);
      }
      const { realm, isCreated } = await importRealm(database.db, data);
      io.stdout.write(`${isCreated ? 'Created' : 'Updated'} realm ${realm.key} (${realm.id}).\n`);
    },
  },
  'realm setup': {
    options: { file: { type: 'string' } },
    required: ['file'],
    async run(database, options, io) {
      const created = await setupRealms(database.db, await readJsonFile(required(options, 'file')));
      for (const { realm, userCount } of created) {
        io.stdout.write(
          `Created realm ${realm.key} (${realm.id}) with ${userCount} user${userCount === 1 ? '' : 's'}.\n`,
        );
      }
    },
  },
  'import ghgrp': {
    options: { realm: { type: 'string' }, year: { type: 'string' } },
    required: ['realm'],
    positionals: ['file'],
    async run(database, options, io) {
      await runImportGhgrpCommand(
        database,
        {
          realmKey: required(options, 'realm'),
          path: required(options, 'file'),
          year: optional(options, 'year'),
        },
        io.stdout,
      );
    },
  },
  'reference load': {
    options: { year: { type: 'string' } },
    required: [],
    positionals: ['dataset', 'file'],
    async run(database, options, io) {
      await runReferenceLoadCommand(
        database.db,
        {
          dataset: required(options, 'dataset'),
          path: required(options, 'file'),
          year: optional(options, 'year'),
        },
        io.stdout,
      );
    },
  },
  'import activities': {
    options: { realm: { type: 'string' }, mapping: { type: 'string' }, facility: { type: 'string' } },
    required: ['realm'],
    positionals: ['file'],
    async run(database, options, io) {
      await runImportActivitiesCommand(
        database,
        {
          realmKey: required(options, 'realm'),
          path: required(options, 'file'),
          mapping: optional(options, 'mapping'),
          facilitySlug: optional(options, 'facility'),
        },
        io.stdout,
      );
    },
  },
  'import facilities': {
    options: { realm: { type: 'string' }, mapping: { type: 'string' } },
    required: ['realm'],
    positionals: ['file'],
    async run(database, options, io) {
      await runImportFacilitiesCommand(
        database,
        {
          realmKey: required(options, 'realm'),
          path: required(options, 'file'),
          mapping: optional(options, 'mapping'),
        },
        io.stdout,
      );
    },
  },
  recalculate: {
    options: { realm: { type: 'string' }, gwp: { type: 'string' } },
    required: ['realm'],
    async run(database, options, io) {
      await runRecalculateCommand(
        database,
        { realmKey: required(options, 'realm'), gwp: optional(options, 'gwp') },
        io.stdout,
      );
    },
  },
  'user create': {
    options: {
      realm: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    required: ['realm', 'email', 'password'],
    async run(database, options, io) {
      const user = await createUser(database.db, {
        realmKey: required(options, 'realm'),
        email: required(options, 'email'),
        password: required(options, 'password'),
        role: optional(options, 'role') ?? 'member',
      });
      io.stdout.write(`Created ${user.role} ${user.email} in realm ${user.realmKey} (${user.id}).\n`);
    },
  },
  'user deactivate': {
    options: { realm: { type: 'string' }, email: { type: 'string' } },
    required: ['realm', 'email'],
    async run(database, options, io) {
      const { realmId, userId } = await findUserForCommand(
        database.db,
        required(options, 'realm'),
        required(options, 'email'),
      );
      const user = await deactivateUser(database.db, realmId, COMMAND_LINE_ACTOR, userId, new Date());
      io.stdout.write(`Deactivated ${user.email}: they can no longer sign in, and their sessions ended.\n`);
    },
  },
  'user reactivate': {
    options: { realm: { type: 'string' }, email: { type: 'string' } },
    required: ['realm', 'email'],
    async run(database, options, io) {
      const { realmId, userId } = await findUserForCommand(
        database.db,
        required(options, 'realm'),
        required(options, 'email'),
      );
      const user = await reactivateUser(database.db, realmId, COMMAND_LINE_ACTOR, userId);
      io.stdout.write(`Reactivated ${user.email}: they may sign in again.\n`);
    },
  },
  'user password': {
    options: { realm: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
    required: ['realm', 'email', 'password'],
    async run(database, options, io) {
      const email = required(options, 'email');
      const { sessionsEnded } = await setPasswordForCommand(database.db, {
        realmKey: required(options, 'realm'),
        email,
        password: required(options, 'password'),
      });
      io.stdout.write(
        `Set a new password for ${email.trim().toLowerCase()}; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended.\n`,
      );
    },
  },
};

async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new InvalidInputError([
      { path: 'file', message: `${file} is not readable JSON: ${(error as Error).message}` },
    ]);
  }
}

async function openDatabase(env: NodeJS.ProcessEnv): Promise<DatabaseHandle> {
  const config = loadConfig(env);
  const database = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Runs one operator command; returns the process exit code. Errors go to stderr, one `path: message` a line. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [noun = '', verb = '', ...rest] = args;
  if (['help', '--help', '-h'].includes(noun)) {
    io.stdout.write(USAGE);
    return EXIT_OK;
  }
  // One-word commands (`recalculate --realm K`) take everything after the noun as options.
  const isOneWord = Object.hasOwn(COMMANDS, noun) && !Object.hasOwn(COMMANDS, `${noun} ${verb}`);
  const name = isOneWord ? noun : `${noun} ${verb}`;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr.write(`${noun ? `Unknown command: ${[noun, verb].join(' ').trim()}\n\n` : ''}${USAGE}`);
    return EXIT_USAGE;
  }
  let options: CommandOptions;
  try {
    const parsed = parseArgs({
      args: isOneWord ? args.slice(1) : [...rest],
      options: command.options,
      strict: true,
      allowPositionals: command.positionals !== undefined,
    });
    options = parsed.values;
    if (command.positionals !== undefined) {
      const names = command.positionals;
      if (parsed.positionals.length !== names.length) {
        throw new UsageError(
          names.length === 1
            ? `Give exactly one ${names[0]!.toUpperCase()}`
            : `Give ${names.map((name) => name.toUpperCase()).join(' and ')}`,
        );
      }
      options = {
        ...options,
        ...Object.fromEntries(names.map((name, index) => [name, parsed.positionals[index]])),
      };
    }
    for (const name of command.required) required(options, name);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }

  let database: DatabaseHandle | undefined;
  try {
    database = io.database ?? (await openDatabase(io.env));
    await command.run(database, options, io);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof InvalidInputError) {
      io.stderr.write(`${error.issues.join('\n')}\n`);
    } else if (error instanceof HttpError) {
      // The services' refusals (a user who does not exist, the last administrator) read the same here.
      io.stderr.write(`${error.message}\n`);
    } else if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      io.stderr.write(`${error.message}\n`);
    } else {
      io.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return EXIT_FAILURE;
  } finally {
    if (database && database !== io.database) await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  });
}
