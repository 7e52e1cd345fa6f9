import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REALM_KEY, MIN_PASSWORD_LENGTH, realmKeySchema, z } from '@ecc/contracts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The From of the server's mail when SMTP_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** postgres://… — when set, PostgreSQL replaces the embedded PGlite. */
  databaseUrl: string | undefined;
  /** ECC_PGLITE_WORKER, on unless `0`: the embedded PGlite runs in a worker thread (decision 047). */
  isPgliteInWorker: boolean;
  defaultRealmKey: string;
  administrator: { email: string; password: string } | undefined;
  /**
   * ECC_TRUST_PROXY: whom X-Forwarded-* is believed from. false: nobody; a number: that many proxies in front
   * (the client is the address the outermost one appended); a list: those proxy addresses or CIDR ranges.
   * Never "every hop", which would let a client name its own address and walk past per-address limits.
   */
  trustedProxies: false | number | string[];
  /** ECC_OIDC_ALLOW_INSECURE: sign-in providers may be reached over http and on private addresses (tests, development). */
  isOidcInsecureAllowed: boolean;
  /**
   * ECC_CHECK_RESPONSES, on by default under NODE_ENV=test: every answer is also checked against its zod schema
   * in contracts, and a mismatch fails the request (decision 025). Off in production, where answers are written
   * from the schemas' JSON Schema without a zod parse.
   */
  isResponseContractChecked: boolean;
  logLevel: LogLevel;
  webDistDir: string;
  /** smtp://… or smtps://… — when set, e-mail goes through this server; else to the log (and the outbox). */
  smtpUrl: string | undefined;
  /** The From of the mail the server sends (SMTP_FROM). */
  smtpFrom: string;
  /** Where the analytics proxy forwards events (RudderStack data plane); unset: they are stored. */
  analyticsDataPlaneUrl: string | undefined;
  /**
   * LLM_BASE_URL, LLM_MODEL and LLM_API_KEY (all three or none): the OpenAI-compatible server the assistant's
   * model mode asks (issue 14); LLM_TIMEOUT_MS bounds a whole answer. Unset: every answer is offline.
   */
  assistantModel: AssistantModelConfig | undefined;
}

export interface AssistantModelConfig {
  /** The server's API root, e.g. `https://api.example.com/v1` (chat completions are at `<root>/chat/completions`). */
  baseUrl: string;
  model: string;
  apiKey: string;
  /** How long an answer may take, every model turn and tool call included, before the offline answer is sent. */
  timeoutMs: number;
}

/** A model answer that takes longer than this is dropped for the offline answer (LLM_TIMEOUT_MS overrides it). */
export const DEFAULT_LLM_TIMEOUT_MS = 20_000;
const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY'] as const;

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEFAULT_WEB_DIST_DIR = resolve(REPOSITORY_ROOT, 'apps/web/dist');

// An empty variable (`DATABASE_URL=` in a .env or compose file) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'must be 1 or 0' })
  .transform((value) => ['1', 'true', 'yes'].includes(value));

const TRUST_PROXY_MESSAGE =
  'must be the number of proxies in front (1 to 10), or a comma-separated list of proxy addresses or CIDR ranges';
const MAX_PROXY_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const maxPrefix = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix;
}

