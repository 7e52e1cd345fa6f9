import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PLANS, type Realm } from '@ecc/contracts';
import { createDatabase, DataDirInUseError, USER_ROLES, type DatabaseHandle } from '@ecc/db';
import { ConfigError, loadConfig } from '#platform/config.ts';
import { InvalidInputError } from '#platform/errors.ts';
import {
  createRealm,
  DEFAULT_NEW_REALM_PLAN,
  findRealm,
  importRealm,
  listRealms,
} from './modules/realms/realms.service.ts';
import { createUser } from './modules/user/user.service.ts';

export const USAGE = `Emissions Control Center operator commands: npm run ecc -- <command>

  realm create --key K --name N [--domain HOST]... [--parent KEY] [--plan PLAN]
      A realm with one application on PLAN (default ${DEFAULT_NEW_REALM_PLAN}) and the default theme.
      Plans: ${PLANS.join(', ')}
  realm list
      Every realm with its key, name, plan, parent and domains.
  realm export --key K
      The realm's JSON on stdout; \`realm import\` accepts it back.
  realm import --file F
      Creates the realm in F, or updates the realm with its key. Invalid input changes nothing.
  user create --realm K --email E --password P [--role ${USER_ROLES.join('|')}]
      A user in realm K (role ${USER_ROLES[1]} unless given).

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

const COMMANDS: Record<string, Command> = {
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
      if (!realm) throw new InvalidInputError([`key: No realm has the key ${key}`]);
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
        throw new InvalidInputError([`file: ${file} is not readable JSON: ${(error as Error).message}`]);
      }
      const { realm, isCreated } = await importRealm(database.db, data);
      io.stdout.write(`${isCreated ? 'Created' : 'Updated'} realm ${realm.key} (${realm.id}).\n`);
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
};

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
  const command = Object.hasOwn(COMMANDS, `${noun} ${verb}`) ? COMMANDS[`${noun} ${verb}`] : undefined;
  if (!command) {
    io.stderr.write(`${noun ? `Unknown command: ${[noun, verb].join(' ').trim()}\n\n` : ''}${USAGE}`);
    return EXIT_USAGE;
  }
  let options: CommandOptions;
  try {
    options = parseArgs({
      args: [...rest],
      options: command.options,
      strict: true,
      allowPositionals: false,
    }).values;
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
