import {
  hexToStoredColor,
  publicPagePayloadPath,
  realmSchema,
  type ApplicationConfig,
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

export interface FakeServer {
  realm?: Realm | null;
  session?: Session | null;
  user?: User | null;
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
      url.pathname === publicPagePayloadPath('/login') ||
      url.pathname === publicPagePayloadPath('/about')
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
      case '/api/feature-flags':
        return server.session
          ? jsonResponse(200, { flags: [], canManageDefinitions: false })
          : jsonResponse(
              401,
              { statusCode: 401, error: 'Unauthorized', message: 'Not signed in' },
              'Unauthorized',
            );
      default:
        return jsonResponse(
          404,
          { statusCode: 404, error: 'Not Found', message: `No route ${url.pathname}` },
          'Not Found',
        );
    }
  };
}
