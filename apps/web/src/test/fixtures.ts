import {
  hexToStoredColor,
  publicPagePayloadEndpoints,
  realmSchema,
  type ApplicationConfig,
  type EquipmentItem,
  type EquipmentTypeDetail,
  type FacilityDto,
  type PermissionRow,
  type Realm,
  type Session,
  type StoredTheme,
  type User,
} from '@ecc/contracts';
import { derivePublicPagePayload } from '../lib/payload/public-page-payload.ts';

export const THEME_ID = '6f1c2f0e-8a5b-4c3d-9e2f-1a2b3c4d5e6f';
export const OTHER_THEME_ID = '7a2d3e1f-9b6c-4d4e-8f3a-2b3c4d5e6f70';

export function createTestTheme(id: string, name: string, primary: string): StoredTheme {
  return {
    id,
    name,
    logo: '/brand/logo.svg',
    colors: {
      light: { background: hexToStoredColor('#ffffff'), primary: hexToStoredColor(primary) },
      dark: { background: hexToStoredColor('#000000'), mutedForeground: hexToStoredColor('#aabbcc') },
    },
    login: {
      logo: '/brand/logo.svg',
      background: '/brand/login-background.svg',
      backgroundPosition: 'right 10% center/50%',
    },
  };
}

export function createTestRealm(application: Partial<ApplicationConfig> = {}, themes?: StoredTheme[]): Realm {
  return realmSchema.parse({
    id: '0b8e7f6a-5d4c-4b3a-9f8e-7d6c5b4a3f2e',
    active: true,
    realm: 'demo',
    name: 'Demo Energy Co.',
    type: 'customer',
    domains: ['localhost'],
    key: 'demo',
    parentKey: null,
    'created-by': null,
    'modified-by': null,
    'created-on': '2026-01-01T00:00:00.000Z',
    'modified-on': '2026-01-01T00:00:00.000Z',
    properties: {
      config: {
        applications: [
          {
            name: 'Emissions Control Center',
            plan: 'CORE',
            themes: [{ selected: THEME_ID }],
            ...application,
          },
        ],
        themes: themes ?? [createTestTheme(THEME_ID, 'Default', '#0f766e')],
      },
    },
  });
}

export const TEST_SESSION: Session = {
  email: 'demo@example.com',
  tokenExpr: Math.floor(Date.now() / 1000) + 3600,
};
export const TEST_USER: User = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  realm: 'demo',
  properties: { name: 'Dana Demo' },
};

function ownRealmGrant(subject: string, action: string, id = '.*'): PermissionRow {
  return {
    id: `grant-${subject}-${action}`,
    active: true,
    type: 'REGEX_GRANT',
    data: { realm: '\\own', subject, id, action },
    right: 'test',
  };
}

/** The default admin role's grant: everything in the user's own realm. */
export const ADMIN_PERMISSIONS: PermissionRow[] = [ownRealmGrant('all', 'manage')];

/** The default member role's grants (packages/db/src/default-roles.ts). */
export const MEMBER_PERMISSIONS: PermissionRow[] = [
  ...[
    'Facility',
    'Equipment',
    'EquipmentType',
    'ActivityRecord',
    'EmissionFactor',
    'ImportBatch',
    'Report',
    'AuditLog',
  ].map((subject) => ownRealmGrant(subject, 'read')),
  ownRealmGrant('Equipment', 'create'),
  ownRealmGrant('Equipment', 'update'),
  ownRealmGrant('ActivityRecord', 'create'),
  ownRealmGrant('ActivityRecord', 'update'),
  ownRealmGrant('ActivityRecord', 'delete'),
  ownRealmGrant('ImportBatch', 'create'),
  ownRealmGrant('User', 'read', '\\principal'),
  ownRealmGrant('User', 'update', '\\principal'),
];

export const TEST_RIGHTS = [{ id: 'test', name: 'Test' }];

/**
 * The answers of a signed-in TEST_USER holding these grants: the session, the user and the two authz lists the
 * browser builds its abilities from. Undefined for any other path, so a test's own fake fetch can fall back.
 */
export function answerSignedIn(
  url: URL,
  permissions: PermissionRow[] = ADMIN_PERMISSIONS,
): Response | undefined {
  switch (url.pathname) {
    case '/api/auth/session':
      return jsonResponse(200, TEST_SESSION);
    case '/api/user':
      return jsonResponse(200, TEST_USER);
    case `/api/immutably/authz/principals/${TEST_USER.id}/permissions`:
      return jsonResponse(200, {
        results: permissions,
        count: permissions.length,
        total: permissions.length,
        offset: 0,
      });
    case '/api/immutably/authz/rights':
      return jsonResponse(200, {
        results: TEST_RIGHTS,
        count: TEST_RIGHTS.length,
        total: TEST_RIGHTS.length,
        offset: 0,
      });
    default:
      return undefined;
  }
}

