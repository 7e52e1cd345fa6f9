import {
  calculationDryRunResponseSchema,
  calculationFailureSchema,
  MAX_FORMULA_LENGTH,
  realmEmissionFactorSchema,
} from '@ecc/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ACME_HOST = 'acme.calc.test';
const OTHER_HOST = 'other.calc.test';
const ACME_MEMBER = { email: 'member@acme.calc.test', password: 'member-password-1' };
const ACME_ADMIN = { email: 'admin@acme.calc.test', password: 'admin-password-1', role: 'admin' as const };
const OTHER_ADMIN = { email: 'admin@other.calc.test', password: 'other-password-1', role: 'admin' as const };

/** 40 CFR 98 subpart C, Equation C-1 with Table C-1 and C-2 for natural gas: three gases. */
const NATURAL_GAS = [
  'set :energy = :fuel_scf * 1.026e-3 // mmBtu',
  "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
  "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
  "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
].join('\n');

describe('POST /api/calculations/dry-run', () => {
  let testApp: TestApp;
  let memberToken: string;
  let adminToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const acme = await createTestRealm(db, { key: 'acmecal', domains: [ACME_HOST] });
    const other = await createTestRealm(db, { key: 'othercal', domains: [OTHER_HOST] });
    await createTestUser(db, acme, ACME_MEMBER);
    await createTestUser(db, acme, ACME_ADMIN);
    await createTestUser(db, other, OTHER_ADMIN);
    memberToken = await signIn(testApp.app, ACME_MEMBER, ACME_HOST);
    adminToken = await signIn(testApp.app, ACME_ADMIN, ACME_HOST);
    otherToken = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
  });
  afterAll(() => testApp.close());

  const as = (token: string, host: string, options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { ...withSession(token), host, ...options.headers },
  });
  const dryRun = (payload: object | string, token = memberToken, host = ACME_HOST) =>
    testApp.app.inject(
      as(token, host, {
        method: 'POST',
        url: '/api/calculations/dry-run',
        payload,
        headers: { 'content-type': 'application/json' },
      }),
    );

  it("runs the worked example for a member: each gas in kg and CO2e on the realm's set (AR5)", async () => {
    const response = await dryRun({ formula: NATURAL_GAS, parameters: { fuel_scf: 1_000_000 } });
    expect(response.statusCode, response.body).toBe(200);
    const body = calculationDryRunResponseSchema.parse(response.json());
    expect(body.gwp).toBe('AR5');
    expect(body.errors).toEqual([]);
    expect(body.gases?.CO2).toBeCloseTo(54_439.56, 6);
    expect(body.gases?.CH4).toBeCloseTo(1.026, 9);
    expect(body.gases?.N2O).toBeCloseTo(0.1026, 9);
    expect(body.value).toBeCloseTo(54_439.56 + 1.026 * 28 + 0.1026 * 265, 6);
    expect(body.trace.map((entry) => entry.line)).toEqual([1, 2, 3, 4]);
    expect(body.trace[0]).toMatchObject({ line: 1, name: ':energy' });
  });

  it("weighs by the request's GWP set when it names one", async () => {
    const response = await dryRun({ formula: NATURAL_GAS, parameters: { fuel_scf: 1_000_000 }, gwp: 'AR4' });
    const body = calculationDryRunResponseSchema.parse(response.json());
    expect(body.gwp).toBe('AR4');
    expect(body.value).toBeCloseTo(54_439.56 + 1.026 * 25 + 0.1026 * 298, 6);
  });

  it('answers 422 with every line that does not read, at its line and column', async () => {
    const response = await dryRun({ formula: 'set :a = 1 +\n:a * 2\nfuel * 3', parameters: {} });
    expect(response.statusCode).toBe(422);
    const body = calculationFailureSchema.parse(response.json());
    expect(body.errors.map(({ line, column }) => ({ line, column }))).toEqual([
      { line: 1, column: 13 },
      { line: 3, column: 6 },
    ]);
    expect(body.errors[0]?.message).toBe("The line ends too early: '+' must be followed by a value");
    expect(body.message).toMatch(/^The formula cannot run: line 1, column 13: .* \(and 1 more\)$/);
  });

  it('answers 422 at the place a run stops, with the trace of the lines before it', async () => {
    const response = await dryRun({ formula: 'set :a = :x - 1\n10 / :a', parameters: { x: 1 } });
    expect(response.statusCode).toBe(422);
    const body = calculationFailureSchema.parse(response.json());
    expect(body.errors).toEqual([
      { line: 2, column: 6, endLine: 2, endColumn: 8, message: "Division by zero: the value after '/' is 0" },
    ]);
    expect(body.trace).toEqual([{ line: 1, name: ':a', value: 0 }]);
  });

  it("says that a dataset is unknown at its place, and a unit mismatch at CONVERT's unit", async () => {
    const lookup = calculationFailureSchema.parse(
      (
        await dryRun({ formula: "LOOKUP(:fuel, 'heat contents', 'fuel', 'hhv')", parameters: { fuel: 'x' } })
      ).json(),
    );
    expect(lookup.errors).toEqual([
      expect.objectContaining({ line: 1, column: 15, message: "Unknown dataset 'heat contents'" }),
    ]);
    const convert = calculationFailureSchema.parse(
      (await dryRun({ formula: "CONVERT(:x, 'kWh', 'kg')" })).json(),
    );
    expect(convert.errors).toEqual([
      expect.objectContaining({
        line: 1,
        column: 9,
        message: 'Cannot convert kWh (energy) to kg (mass): they measure different things',
      }),
    ]);
  });

  it('refuses a formula that is not text, and parameters that are not values, with 400 naming the field', async () => {
    const notText = await dryRun({ formula: 42, parameters: {} });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().fieldErrors).toEqual({ 'body/formula': 'Give the formula as text' });
    const objectParameter = await dryRun({ formula: ':x', parameters: { x: { valueOf: 1 } } });
    expect(objectParameter.statusCode).toBe(400);
    expect(Object.keys(objectParameter.json().fieldErrors ?? {})).toEqual(['body/parameters/x']);
  });

  it('treats prototype names as parameters like any other: unknown unless given', async () => {
    // The server's JSON parser refuses a body with a __proto__ key before any handler runs.
    const withProto = await dryRun('{"formula":"1","parameters":{"__proto__":{"constructor":5}}}');
    expect(withProto.statusCode).toBe(400);
    const unknown = await dryRun({ formula: ':constructor + :toString', parameters: { toString: 1 } });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(calculationFailureSchema.parse(unknown.json()).errors).toEqual([
      expect.objectContaining({
        line: 1,
        column: 1,
        message: 'Unknown parameter :constructor: give it a value, or set it on a line above',
      }),
    ]);
    const given = await dryRun({
      formula: ':constructor + :toString + :hasOwnProperty',
      parameters: { constructor: 1, toString: 2, hasOwnProperty: 3 },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(calculationDryRunResponseSchema.parse(given.json()).value).toBe(6);
  });

  it('refuses a formula of 1 MB: over the limit of the language with 400, over the body limit with 413', async () => {
    const nearlyOneMegabyte = await dryRun({ formula: '1'.repeat(1_000_000) });
    expect(nearlyOneMegabyte.statusCode).toBe(400);
    expect(nearlyOneMegabyte.json().fieldErrors).toEqual({
      'body/formula': `The formula is too long: it may have at most ${MAX_FORMULA_LENGTH.toLocaleString('en-US')} characters`,
    });
    const overOneMegabyte = await dryRun({ formula: '1'.repeat(1024 * 1024) });
    expect(overOneMegabyte.statusCode).toBe(413);
    const still = await dryRun({ formula: '1 + 1' });
    expect(still.statusCode).toBe(200);
    expect(still.json().value).toBe(2);
  });

  it("resolves FACTOR against the caller's realm factors only", async () => {
    const created = await testApp.app.inject(
      as(adminToken, ACME_HOST, {
        method: 'POST',
        url: '/api/emission-factors',
        payload: {
          name: 'Supplier tariff',
          source: 'Supplier disclosure 2024',
          year: 2024,
          per: 'kWh',
          gases: { CO2: { value: 100, unit: 'g' } },
          scope: 2,
          electricityBasis: 'supplier-specific',
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const factor = realmEmissionFactorSchema.parse(created.json());
    const published = await testApp.app.inject(
      as(adminToken, ACME_HOST, { method: 'POST', url: `/api/emission-factors/${factor.id}/publish` }),
    );
    expect(published.statusCode, published.body).toBe(200);
    const formula = `:kwh * FACTOR('${factor.id}', 'CO2')`;
    const own = await dryRun({ formula, parameters: { kwh: 1000 } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().value).toBeCloseTo(100, 9);
    const other = await dryRun({ formula, parameters: { kwh: 1000 } }, otherToken, OTHER_HOST);
    expect(other.statusCode).toBe(422);
    expect(calculationFailureSchema.parse(other.json()).errors[0]?.message).toBe(
      `Unknown emission factor '${factor.id}'`,
    );
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/calculations/dry-run',
      headers: { host: ACME_HOST },
      payload: { formula: '1' },
    });
    expect(response.statusCode).toBe(401);
  });
});
