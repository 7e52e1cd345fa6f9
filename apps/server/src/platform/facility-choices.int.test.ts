import {
  denominatorSchema,
  facilityListResponseSchema,
  measureListResponseSchema,
  measureSchema,
} from '@ecc/contracts';
import { createAuthzRepository, facilities } from '@ecc/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * A realm with more facilities than one page of the list: the forms search the server for a facility (the web's
 * FacilityPicker) and the answers that show it name it, wherever it sorts.
 */

const HOST = 'choices.facilities.test';
const ADMIN = { email: 'ada@choices.test', password: 'choices-password-1', role: 'admin' as const };
/** Beyond the 500 the forms used to fetch, and beyond the list's largest page. */
const FACILITY_COUNT = 600;
const FAR = { slug: 'zeta-far-plant', name: 'Zeta Far Plant' };

describe('facility choices beyond the first page', () => {
  let testApp: TestApp;
  let token = '';
  let farId = '';

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const realm = await createTestRealm(db, { key: 'choices', plan: 'paid', domains: [HOST] });
    await createTestUser(db, realm, ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    const rows = Array.from({ length: FACILITY_COUNT }, (_, index) => {
      const number = String(index).padStart(4, '0');
      return {
        realmId: realm.id,
        slug: `plant-${number}`,
        name: `Plant ${number}`,
        sector: 'Offices',
        country: 'US',
      };
    });
    await db.insert(facilities).values(rows);
    const [far] = await db
      .insert(facilities)
      .values({ realmId: realm.id, ...FAR, sector: 'Offices', country: 'US' })
      .returning({ id: facilities.id });
    farId = far!.id;
    token = await signIn(testApp.app, ADMIN, HOST);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const call = (options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...withSession(token), host: HOST } });

  it('the first 500 by name leave the facility out; the picker’s search finds it', async () => {
    const firstPage = facilityListResponseSchema.parse(
      (await call({ method: 'GET', url: '/api/facilities?limit=500&sort=name' })).json(),
    );
    expect(firstPage.total).toBe(FACILITY_COUNT + 1);
    expect(firstPage.results.map((facility) => facility.id)).not.toContain(farId);
    const search = facilityListResponseSchema.parse(
      (await call({ method: 'GET', url: '/api/facilities?q=zeta%20far&limit=20&sort=name' })).json(),
    );
    expect(search.results.map((facility) => facility.id)).toEqual([farId]);
  });

  it('a measure applied to it names it, as created and as listed', async () => {
    const created = await call({
      method: 'POST',
      url: '/api/abatement/measures',
      payload: {
        name: 'Far plant lighting',
        appliesTo: { facilityId: farId },
        abatement: { kind: 'absolute', kgPerYear: 1_000 },
        capex: 1_000,
        annualCost: 0,
        lifetime: 10,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(measureSchema.parse(created.json()).appliesToNames.facility).toBe(FAR.name);
    const listed = measureListResponseSchema.parse(
      (await call({ method: 'GET', url: '/api/abatement/measures' })).json(),
    );
    expect(listed.results.map((measure) => measure.appliesToNames.facility)).toEqual([FAR.name]);
  });

  it('a denominator chosen by its slug names it', async () => {
    const saved = await call({
      method: 'PUT',
      url: '/api/organisation/denominators',
      payload: {
        year: 2024,
        scope: 'facility',
        facilitySlug: FAR.slug,
        kind: 'headcount',
        amount: 12,
        unit: 'people',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(denominatorSchema.parse(saved.json())).toMatchObject({
      facilityId: farId,
      facilityName: FAR.name,
    });
  });
});
