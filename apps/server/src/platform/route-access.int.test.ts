import { findRoute } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { MissingRouteAccessError, type PermissionAccess } from './route-access.ts';

const KNOWN_ACCESS_KINDS = ['public', 'session', 'permission'];

describe('route access declarations', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it('every registered route declares a known access', () => {
    expect(testApp.app.registeredRoutes.length).toBeGreaterThan(5);
    const undeclared = testApp.app.registeredRoutes.filter(
      (route) => !route.access || !KNOWN_ACCESS_KINDS.includes(route.access.kind),
    );
    expect(undeclared).toEqual([]);
  });

  it('the routes that need a session are the ones the contract names', () => {
    const sessionRoutes = testApp.app.registeredRoutes
      .filter((route) => route.access?.kind === 'session' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(sessionRoutes).toEqual([
      'GET /api/auth/session',
      'GET /api/feature-flags',
      'GET /api/immutably/authz/principals/:id/permissions',
      'GET /api/immutably/authz/rights',
      'GET /api/user',
      'POST /api/auth/logout-everywhere',
      'POST /api/auth/password',
      'POST /api/emissions/estimate',
      'PUT /api/user',
    ]);
  });

  it('the routes that need a permission name its action and subject', () => {
    const permissionRoutes = testApp.app.registeredRoutes
      .filter((route) => route.access?.kind === 'permission' && route.method !== 'HEAD')
      .map((route) => {
        const access = route.access as PermissionAccess;
        return `${route.method} ${route.url}: ${access.action} ${access.subject}`;
      })
      .sort();
    expect(permissionRoutes).toEqual([
      'DELETE /api/abatement/measures/:id: update Realm',
      'DELETE /api/activity-records/:id: delete ActivityRecord',
      'DELETE /api/analysis/views/:id/schedules/:scheduleId: update Report',
      'DELETE /api/analysis/views/:id: read Facility',
      'DELETE /api/assistant/conversations/:id: read Facility',
      'DELETE /api/calculation-bindings/:targetKind/:targetKey: update EmissionFactor',
      'DELETE /api/calculation-datasets/:id: update EmissionFactor',
      'DELETE /api/calculation-folders/:id: update EmissionFactor',
      'DELETE /api/calculations/:id/tests/:testId: update EmissionFactor',
      'DELETE /api/calculations/:id: update EmissionFactor',
      'DELETE /api/emission-factors/:id: delete EmissionFactor',
      'DELETE /api/equipment/:id: delete Equipment',
      'DELETE /api/feature-flags/definitions/:key: delete FeatureFlag',
      'DELETE /api/invitations/:id: delete Invitation',
      'DELETE /api/organisation/business-units/:id: update Realm',
      'DELETE /api/organisation/denominators/:id: update Facility',
      'DELETE /api/pathways/sector-pathways/:id: update Realm',
      'DELETE /api/pathways/targets/:id: update Realm',
      'DELETE /api/realm-admin/grants/:id: delete Permission',
      'DELETE /api/realms/:realmId/login-strategies/:strategyId: delete Realm',
      'DELETE /api/reports/:id/schedules/:scheduleId: update Report',
      'DELETE /api/scope3/lines/:id: delete ActivityRecord',
      'DELETE /api/scope3/price-indexes/:id: delete ActivityRecord',
      'GET /api/abatement/measures/:id: read Facility',
      'GET /api/abatement/measures: read Facility',
      'GET /api/activity-records/:id/trail.csv: read ActivityRecord',
      'GET /api/activity-records/:id/trail.xlsx: read ActivityRecord',
      'GET /api/activity-records/:id/trail: read ActivityRecord',
      'GET /api/analysis/dimension-values: read Facility',
      'GET /api/analysis/views/:id/schedules: read Report',
      'GET /api/analysis/views: read Facility',
      'GET /api/assistant/conversations/:id: read Facility',
      'GET /api/assistant/conversations: read Facility',
      'GET /api/audit-log/entity-types: read AuditLog',
      'GET /api/audit-log: read AuditLog',
      'GET /api/benchmarks/facilities/:id: read Facility',
      'GET /api/calculation-bindings: read Facility',
      'GET /api/calculation-datasets/:id: read Facility',
      'GET /api/calculation-datasets: read Facility',
      'GET /api/calculation-folders: read Facility',
      'GET /api/calculations/:id/tests: read Facility',
      'GET /api/calculations/:id/versions/:number: read Facility',
      'GET /api/calculations/:id/versions: read Facility',
      'GET /api/calculations/:id: read Facility',
      'GET /api/calculations: read Facility',
      'GET /api/emission-factors/drafts: read EmissionFactor',
      'GET /api/emission-factors: read EmissionFactor',
      'GET /api/equipment/:id: read Equipment',
      'GET /api/equipment/sites: read Equipment',
      'GET /api/equipment/types/:key: read EquipmentType',
      'GET /api/equipment/types: read EquipmentType',
      'GET /api/equipment: read Equipment',
      'GET /api/exports/abatement/macc: read Facility',
      'GET /api/exports/abatement/measures: read Facility',
      'GET /api/exports/abatement/plan: read Facility',
      'GET /api/exports/analysis/records: read ActivityRecord',
      'GET /api/exports/analysis/views/:id/schedules: read Report',
      'GET /api/exports/analysis: read Facility',
      'GET /api/exports/audit-log: read AuditLog',
      'GET /api/exports/benchmarks/facilities/:id: read Facility',
      'GET /api/exports/business-units: read Facility',
      'GET /api/exports/calculation-bindings: read Facility',
      'GET /api/exports/calculation-constants/gwp-sets: read Facility',
      'GET /api/exports/calculation-constants/units: read Facility',
      'GET /api/exports/calculation-datasets/:id: read Facility',
      'GET /api/exports/calculation-templates: read Facility',
      'GET /api/exports/calculations/:id/versions: read Facility',
      'GET /api/exports/calculations: read Facility',
      'GET /api/exports/denominators: read Facility',
      'GET /api/exports/emission-factors/drafts: read EmissionFactor',
      'GET /api/exports/emission-factors: read EmissionFactor',
      'GET /api/exports/equipment: read Equipment',
      'GET /api/exports/facilities/:slug/activity-records: read ActivityRecord',
      'GET /api/exports/facilities/:slug/reported-emissions: read Facility',
      'GET /api/exports/facilities: read Facility',
      'GET /api/exports/feature-flags: read FeatureFlag',
      'GET /api/exports/inventory: read Facility',
      'GET /api/exports/invitations: read Invitation',
      'GET /api/exports/overview: read Facility',
      'GET /api/exports/pathways/sector-pathways: read Facility',
      'GET /api/exports/pathways/targets/:id/gap: read Facility',
      'GET /api/exports/pathways/targets: read Facility',
      'GET /api/exports/realms/:realmId/login-strategies: read Realm',
      'GET /api/exports/realms: read Realm',
      'GET /api/exports/reports/:id/schedules: read Report',
      'GET /api/exports/roles: read Role',
      'GET /api/exports/scope3/categories: read Facility',
      'GET /api/exports/scope3/hotspots: read Facility',
      'GET /api/exports/scope3/lines: read Facility',
      'GET /api/exports/users: read User',
      'GET /api/facilities/:slug/activity-records: read ActivityRecord',
      'GET /api/facilities/:slug/trail.csv: read ActivityRecord',
      'GET /api/facilities/:slug/trail.xlsx: read ActivityRecord',
      'GET /api/facilities/:slug/trail: read ActivityRecord',
      'GET /api/facilities/:slug: read Facility',
      'GET /api/facilities/map: read Facility',
      'GET /api/facilities/sectors: read Facility',
      'GET /api/facilities/states: read Facility',
      'GET /api/facilities: read Facility',
      'GET /api/feature-flags/definitions: read FeatureFlag',
      'GET /api/graph/path: read Facility',
      'GET /api/graph/search: read Facility',
      'GET /api/graph: read Facility',
      'GET /api/imports/templates/:kind: create ImportBatch',
      'GET /api/invitations: read Invitation',
      'GET /api/organisation/boundary: read Facility',
      'GET /api/organisation/business-units: read Facility',
      'GET /api/organisation/currency: read Facility',
      'GET /api/organisation/denominators: read Facility',
      'GET /api/overview/years: read Facility',
      'GET /api/overview: read Facility',
      'GET /api/pathways/sector-pathways: read Facility',
      'GET /api/pathways/targets/:id/gap: read Facility',
      'GET /api/pathways/targets/:id: read Facility',
      'GET /api/pathways/targets: read Facility',
      'GET /api/pathways/trajectory: read Facility',
      'GET /api/realm-admin/roles: read Role',
      'GET /api/realm-admin/users: read User',
      'GET /api/realms/:realmId/legal: read Realm',
      'GET /api/realms/:realmId/login-strategies: read Realm',
      'GET /api/realms/:realmId/session-settings: read Realm',
      'GET /api/realms/:realmId/settings: read Realm',
      'GET /api/realms/:realmId/theme: read Theme',
      'GET /api/realms: read Realm',
      'GET /api/recalculations/:id: read ActivityRecord',
      'GET /api/reports/:id/export: read Report',
      'GET /api/reports/:id/schedules: read Report',
      'GET /api/reports/:id/versions/:number: read Report',
      'GET /api/reports/:id: read Report',
      'GET /api/reports/inventory/:year/change-reasons: read Facility',
      'GET /api/reports/inventory/years: read Facility',
      'GET /api/reports/inventory: read Facility',
      'GET /api/reports: read Report',
      'GET /api/scope3/eeio-factors: read Facility',
      'GET /api/scope3/lines: read Facility',
      'GET /api/scope3/price-indexes: read Facility',
      'GET /api/scope3/summary: read Facility',
      'PATCH /api/activity-records/:id: update ActivityRecord',
      'PATCH /api/calculations/:id: update EmissionFactor',
      'PATCH /api/facilities/:slug: update Facility',
      'PATCH /api/organisation/business-units/:id: update Realm',
      'PATCH /api/realm-admin/grants/:id: update Permission',
      'PATCH /api/realms/:realmId: update Realm',
      'POST /api/abatement/measures: update Realm',
      'POST /api/abatement/starter-set: update Realm',
      'POST /api/analysis/query: read Facility',
      'POST /api/analysis/records: read ActivityRecord',
      'POST /api/analysis/views/:id/schedules: update Report',
      'POST /api/analysis/views: read Facility',
      'POST /api/assistant/ask/stream: read Facility',
      'POST /api/assistant/ask: read Facility',
      'POST /api/calculation-datasets/import: update EmissionFactor',
      'POST /api/calculation-folders: update EmissionFactor',
      'POST /api/calculations/:id/copy: update EmissionFactor',
      'POST /api/calculations/:id/tests/run: update EmissionFactor',
      'POST /api/calculations/:id/tests: update EmissionFactor',
      'POST /api/calculations/:id/versions/:number/publish: update EmissionFactor',
      'POST /api/calculations/:id/versions: update EmissionFactor',
      'POST /api/calculations/dry-run: read EmissionFactor',
      'POST /api/calculations: update EmissionFactor',
      'POST /api/emission-factors/:id/publish: update EmissionFactor',
      'POST /api/emission-factors: create EmissionFactor',
      'POST /api/equipment/types/:key/versions: update EquipmentType',
      'POST /api/equipment/types: create EquipmentType',
      'POST /api/equipment: create Equipment',
      'POST /api/facilities/:slug/activity-records: create ActivityRecord',
      'POST /api/facilities: create Facility',
      'POST /api/feature-flags/definitions: create FeatureFlag',
      'POST /api/imports/activities/preview: create ImportBatch',
      'POST /api/imports/activities: create ImportBatch',
      'POST /api/imports/facilities/preview: create Facility',
      'POST /api/imports/facilities: create Facility',
      'POST /api/imports/ghgrp: create Facility',
      'POST /api/invitations/:id/resend: update Invitation',
      'POST /api/invitations: create Invitation',
      'POST /api/organisation/business-units: update Realm',
      'POST /api/pathways/optimize: read Facility',
      'POST /api/pathways/sector-pathways: update Realm',
      'POST /api/pathways/targets: update Realm',
      'POST /api/realm-admin/roles/:roleId/grants: create Permission',
      'POST /api/realm-admin/users/:id/deactivate: update User',
      'POST /api/realm-admin/users/:id/reactivate: update User',
      'POST /api/realms/:realmId/login-strategies: create Realm',
      'POST /api/realms: create Realm',
      'POST /api/recalculations: update Realm',
      'POST /api/reports/:id/schedules: update Report',
      'POST /api/reports/:id/sections: update Report',
      'POST /api/reports/:id/status: update Report',
      'POST /api/reports: create Report',
      'POST /api/scope3/eeio-factors/import: create ActivityRecord',
      'POST /api/scope3/lines/import: create ActivityRecord',
      'POST /api/scope3/lines: create ActivityRecord',
      'PUT /api/abatement/measures/:id: update Realm',
      'PUT /api/analysis/views/:id/schedules/:scheduleId: update Report',
      'PUT /api/analysis/views/:id: read Facility',
      'PUT /api/calculation-bindings: update EmissionFactor',
      'PUT /api/calculation-folders/:id: update EmissionFactor',
      'PUT /api/calculations/:id/tests/:testId: update EmissionFactor',
      'PUT /api/emission-factors/:id: update EmissionFactor',
      'PUT /api/equipment/:id: update Equipment',
      'PUT /api/feature-flags/definitions/:key: update FeatureFlag',
      'PUT /api/organisation/boundary: update Realm',
      'PUT /api/organisation/currency: update Realm',
      'PUT /api/organisation/denominators: update Facility',
      'PUT /api/pathways/sector-pathways/:id: update Realm',
      'PUT /api/pathways/targets/:id: update Realm',
      'PUT /api/realm-admin/users/:id/password: update User',
      'PUT /api/realm-admin/users/:id/role: update User',
      'PUT /api/realms/:realmId/legal: update Realm',
      'PUT /api/realms/:realmId/login-strategies/:strategyId: update Realm',
      'PUT /api/realms/:realmId/session-settings: update Realm',
      'PUT /api/realms/:realmId/settings: update Realm',
      'PUT /api/realms/:realmId/theme: update Theme',
      'PUT /api/reports/:id/schedules/:scheduleId: update Report',
      'PUT /api/reports/:id: update Report',
      'PUT /api/reports/inventory/:year/change-reasons: update Realm',
      'PUT /api/scope3/lines/:id: update ActivityRecord',
      'PUT /api/scope3/price-indexes: update ActivityRecord',
      'PUT /api/scope3/screenings/:category: update ActivityRecord',
    ]);
  });

  it('the pathway and abatement routes carry the plans of /pathways and /lighttouch from the route table', () => {
    const accessOf = (url: string) =>
      testApp.app.registeredRoutes.find((route) => route.url === url && route.method !== 'HEAD')
        ?.access as PermissionAccess;
    expect(accessOf('/api/pathways/trajectory')).toMatchObject({
      plans: findRoute('pathways').plans,
      feature: 'Decarbonisation pathways',
    });
    for (const url of [
      '/api/pathways/targets',
      '/api/pathways/targets/:id/gap',
      '/api/pathways/sector-pathways',
      '/api/exports/pathways/sector-pathways',
      '/api/exports/pathways/targets',
    ]) {
      expect(accessOf(url)).toMatchObject({
        plans: findRoute('pathways').plans,
        feature: 'Decarbonisation pathways',
      });
    }
    expect(accessOf('/api/pathways/optimize')).toMatchObject({
      plans: ['paid'],
      feature: 'Pathway optimizer',
    });
    for (const url of [
      '/api/abatement/measures',
      '/api/abatement/starter-set',
      '/api/exports/abatement/macc',
      '/api/exports/abatement/measures',
      '/api/exports/abatement/plan',
    ]) {
      expect(accessOf(url)).toMatchObject({ plans: ['paid'], feature: 'Pathway optimizer' });
    }
  });

  it('the analytics proxy routes are public: they check the write key of the realm themselves', () => {
    const analyticsRoutes = testApp.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/analytics') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${route.access?.kind}`)
      .sort();
    expect(analyticsRoutes).toEqual([
      'GET /api/analytics/sourceConfig public',
      'POST /api/analytics/v1/alias public',
      'POST /api/analytics/v1/batch public',
      'POST /api/analytics/v1/group public',
      'POST /api/analytics/v1/identify public',
      'POST /api/analytics/v1/page public',
      'POST /api/analytics/v1/track public',
    ]);
  });

  it('the OIDC sign-in routes are public GETs: the browser reaches them by navigation, before any session', () => {
    const oidcRoutes = testApp.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/auth/oidc') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${route.access?.kind}`)
      .sort();
    expect(oidcRoutes).toEqual([
      'GET /api/auth/oidc/:strategyId/start public',
      'GET /api/auth/oidc/callback public',
    ]);
  });

  it('every session and permission route answers 401 Unauthorized without a session, before reading the body', async () => {
    const signedInRoutes = testApp.app.registeredRoutes.filter(
      (each) => each.access?.kind === 'session' || each.access?.kind === 'permission',
    );
    for (const route of signedInRoutes) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { 'content-type': 'application/json' },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: '{malformed' } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      }
    }
  });

  it('refuses to register a route without an access declaration', async () => {
    const other = await createTestApp({ database: testApp.database });
    try {
      expect(() => other.app.get('/api/undeclared', async () => 'hello')).toThrow(MissingRouteAccessError);
    } finally {
      await other.close();
    }
  });
});
