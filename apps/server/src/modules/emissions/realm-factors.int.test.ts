import {
  emissionFactorListResponseSchema,
  estimateFailureSchema,
  estimateResponseSchema,
  realmEmissionFactorListResponseSchema,
  realmEmissionFactorSchema,
  type RealmEmissionFactorInput,
} from '@ecc/contracts';
import { FACTOR_LIBRARY } from '@ecc/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { FACTOR_NOT_FOUND_MESSAGE, PUBLISHED_FACTOR_MESSAGE } from './realm-factors.service.ts';

// Managing factors and recalculating a realm are administrators' work (members read); see the member test below.
const ACME_USER = { email: 'energy@acme.test', password: 'acme-password-1', role: 'admin' as const };
const ACME_MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_USER = { email: 'energy@other.test', password: 'other-password-1', role: 'admin' as const };

/** A supplier's disclosed electricity rate: 0.1 kg CO2 and 0.00001 kg CH4 per kWh. */
const SUPPLIER_TARIFF: RealmEmissionFactorInput = {
  name: 'Green Power Co. tariff',
  source: 'Green Power Co. fuel mix disclosure 2024',
  year: 2024,
  per: 'kWh',
  gases: { CO2: { value: 0.1, unit: 'kg' }, CH4: { value: 0.01, unit: 'g' } },
  scope: 2,
  electricityBasis: 'supplier-specific',
};