const trustProxySetting = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (['0', 'false', 'no'].includes(trimmed)) return false;
  if (/^\d{1,2}$/.test(trimmed) && Number(trimmed) >= 1 && Number(trimmed) <= MAX_PROXY_HOPS) {
    return Number(trimmed);
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return entries;
  context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const environmentSchema = z
  .object({
    HOST: optional(z.string()),
    PORT: optional(
      z
        .string()
        .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
        .transform(Number)
        .refine((port) => port <= 65535, 'must be a port number from 0 to 65535'),
    ),
    DATA_DIR: optional(z.string()),
    ECC_PGLITE_WORKER: optional(booleanFlag),
    DATABASE_URL: optional(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL: postgres://user:password@host:port/db'),
    ),
    ECC_DEFAULT_REALM: optional(realmKeySchema),
    ECC_ADMIN_EMAIL: optional(z.email({ message: 'must be an e-mail address' })),
    ECC_ADMIN_PASSWORD: optional(
      z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`),
    ),
    ECC_TRUST_PROXY: optional(trustProxySetting),
    ECC_OIDC_ALLOW_INSECURE: optional(booleanFlag),
    ECC_CHECK_RESPONSES: optional(booleanFlag),
    LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })),
    WEB_DIST_DIR: optional(z.string()),
    SMTP_URL: optional(
      z.string().regex(/^smtps?:\/\/\S+$/, 'must be an SMTP URL: smtp://user:password@host:port'),
    ),
    SMTP_FROM: optional(z.string().min(3)),
    ANALYTICS_DATA_PLANE_URL: optional(z.url({ message: 'must be an http(s) URL', protocol: /^https?$/ })),
    LLM_BASE_URL: optional(
      z.url({
        message: 'must be the http(s) URL of an OpenAI-compatible API, e.g. https://api.example.com/v1',
        protocol: /^https?$/,
      }),
    ),
    LLM_MODEL: optional(z.string().trim().min(1)),
    LLM_API_KEY: optional(z.string().min(1)),
    LLM_TIMEOUT_MS: optional(
      z
        .string()
        .regex(/^\d{1,7}$/, 'must be a number of milliseconds from 100 to 600000')
        .transform(Number)
        .refine((milliseconds) => milliseconds >= 100 && milliseconds <= 600_000, {
          message: 'must be a number of milliseconds from 100 to 600000',
        }),
    ),
  })
  .refine((env) => (env.ECC_ADMIN_EMAIL === undefined) === (env.ECC_ADMIN_PASSWORD === undefined), {
    message: 'must be set together with ECC_ADMIN_EMAIL',
    path: ['ECC_ADMIN_PASSWORD'],
  })
  .superRefine((env, context) => {
    // The model mode needs all three; one or two set is a mistake that would silently leave it offline.
    const missing = LLM_VARIABLES.filter((variable) => env[variable] === undefined);
    if (missing.length === 0 || missing.length === LLM_VARIABLES.length) return;
    for (const variable of missing) {
      context.addIssue({
        code: 'custom',
        message: `must be set with ${LLM_VARIABLES.filter((other) => !missing.includes(other)).join(' and ')} for the assistant's model mode (or unset them all for the offline mode)`,
        path: [variable],
      });
    }
  });

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the server's settings from the environment; a bad value throws `ConfigError` naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, workingDirectory = process.cwd()): ServerConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? '');
        const value = env[variable];
        const shown =
          value === undefined ||
          variable.includes('PASSWORD') ||
          variable === 'SMTP_URL' ||
          variable === 'LLM_API_KEY'
            ? ''
            : ` (got ${JSON.stringify(value)})`;
        return `${variable}: ${issue.message}${shown}`;
      }),
    );
  }
  const values = parsed.data;
  const toAbsolute = (path: string) => (isAbsolute(path) ? path : resolve(workingDirectory, path));
  return {
    host: values.HOST ?? '127.0.0.1',
    port: values.PORT ?? 3000,
    dataDir: values.DATA_DIR ?? './data',
    databaseUrl: values.DATABASE_URL,
    isPgliteInWorker: values.ECC_PGLITE_WORKER ?? true,
    defaultRealmKey: values.ECC_DEFAULT_REALM ?? DEFAULT_REALM_KEY,
    administrator:
      values.ECC_ADMIN_EMAIL && values.ECC_ADMIN_PASSWORD
        ? { email: values.ECC_ADMIN_EMAIL, password: values.ECC_ADMIN_PASSWORD }
        : undefined,
    trustedProxies: values.ECC_TRUST_PROXY ?? false,
    isOidcInsecureAllowed: values.ECC_OIDC_ALLOW_INSECURE ?? false,
    isResponseContractChecked: values.ECC_CHECK_RESPONSES ?? env.NODE_ENV === 'test',
    logLevel: values.LOG_LEVEL ?? 'info',
    webDistDir: values.WEB_DIST_DIR ? toAbsolute(values.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    smtpUrl: values.SMTP_URL,
    smtpFrom: values.SMTP_FROM ?? DEFAULT_MAIL_FROM,
    analyticsDataPlaneUrl: values.ANALYTICS_DATA_PLANE_URL,
    assistantModel:
      values.LLM_BASE_URL && values.LLM_MODEL && values.LLM_API_KEY
        ? {
            baseUrl: values.LLM_BASE_URL,
            model: values.LLM_MODEL,
            apiKey: values.LLM_API_KEY,
            timeoutMs: values.LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS,
          }
        : undefined,
  };
}