export interface FakeServer {
  realm?: Realm | null;
  session?: Session | null;
  user?: User | null;
  /** The signed-in user's grants; the admin's by default. */
  permissions?: PermissionRow[];
  extra?: Record<string, () => Response>;
}

export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that answers like the server of the brief's API contract. */
export function createFakeFetch(server: FakeServer) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const extra = server.extra?.[url.pathname];
    if (extra) return extra();
    if (
      url.pathname === publicPagePayloadEndpoints['/login'].path ||
      url.pathname === publicPagePayloadEndpoints['/about'].path
    ) {
      return server.realm
        ? jsonResponse(200, derivePublicPagePayload(server.realm, url.pathname.replace('/_payload.json', '')))
        : jsonResponse(
            404,
            { statusCode: 404, error: 'Not Found', message: 'Could not find a realm on the server.' },
            'Not Found',
          );
    }
    switch (url.pathname) {
      case '/api/config':
        return server.realm
          ? jsonResponse(200, { realm: server.realm })
          : jsonResponse(
              404,
              { statusCode: 404, error: 'Not Found', message: 'Could not find a realm on the server.' },
              'Not Found',
            );
      case '/api/auth/session':
        return server.session
          ? jsonResponse(200, server.session)
          : jsonResponse(
              401,
              { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
              'Unauthorized',
            );
      case '/api/user':
        return server.user
          ? jsonResponse(200, server.user)
          : jsonResponse(
              401,
              { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
              'Unauthorized',
            );
      case '/api/auth/logout':
        return jsonResponse(200, { url: '/login' });
      case '/api/immutably/authz/rights':
        return server.session
          ? jsonResponse(200, { results: TEST_RIGHTS, count: 1, total: 1, offset: 0 })
          : jsonResponse(
              401,
              { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
              'Unauthorized',
            );
      case '/api/feature-flags':
        return server.session
          ? jsonResponse(200, { flags: [], canManageDefinitions: false })
          : jsonResponse(
              401,
              { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
              'Unauthorized',
            );
      default:
        if (server.session && server.user && url.pathname.startsWith('/api/immutably/authz/principals/')) {
          const permissions = server.permissions ?? ADMIN_PERMISSIONS;
          return jsonResponse(200, {
            results: permissions,
            count: permissions.length,
            total: permissions.length,
            offset: 0,
          });
        }
        return jsonResponse(
          404,
          { statusCode: 404, error: 'Not Found', message: `No route ${url.pathname}` },
          'Not Found',
        );
    }
  };
}

const BOILER_VERSION = {
  version: 1,
  schema: { type: 'object', properties: { capacity: { type: 'number', title: 'Capacity' } } },
  activityTypes: [],
  calculationMethodId: null,
  createdOn: '2026-01-01T00:00:00.000Z',
};

/** An equipment type with one version and one field, as `GET /api/equipment/types/boiler` answers it. */
export const BOILER_TYPE: EquipmentTypeDetail = {
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  key: 'boiler',
  name: 'Boiler',
  currentVersion: 1,
  current: BOILER_VERSION,
  versions: [BOILER_VERSION],
};

/** A boiler of that type, as `GET /api/equipment/{id}` answers it. */
export const BOILER_ITEM: EquipmentItem = {
  id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
  facilityId: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
  facilityName: 'North Plant',
  typeKey: 'boiler',
  typeName: 'Boiler',
  typeVersion: 1,
  name: 'Boiler 1',
  properties: { capacity: 12 },
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-01T00:00:00.000Z',
};

/**
 * A facility as the API answers it: in the boundary, wholly owned, without emissions or a location beyond its
 * country, unless the test says otherwise.
 */
export function createTestFacility(
  overrides: Partial<Omit<FacilityDto, 'location'>> & {
    name: string;
    location?: Partial<FacilityDto['location']>;
  },
): FacilityDto {
  const { location, ...facility } = overrides;
  return {
    id: 'f1',
    slug: overrides.name.toLowerCase().replaceAll(' ', '-'),
    sector: 'Power Plants',
    naics: null,
    co2e: null,
    co2eSource: null,
    co2eYear: null,
    ghgrpId: null,
    archivedOn: null,
    businessUnitId: null,
    ownershipSharePercent: 100,
    isInBoundary: true,
    boundaryExclusionReason: null,
    ...facility,
    location: {
      address: null,
      city: null,
      state: null,
      postalCode: null,
      country: 'US',
      latitude: null,
      longitude: null,
      ...location,
    },
  };
}