describe('realm emission factors', () => {
  let testApp: TestApp;
  let acmeToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, acme, ACME_USER);
    await createTestUser(db, acme, ACME_MEMBER);
    await createTestUser(db, other, OTHER_USER);
    acmeToken = await signIn(testApp.app, ACME_USER, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
  });
  afterAll(() => testApp.close());

  const call = (
    realm: 'acme' | 'other',
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: `${realm}.test`, ...withSession(realm === 'acme' ? acmeToken : otherToken) },
      ...(payload ? { payload } : {}),
    });

  async function createFactor(realm: 'acme' | 'other', input: RealmEmissionFactorInput = SUPPLIER_TARIFF) {
    const response = await call(realm, 'POST', '/api/emission-factors', input);
    expect(response.statusCode, response.body).toBe(201);
    return realmEmissionFactorSchema.parse(response.json());
  }

  /** Every factor id the realm lists, page by page (the library alone is more than one page of 500). */
  const listIds = async (realm: 'acme' | 'other') => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = emissionFactorListResponseSchema.parse(
        (await call(realm, 'GET', `/api/emission-factors?limit=500&offset=${offset}`)).json(),
      );
      ids.push(...page.results.map((factor) => factor.id));
      if (page.results.length < 500) return ids;
    }
  };

  const estimateWith = (realm: 'acme' | 'other', factorId: string) =>
    call(realm, 'POST', '/api/emissions/estimate', {
      gwp: 'AR5',
      items: [
        { id: 'office', quantity: 1000, unit: 'kWh', factor: { id: factorId }, scope2Method: 'market' },
      ],
    });

  it('lets members read the factor list but not add, change, publish or delete factors (403)', async () => {
    const memberToken = await signIn(testApp.app, ACME_MEMBER, 'acme.test');
    const asMember = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      testApp.app.inject({
        method,
        url,
        headers: { host: 'acme.test', ...withSession(memberToken) },
        ...(payload ? { payload } : {}),
      });
    expect((await asMember('GET', '/api/emission-factors')).statusCode).toBe(200);
    expect((await asMember('GET', '/api/emission-factors/drafts')).statusCode).toBe(200);
    const created = await asMember('POST', '/api/emission-factors', SUPPLIER_TARIFF);
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('You are not allowed to create EmissionFactor');
    const draft = await createFactor('acme');
    expect((await asMember('PUT', `/api/emission-factors/${draft.id}`, SUPPLIER_TARIFF)).statusCode).toBe(
      403,
    );
    expect((await asMember('POST', `/api/emission-factors/${draft.id}/publish`)).statusCode).toBe(403);
    expect((await asMember('DELETE', `/api/emission-factors/${draft.id}`)).statusCode).toBe(403);
    expect((await call('acme', 'DELETE', `/api/emission-factors/${draft.id}`)).statusCode).toBe(204);
  });

  it('creates a draft with a realm key, which is not listed or usable until published', async () => {
    const draft = await createFactor('acme');
    expect(draft).toMatchObject({ ...SUPPLIER_TARIFF, status: 'draft' });
    expect(draft.id).toMatch(/^realm:[0-9a-f-]{36}$/);
    expect(await listIds('acme')).not.toContain(draft.id);
    const refused = estimateFailureSchema.parse((await estimateWith('acme', draft.id)).json());
    expect(refused.items).toEqual([
      { id: 'office', path: 'items.0.factor.id', message: `Unknown emission factor "${draft.id}"` },
    ]);
  });

  it('lists a published factor after the library and resolves it in estimates of its realm', async () => {
    const draft = await createFactor('acme');
    const published = await call('acme', 'POST', `/api/emission-factors/${draft.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(realmEmissionFactorSchema.parse(published.json()).status).toBe('published');

    const ids = await listIds('acme');
    expect(ids.slice(0, FACTOR_LIBRARY.length)).toEqual(FACTOR_LIBRARY.map((factor) => factor.id));
    expect(ids).toContain(draft.id);
    const found = emissionFactorListResponseSchema.parse(
      (await call('acme', 'GET', '/api/emission-factors?q=green%20power')).json(),
    );
    expect(found.results).toEqual([
      {
        id: draft.id,
        name: SUPPLIER_TARIFF.name,
        source: SUPPLIER_TARIFF.source,
        year: 2024,
        per: 'kWh',
        gases: SUPPLIER_TARIFF.gases,
      },
    ]);

    // 1000 kWh × 0.1 kg CO2 = 100 kg CO2; 1000 × 0.01 g CH4 = 10 g = 0.01 kg CH4.
    // AR5 CO2e = 100 + 0.01 × 28 = 100.28 kg (supplier-specific: no grid-average fallback).
    const estimate = estimateResponseSchema.parse((await estimateWith('acme', draft.id)).json());
    expect(estimate.items[0]?.co2e).toBeCloseTo(100.28, 9);
    expect(estimate.items[0]?.isGridAverageFallback).toBeUndefined();
  });

  it("keeps another realm's factors invisible: not listed, unknown to the estimate, 404 to change", async () => {
    const acmeFactor = await createFactor('acme');
    await call('acme', 'POST', `/api/emission-factors/${acmeFactor.id}/publish`);
    const otherDraft = await createFactor('other');

    expect(await listIds('other')).not.toContain(acmeFactor.id);
    const refused = estimateFailureSchema.parse((await estimateWith('other', acmeFactor.id)).json());
    expect(refused.items[0]?.message).toBe(`Unknown emission factor "${acmeFactor.id}"`);
    for (const [method, url, payload] of [
      ['POST', `/api/emission-factors/${acmeFactor.id}/publish`, undefined],
      ['PUT', `/api/emission-factors/${acmeFactor.id}`, SUPPLIER_TARIFF],
      ['DELETE', `/api/emission-factors/${acmeFactor.id}`, undefined],
    ] as const) {
      const response = await call('other', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(FACTOR_NOT_FOUND_MESSAGE);
    }
    const acmeDeletingOthers = await call('acme', 'DELETE', `/api/emission-factors/${otherDraft.id}`);
    expect(acmeDeletingOthers.statusCode).toBe(404);
    expect((await call('acme', 'DELETE', '/api/emission-factors/realm:not-a-uuid')).statusCode).toBe(404);
    expect((await call('acme', 'DELETE', '/api/emission-factors/epa-c1-natural-gas')).statusCode).toBe(404);
  });

  const listDrafts = async (realm: 'acme' | 'other', query = '') => {
    const response = await call(realm, 'GET', `/api/emission-factors/drafts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return realmEmissionFactorListResponseSchema.parse(response.json());
  };

  it('lists the realm’s drafts newest first, in pages, until they are published or deleted', async () => {
    const draftsBefore = await listDrafts('acme', '?limit=500');
    const older = await createFactor('acme', { ...SUPPLIER_TARIFF, name: 'Older draft' });
    const newer = await createFactor('acme', { ...SUPPLIER_TARIFF, name: 'Newer draft' });
    const otherDraft = await createFactor('other', { ...SUPPLIER_TARIFF, name: 'Other realm draft' });

    const firstPage = await listDrafts('acme', '?limit=1');
    expect(firstPage).toEqual({ results: [newer], count: 1, total: draftsBefore.total + 2, offset: 0 });
    const secondPage = await listDrafts('acme', '?limit=1&offset=1');
    expect(secondPage.results).toEqual([older]);
    expect(secondPage.results[0]).toMatchObject({
      status: 'draft',
      scope: 2,
      electricityBasis: 'supplier-specific',
    });
    expect((await listDrafts('acme', '?limit=500')).results.map((factor) => factor.id)).not.toContain(
      otherDraft.id,
    );

    await call('acme', 'POST', `/api/emission-factors/${older.id}/publish`);
    await call('acme', 'DELETE', `/api/emission-factors/${newer.id}`);
    const after = await listDrafts('acme', '?limit=500');
    expect(after.total).toBe(draftsBefore.total);
    expect(after.results.map((factor) => factor.id)).not.toContain(older.id);
    expect(after.results.map((factor) => factor.id)).not.toContain(newer.id);
    const otherIds = (await listDrafts('other', '?limit=500')).results.map((factor) => factor.id);
    expect(otherIds).toContain(otherDraft.id);
    expect(otherIds).not.toContain(older.id);
    expect(await listIds('acme')).toContain(older.id);
  });

  it('answers the drafts list 400 naming a bad page parameter, and 401 without a session', async () => {
    for (const [query, field] of [
      ['?limit=0', 'querystring/limit'],
      ['?limit=501', 'querystring/limit'],
      ['?offset=-1', 'querystring/offset'],
      ['?limit=ten', 'querystring/limit'],
    ] as const) {
      const response = await call('acme', 'GET', `/api/emission-factors/drafts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(new RegExp(`^${field}: `));
    }
    const signedOut = await testApp.app.inject({
      method: 'GET',
      url: '/api/emission-factors/drafts',
      headers: { host: 'acme.test' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('changes and deletes drafts; a published factor is immutable (409, and the database refuses too)', async () => {
    const draft = await createFactor('acme');
    const renamed = await call('acme', 'PUT', `/api/emission-factors/${draft.id}`, {
      ...SUPPLIER_TARIFF,
      name: 'Renamed tariff',
    });
    expect(renamed.statusCode).toBe(200);
    expect(realmEmissionFactorSchema.parse(renamed.json()).name).toBe('Renamed tariff');
    expect((await call('acme', 'DELETE', `/api/emission-factors/${draft.id}`)).statusCode).toBe(204);
    expect((await call('acme', 'DELETE', `/api/emission-factors/${draft.id}`)).statusCode).toBe(404);

    const kept = await createFactor('acme');
    await call('acme', 'POST', `/api/emission-factors/${kept.id}/publish`);
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PUT', SUPPLIER_TARIFF],
    ] as const) {
      const response = await call('acme', method, `/api/emission-factors/${kept.id}`, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(PUBLISHED_FACTOR_MESSAGE);
    }
    await expect(
      testApp.database.db.execute(sql`update emission_factors set name = 'tampered' where key = ${kept.id}`),
    ).rejects.toThrow();
    expect(await listIds('acme')).toContain(kept.id);
  });

  it('decides on a draft’s status in the transaction that writes it: a racing edit or deletion never fails', async () => {
    for (let round = 0; round < 5; round++) {
      const draft = await createFactor('acme', { ...SUPPLIER_TARIFF, name: `Race ${round}` });
      const url = `/api/emission-factors/${encodeURIComponent(draft.id)}`;
      const [published, edited, deleted] = await Promise.all([
        call('acme', 'POST', `${url}/publish`),
        call('acme', 'PUT', url, { ...SUPPLIER_TARIFF, name: `Race ${round} renamed` }),
        call('acme', 'DELETE', url),
      ]);
      // Each answers as the factor stood when it ran: a publication makes the later edit or deletion 409.
      expect([200, 404]).toContain(published.statusCode);
      expect([200, 404, 409]).toContain(edited.statusCode);
      expect([204, 409]).toContain(deleted.statusCode);
      if (published.statusCode === 200 && deleted.statusCode === 409) {
        expect(deleted.json().message).toBe(PUBLISHED_FACTOR_MESSAGE);
      }
    }
  });

  it('refuses a factor the engine cannot use with 422 naming the field, and stores nothing', async () => {
    const before = await listIds('acme');
    const response = await call('acme', 'POST', '/api/emission-factors', {
      ...SUPPLIER_TARIFF,
      per: 'kWhh',
      gases: { CO2: { value: 0.1, unit: 'kgs' } },
    });
    expect(response.statusCode).toBe(422);
    const { message, fieldErrors } = response.json() as { message: string; fieldErrors: object };
    expect(message).toContain('body/per: Unknown factor unit "kWhh"');
    expect(fieldErrors).toEqual({
      'body/per': expect.stringMatching(/^Unknown factor unit "kWhh"/),
      'body/gases/CO2/unit': expect.stringMatching(/^Unknown gas mass unit "kgs"/),
    });
    const missingName = await call('acme', 'POST', '/api/emission-factors', { ...SUPPLIER_TARIFF, name: '' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().message).toMatch(/^body\/name: /);
    expect(await listIds('acme')).toEqual(before);
  });
});
