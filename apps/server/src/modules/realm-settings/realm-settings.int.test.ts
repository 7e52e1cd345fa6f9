import { randomUUID } from 'node:crypto';
import {
  activityRecordTrailResponseSchema,
  auditLogResponseSchema,
  configResponseSchema,
  legalSchema,
  realmSettingsResponseSchema,
  realmThemeSettingsFieldsSchema,
  recalculationRunSchema,
  storedColorToHex,
  unacceptedLicences,
  userSchema,
  type Realm,
  type RealmThemeSettings,
} from '@ecc/contracts';
import {
  auditLog,
  createFacilityRepository,
  createRealmConfigRepository,
  realms,
  type Database,
} from '@ecc/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const OPERATOR = { email: 'operator@acm.test', password: 'operator-password-1', role: 'admin' as const };

/** 40 CFR 98 Tables C-1/C-2: distillate fuel oil No. 2; its CH4 and N2O make the CO2e depend on the GWP set. */
const DIESEL = {
  activityType: 'Boiler diesel',
  periodStart: '2024-01-01',
  periodEnd: '2024-01-31',
  quantity: 1000,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
};

type Method = 'GET' | 'PUT' | 'POST';

describe('the realm settings API', () => {
  let testApp: TestApp;
  let db: Database;
  let acme: Realm;
  let other: Realm;
  const tokens: Record<'admin' | 'member' | 'otherAdmin' | 'operator', string> = {
    admin: '',
    member: '',
    otherAdmin: '',
    operator: '',
  };
  const hosts = { admin: 'acme.test', member: 'acme.test', otherAdmin: 'other.test', operator: 'acm.test' };

  const call = (
    as: keyof typeof tokens,
    method: Method,
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    testApp.app.inject({
      method,
      url,
      headers: { ...withSession(tokens[as]), host: hosts[as] },
      ...(payload ? { payload } : {}),
    });

  const themeOf = async (realmId: string, as: keyof typeof tokens = 'admin'): Promise<RealmThemeSettings> => {
    const response = await call(as, 'GET', `/api/realms/${realmId}/theme`);
    expect(response.statusCode, response.body).toBe(200);
    return realmThemeSettingsFieldsSchema.parse(response.json());
  };

  /** The realm row and its audit entries: what a refused request must leave exactly as it was. */
  const stateOf = async (realmId: string) => ({
    realm: await db.select().from(realms).where(eq(realms.id, realmId)),
    audit: await db.select().from(auditLog).where(eq(auditLog.realmId, realmId)),
  });

  const auditOf = async (entityType: string, as: keyof typeof tokens = 'admin') =>
    auditLogResponseSchema.parse((await call(as, 'GET', `/api/audit-log?entityType=${entityType}`)).json())
      .results;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'CORE' });
    other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'CORE' });
    const operatorRealm = await createTestRealm(db, { key: 'acm', domains: ['acm.test'], plan: 'CORE' });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    await createTestUser(db, operatorRealm, OPERATOR);
    await createFacilityRepository(db).insertMany(acme.id, [
      { slug: 'north', name: 'North Plant', sector: 'Power plants', country: 'US', reported: {} },
    ]);
    tokens.admin = await signIn(testApp.app, ADMIN, 'acme.test');
    tokens.member = await signIn(testApp.app, MEMBER, 'acme.test');
    tokens.otherAdmin = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
    tokens.operator = await signIn(testApp.app, OPERATOR, 'acm.test');
  });
  afterAll(() => testApp.close());

  describe('GET and PUT /api/realms/:realmId/theme', () => {
    it('answers the realm’s themes with hex colours and the selected one', async () => {
      const settings = await themeOf(acme.id);
      const stored = acme.properties.config.themes[0];
      expect(settings.themes).toHaveLength(1);
      expect(settings.themes[0]?.id).toBe(stored?.id);
      expect(settings.themes[0]?.colors.light.primary).toBe('#166534');
      expect(settings.selected).toBe(stored?.id);
      expect(settings.overrides).toEqual([]);
    });

    it('stores a changed colour, which GET /api/config then carries, and audits the change', async () => {
      const settings = await themeOf(acme.id);
      const [theme] = settings.themes;
      if (!theme) throw new Error('no theme');
      const edited = {
        ...settings,
        themes: [
          {
            ...theme,
            colors: { ...theme.colors, light: { ...theme.colors.light, primary: '#7c3aed' } },
            login: { background: 'https://cdn.example.com/plant.jpg', backgroundPosition: 'left top/40%' },
          },
        ],
        overrides: [{ path: '/reporting', selected: theme.id }],
      };
      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/theme`, edited);
      expect(response.statusCode, response.body).toBe(200);
      expect(realmThemeSettingsFieldsSchema.parse(response.json()).themes[0]?.colors.light.primary).toBe(
        '#7c3aed',
      );

      const config = configResponseSchema.parse((await call('admin', 'GET', '/api/config')).json()).realm
        .properties.config;
      const storedPrimary = config.themes[0]?.colors.light.primary;
      expect(storedPrimary && storedColorToHex(storedPrimary)).toBe('#7c3aed');
      expect(config.themes[0]?.login).toEqual({
        background: 'https://cdn.example.com/plant.jpg',
        backgroundPosition: 'left top/40%',
      });
      expect(config.applications[0]?.themes?.[0]).toEqual({
        selected: theme.id,
        overrides: [{ path: '/reporting', selected: theme.id }],
      });

      const [entry] = await auditOf('realm-theme');
      expect(entry).toMatchObject({ action: 'update', entityId: acme.id, actorEmail: ADMIN.email });
      expect(entry?.before).toMatchObject({ themes: [{ colors: { light: { primary: '#166534' } } }] });
      expect(entry?.after).toMatchObject({ themes: [{ colors: { light: { primary: '#7c3aed' } } }] });
    });

    it('answers 400 naming the colour slot, and the selection of a theme that is not there, writing nothing', async () => {
      const settings = await themeOf(acme.id);
      const [theme] = settings.themes;
      if (!theme) throw new Error('no theme');
      const before = await stateOf(acme.id);
      const badHex = await call('admin', 'PUT', `/api/realms/${acme.id}/theme`, {
        ...settings,
        themes: [{ ...theme, colors: { light: { primary: 'purple' }, dark: {} } }],
      });
      expect(badHex.statusCode).toBe(400);
      expect(badHex.json().message).toBe('body/themes/0/colors/light/primary: Invalid hex color');
      const badSelection = await call('admin', 'PUT', `/api/realms/${acme.id}/theme`, {
        ...settings,
        selected: randomUUID(),
      });
      expect(badSelection.statusCode).toBe(400);
      expect(badSelection.json().message).toBe('body/selected: Choose one of the realm’s themes');
      expect(await stateOf(acme.id)).toEqual(before);
    });

    it('answers 404 for another realm’s id exactly as for an unknown one, and 400 for a malformed id', async () => {
      const settings = await themeOf(acme.id);
      const before = await stateOf(other.id);
      for (const realmId of [other.id, randomUUID()]) {
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', settings],
        ] as const) {
          const response = await call('admin', method, `/api/realms/${realmId}/theme`, body);
          expect(response.statusCode, `${method} ${realmId}`).toBe(404);
          expect(response.json()).toEqual({
            statusCode: 404,
            error: 'Not Found',
            message: REALM_NOT_FOUND,
          });
        }
      }
      expect(await stateOf(other.id)).toEqual(before);
      const malformed = await call('admin', 'GET', '/api/realms/acme/theme');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('params/realmId: This field must be a valid UUID');
    });

    it('answers 403 to a member', async () => {
      const read = await call('member', 'GET', `/api/realms/${acme.id}/theme`);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe('You are not allowed to read Theme');
      const write = await call('member', 'PUT', `/api/realms/${acme.id}/theme`, await themeOf(acme.id));
      expect(write.statusCode).toBe(403);
    });

    it('lets the operator’s administrator change another realm’s theme, audited in that realm', async () => {
      const settings = await themeOf(other.id, 'operator');
      const [theme] = settings.themes;
      if (!theme) throw new Error('no theme');
      const response = await call('operator', 'PUT', `/api/realms/${other.id}/theme`, {
        ...settings,
        themes: [{ ...theme, name: 'Operator’s choice' }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await themeOf(other.id, 'otherAdmin')).themes[0]?.name).toBe('Operator’s choice');
      const [entry] = await auditOf('realm-theme', 'otherAdmin');
      expect(entry).toMatchObject({ entityId: other.id, actorEmail: OPERATOR.email });
    });
  });

  describe('GET and PUT /api/realms/:realmId/legal', () => {
    const EULA = { id: 'eula', title: 'End-user licence agreement', text: 'Use it well.' };
    const PRIVACY = { id: 'privacy', title: 'Privacy notice', text: 'We keep little.' };

    const memberProperties = async () =>
      userSchema.parse((await call('member', 'GET', '/api/user')).json()).properties;
    const application = async () =>
      configResponseSchema.parse((await call('member', 'GET', '/api/config')).json()).realm.properties.config
        .applications[0];

    it('stores the legal texts and licences, each licence in revision 1, and audits it', async () => {
      expect(legalSchema.parse((await call('admin', 'GET', `/api/realms/${acme.id}/legal`)).json())).toEqual(
        {},
      );
      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/legal`, {
        tos: 'https://example.com/terms',
        copyright: '© Acme',
        licences: [EULA, PRIVACY],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(legalSchema.parse(response.json()).licences).toEqual([
        { ...EULA, revision: 1 },
        { ...PRIVACY, revision: 1 },
      ]);
      expect((await application())?.legal?.tos).toBe('https://example.com/terms');
      const [entry] = await auditOf('realm-legal');
      expect(entry).toMatchObject({ entityId: acme.id, before: {}, after: { copyright: '© Acme' } });
    });

    it('asks a member who accepted a licence to accept it again once its text changed', async () => {
      const accepted = {
        licensing: {
          licenses: {
            eula: { accepted: '2030-01-01T00:00:00.000Z', revision: 1 },
            privacy: { accepted: '2030-01-01T00:00:00.000Z', revision: 1 },
          },
        },
      };
      expect((await call('member', 'PUT', '/api/user', { user: { properties: accepted } })).statusCode).toBe(
        200,
      );
      expect(unacceptedLicences(await application(), await memberProperties())).toEqual([]);

      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/legal`, {
        licences: [{ ...EULA, text: 'Use it well, and only for your own organisation.' }, PRIVACY],
      });
      expect(legalSchema.parse(response.json()).licences?.map((licence) => licence.revision)).toEqual([2, 1]);
      expect(
        unacceptedLicences(await application(), await memberProperties()).map((licence) => licence.id),
      ).toEqual(['eula']);
    });

    it('answers a licence stored without a revision (by `realm setup`, say) as revision 1, and rewords it to 2', async () => {
      const repository = createRealmConfigRepository(db);
      const stored = await repository.findConfig(other.id);
      if (!stored) throw new Error('no realm');
      const [application, ...others] = stored.config.applications;
      await repository.replaceConfig(other.id, {
        ...stored.config,
        applications: [{ ...application!, legal: { licences: [EULA] } }, ...others],
      });
      const read = await call('operator', 'GET', `/api/realms/${other.id}/legal`);
      expect(read.json()).toEqual({ licences: [{ ...EULA, revision: 1 }] });
      const unchanged = await call('operator', 'PUT', `/api/realms/${other.id}/legal`, read.json());
      expect(unchanged.json()).toEqual({ licences: [{ ...EULA, revision: 1 }] });
      const reworded = await call('operator', 'PUT', `/api/realms/${other.id}/legal`, {
        licences: [{ ...EULA, text: 'Use it better.' }],
      });
      expect(reworded.json()).toEqual({ licences: [{ ...EULA, text: 'Use it better.', revision: 2 }] });
    });

    it('answers 400 naming a second licence with the same id, writing nothing', async () => {
      const before = await stateOf(acme.id);
      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/legal`, { licences: [EULA, EULA] });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('body/licences/1/id: Another licence has this id');
      const untitled = await call('admin', 'PUT', `/api/realms/${acme.id}/legal`, {
        licences: [{ ...EULA, title: '' }],
      });
      expect(untitled.statusCode).toBe(400);
      expect(untitled.json().message).toMatch(/^body\/licences\/0\/title: /);
      expect(await stateOf(acme.id)).toEqual(before);
    });

    it('answers 404 for another realm or an unknown one, and 403 to a member', async () => {
      const before = await stateOf(other.id);
      for (const realmId of [other.id, randomUUID()]) {
        expect((await call('admin', 'GET', `/api/realms/${realmId}/legal`)).statusCode).toBe(404);
        const write = await call('admin', 'PUT', `/api/realms/${realmId}/legal`, { licences: [EULA] });
        expect(write.statusCode).toBe(404);
        expect(write.json().message).toBe(REALM_NOT_FOUND);
      }
      expect(await stateOf(other.id)).toEqual(before);
      const byMember = await call('member', 'PUT', `/api/realms/${acme.id}/legal`, { licences: [] });
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().message).toBe('You are not allowed to update Realm');
    });
  });

  describe('GET and PUT /api/realms/:realmId/settings', () => {
    const settingsOf = async () =>
      realmSettingsResponseSchema.parse(
        (await call('admin', 'GET', `/api/realms/${acme.id}/settings`)).json(),
      );

    const waitForRun = async (id: string) => {
      await expect
        .poll(
          async () =>
            recalculationRunSchema.parse((await call('admin', 'GET', `/api/recalculations/${id}`)).json())
              .status,
          { timeout: 10_000 },
        )
        .toBe('completed');
    };

    it('moves the realm to another set with a recalculation: its results and setting switch together', async () => {
      expect(await settingsOf()).toEqual({
        gwpSetId: 'AR5',
        recalculation: null,
        hasResultsOnOtherGwpSets: false,
      });
      const created = await call('admin', 'POST', '/api/facilities/north/activity-records', DIESEL);
      expect(created.statusCode, created.body).toBe(201);

      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/settings`, { gwpSetId: 'AR6' });
      expect(response.statusCode, response.body).toBe(202);
      const answer = realmSettingsResponseSchema.parse(response.json());
      expect(answer).toMatchObject({ gwpSetId: 'AR5', recalculation: { gwp: 'AR6', total: 1 } });
      await waitForRun(answer.recalculation?.id ?? '');

      expect(await settingsOf()).toEqual({
        gwpSetId: 'AR6',
        recalculation: null,
        hasResultsOnOtherGwpSets: false,
      });
      const [entry] = await auditOf('realm-settings');
      expect(entry).toMatchObject({
        entityId: acme.id,
        actorEmail: ADMIN.email,
        before: { gwpSetId: 'AR5' },
        after: { gwpSetId: 'AR6', recalculationId: answer.recalculation?.id },
      });
      const trail = activityRecordTrailResponseSchema.parse(
        (await call('admin', 'GET', `/api/activity-records/${created.json().id}/trail`)).json(),
      );
      expect(trail.results.map((result) => result.gwpSetId)).toEqual(['AR6']);

      // A record written now is calculated on the realm's new set.
      const later = await call('admin', 'POST', '/api/facilities/north/activity-records', {
        ...DIESEL,
        periodStart: '2024-02-01',
        periodEnd: '2024-02-29',
      });
      expect(
        activityRecordTrailResponseSchema
          .parse((await call('admin', 'GET', `/api/activity-records/${later.json().id}/trail`)).json())
          .results.map((result) => result.gwpSetId),
      ).toEqual(['AR6']);
    });

    it('answers 400 naming the field for an unknown set, writing nothing', async () => {
      const before = await stateOf(acme.id);
      const response = await call('admin', 'PUT', `/api/realms/${acme.id}/settings`, { gwpSetId: 'AR3' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body\/gwpSetId: /);
      expect(await stateOf(acme.id)).toEqual(before);
    });

    it('answers 404 for another realm or an unknown one, and 403 to a member', async () => {
      const before = await stateOf(other.id);
      for (const realmId of [other.id, randomUUID()]) {
        expect((await call('admin', 'GET', `/api/realms/${realmId}/settings`)).statusCode).toBe(404);
        const write = await call('admin', 'PUT', `/api/realms/${realmId}/settings`, { gwpSetId: 'AR4' });
        expect(write.statusCode).toBe(404);
      }
      expect(await stateOf(other.id)).toEqual(before);
      const read = await call('member', 'GET', `/api/realms/${acme.id}/settings`);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe('You are not allowed to read Realm');
    });

    it('lets the operator’s administrator set another realm’s GWP set', async () => {
      const response = await call('operator', 'PUT', `/api/realms/${other.id}/settings`, { gwpSetId: 'AR4' });
      expect(response.statusCode, response.body).toBe(202);
      const runId = realmSettingsResponseSchema.parse(response.json()).recalculation?.id ?? '';
      await expect
        .poll(
          async () =>
            realmSettingsResponseSchema.parse(
              (await call('otherAdmin', 'GET', `/api/realms/${other.id}/settings`)).json(),
            ),
          { timeout: 10_000 },
        )
        .toEqual({ gwpSetId: 'AR4', recalculation: null, hasResultsOnOtherGwpSets: false });
      expect(runId).not.toBe('');
    });
  });
});
