import { publicPagePayloadSchema, realmSchema, type PublicPagePayload, type Realm } from '@ecc/contracts';
import { createDefaultRealmConfig } from '@ecc/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPublicPagePayload, inlinePublicPagePayload, selectTheme } from './public-pages.service.ts';

const LOGIN_THEME_ID = '0d6b1c8e-2f4a-4b7c-9d1e-3a5b7c9d1e2f';

function realmWithTwoThemes(): Realm {
  const config = createDefaultRealmConfig({ plan: 'CORE', logo: '/brand/logo.svg' });
  const [theme] = config.themes;
  if (!theme) throw new Error('no default theme');
  const loginTheme = {
    ...theme,
    id: LOGIN_THEME_ID,
    name: 'Login',
    login: { ...theme.login, background: '/bg.svg' },
  };
  const [application] = config.applications;
  if (!application) throw new Error('no application');
  return realmSchema.parse({
    id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
    active: true,
    realm: 'acme',
    name: 'Acme',
    type: 'organization',
    domains: [],
    key: 'acme',
    'created-by': null,
    'modified-by': null,
    'created-on': '2025-01-01T00:00:00.000Z',
    'modified-on': '2025-01-01T00:00:00.000Z',
    properties: {
      config: {
        ...config,
        themes: [theme, loginTheme],
        applications: [
          {
            ...application,
            themes: [{ selected: theme.id, overrides: [{ path: '/login', selected: LOGIN_THEME_ID }] }],
          },
        ],
      },
    },
  });
}

describe('selectTheme', () => {
  it("uses the application's selected theme, or a per-path override", () => {
    const realm = realmWithTwoThemes();
    expect(selectTheme(realm, '/about')?.name).toBe('Default');
    expect(selectTheme(realm, '/login')?.id).toBe(LOGIN_THEME_ID);
  });
});

describe('buildPublicPagePayload', () => {
  it('takes the logo and login background from the selected theme', () => {
    const payload = buildPublicPagePayload(realmWithTwoThemes(), '/login');
    expect(publicPagePayloadSchema.parse(payload)).toMatchObject({
      realm: { key: 'acme', name: 'Acme' },
      logo: '/brand/logo.svg',
      login: { logo: '/brand/logo.svg', background: '/bg.svg', backgroundPosition: 'right 10% center/50%' },
      strategies: [],
    });
  });
});

describe('inlinePublicPagePayload', () => {
  const payloadNamed = (name: string): PublicPagePayload => ({
    realm: { key: 'acme', name },
    logo: null,
    theme: null,
    login: { logo: null, background: null, backgroundPosition: 'right 10% center/50%' },
    strategies: [],
  });
  const html = '<!doctype html><html><head><title>x</title></head><body></body></html>';

  it('puts the payload in a JSON script element just before </head>', () => {
    expect(inlinePublicPagePayload(html, payloadNamed('Acme'))).toContain(
      '<script id="__ECC_PAYLOAD__" type="application/json">{"realm":{"key":"acme","name":"Acme"}',
    );
    expect(inlinePublicPagePayload(html, payloadNamed('Acme'))).toMatch(/<\/script><\/head>/);
  });

  it('for any text, keeps the one script element intact and the payload readable back', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const page = inlinePublicPagePayload(html, payloadNamed(name));
        const scripts = page.match(/<script[\s>]/g) ?? [];
        expect(scripts).toHaveLength(1);
        const json = /<script id="__ECC_PAYLOAD__" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1];
        expect(JSON.parse(json ?? '')).toEqual(payloadNamed(name));
      }),
    );
  });
});
