import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPOSITORY_ROOT } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      isPgliteInWorker: true,
      defaultRealmKey: 'demo',
      administrator: undefined,
      trustedProxies: false,
      isOidcInsecureAllowed: false,
      isResponseContractChecked: false,
      logLevel: 'info',
      webDistDir: resolve(REPOSITORY_ROOT, 'apps/web/dist'),
      smtpUrl: undefined,
      smtpFrom: 'no-reply@localhost',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        HOST: '0.0.0.0',
        PORT: '8080',
        DATA_DIR: '/var/lib/ecc',
        DATABASE_URL: 'postgres://ecc:secret@db:5432/ecc',
        ECC_PGLITE_WORKER: '0',
        ECC_DEFAULT_REALM: 'acme',
        ECC_ADMIN_EMAIL: 'ops@example.com',
        ECC_ADMIN_PASSWORD: 'long-password',
        ECC_TRUST_PROXY: '1',
        ECC_OIDC_ALLOW_INSECURE: '1',
        ECC_CHECK_RESPONSES: '1',
        LOG_LEVEL: 'debug',
        WEB_DIST_DIR: 'web',
      },
      '/srv',
    );
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/ecc',
      databaseUrl: 'postgres://ecc:secret@db:5432/ecc',
      isPgliteInWorker: false,
      defaultRealmKey: 'acme',
      administrator: { email: 'ops@example.com', password: 'long-password' },
      trustedProxies: 1,
      isOidcInsecureAllowed: true,
      isResponseContractChecked: true,
      logLevel: 'debug',
      webDistDir: '/srv/web',
      smtpUrl: undefined,
      smtpFrom: 'no-reply@localhost',
    });
  });

  it('checks answers against the contract under tests unless told not to', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).isResponseContractChecked).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', ECC_CHECK_RESPONSES: '0' }).isResponseContractChecked).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).isResponseContractChecked).toBe(false);
  });

  it('trusts a number of proxies or a list of them, never every hop', () => {
    const trusted = (value: string) => loadConfig({ ECC_TRUST_PROXY: value }).trustedProxies;
    expect(trusted('0')).toBe(false);
    expect(trusted('2')).toBe(2);
    expect(trusted('10.0.0.5, 10.1.0.0/16,::1')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    for (const value of ['true', 'yes', '11', '10.0.0.0/33', 'proxy.internal']) {
      expect(problemsOf({ ECC_TRUST_PROXY: value })[0]).toMatch(
        /^ECC_TRUST_PROXY: must be the number of proxies/,
      );
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('names the variable of every bad value, showing the value but never a password', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ECC_DEFAULT_REALM: '1a',
        ECC_TRUST_PROXY: 'maybe',
        LOG_LEVEL: 'loud',
        ECC_ADMIN_EMAIL: 'ops@example.com',
        ECC_ADMIN_PASSWORD: 'short',
      }),
    ).toEqual([
      'PORT: must be a port number from 0 to 65535 (got "eighty")',
      'DATABASE_URL: must be a PostgreSQL URL: postgres://user:password@host:port/db (got "mysql://x")',
      'ECC_DEFAULT_REALM: Realm key must be at least 3 characters (got "1a")',
      'ECC_DEFAULT_REALM: Realm key must start with a letter, then letters, digits, _ or - (got "1a")',
      'ECC_ADMIN_PASSWORD: must be at least 8 characters',
      'ECC_TRUST_PROXY: must be the number of proxies in front (1 to 10), or a comma-separated list of proxy addresses or CIDR ranges (got "maybe")',
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT: must be a port number from 0 to 65535 (got "70000")',
    ]);
  });

  it('wants the administrator e-mail and password together', () => {
    expect(problemsOf({ ECC_ADMIN_EMAIL: 'ops@example.com' })).toEqual([
      'ECC_ADMIN_PASSWORD: must be set together with ECC_ADMIN_EMAIL',
    ]);
  });

  it("reads the assistant's model server: all three variables or none, the key never shown", () => {
    expect(loadConfig({}).assistantModel).toBeUndefined();
    expect(
      loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1', LLM_MODEL: 'm', LLM_API_KEY: 'secret' })
        .assistantModel,
    ).toEqual({ baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', apiKey: 'secret', timeoutMs: 20_000 });
    expect(
      loadConfig({
        LLM_BASE_URL: 'https://llm.example.com/v1',
        LLM_MODEL: 'm',
        LLM_API_KEY: 'secret',
        LLM_TIMEOUT_MS: '1500',
      }).assistantModel?.timeoutMs,
    ).toBe(1500);
    expect(problemsOf({ LLM_MODEL: 'm', LLM_API_KEY: 'secret' })).toEqual([
      "LLM_BASE_URL: must be set with LLM_MODEL and LLM_API_KEY for the assistant's model mode (or unset them all for the offline mode)",
    ]);
    expect(
      problemsOf({ LLM_BASE_URL: 'ftp://llm', LLM_MODEL: 'm', LLM_API_KEY: 'secret', LLM_TIMEOUT_MS: '5' }),
    ).toEqual([
      'LLM_BASE_URL: must be the http(s) URL of an OpenAI-compatible API, e.g. https://api.example.com/v1 (got "ftp://llm")',
      'LLM_TIMEOUT_MS: must be a number of milliseconds from 100 to 600000 (got "5")',
    ]);
    expect(problemsOf({ LLM_API_KEY: 'secret' }).join('\n')).not.toContain('secret');
  });
});
