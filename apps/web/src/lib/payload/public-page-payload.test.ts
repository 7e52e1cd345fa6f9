import { PUBLIC_PAGE_PAYLOAD_ELEMENT_ID, type PublicPagePayload } from '@ecc/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRealm, createTestTheme, jsonResponse, THEME_ID } from '../../test/fixtures.ts';
import {
  captureInlinePayload,
  derivePublicPagePayload,
  publicPagePayloadQueryOptions,
  readInlinePayload,
  setInlinePayload,
} from './public-page-payload.ts';

const payload: PublicPagePayload = {
  realm: { key: 'demo', name: 'Demo Energy Co.' },
  logo: '/brand/logo.svg',
  theme: createTestTheme(THEME_ID, 'Default', '#0f766e'),
  login: {
    logo: '/brand/logo.svg',
    background: '/brand/login-background.svg',
    backgroundPosition: 'right 10% center/50%',
  },
  strategies: [{ id: 'okta', name: 'Okta' }],
};

function inlineScript(content: string, type = 'application/json') {
  const script = document.createElement('script');
  script.id = PUBLIC_PAGE_PAYLOAD_ELEMENT_ID;
  script.type = type;
  script.textContent = content;
  document.body.appendChild(script);
}

afterEach(() => {
  document.getElementById(PUBLIC_PAGE_PAYLOAD_ELEMENT_ID)?.remove();
  setInlinePayload(undefined);
  vi.unstubAllGlobals();
});

describe('the public pages’ payload', () => {
  it('reads the payload the server inlined into the page', () => {
    inlineScript(JSON.stringify(payload));
    expect(readInlinePayload()).toEqual(payload);
  });

  it('fills the default login background position', () => {
    inlineScript(JSON.stringify({ ...payload, login: { logo: null, background: '/bg.svg' } }));
    expect(readInlinePayload()?.login.backgroundPosition).toBe('right 10% center/50%');
  });

  it('ignores a missing, non-JSON or invalid payload', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readInlinePayload()).toBeUndefined();
    inlineScript('{not json');
    expect(readInlinePayload()).toBeUndefined();
    document.getElementById(PUBLIC_PAGE_PAYLOAD_ELEMENT_ID)?.remove();
    inlineScript(JSON.stringify({ realm: { key: 'x' } }));
    expect(readInlinePayload()).toBeUndefined();
    document.getElementById(PUBLIC_PAGE_PAYLOAD_ELEMENT_ID)?.remove();
    inlineScript(JSON.stringify(payload), 'text/plain');
    expect(readInlinePayload()).toBeUndefined();
    log.mockRestore();
  });

  it('captures an inlined payload only on the pages that have one', () => {
    inlineScript(JSON.stringify(payload));
    expect(captureInlinePayload('/login')).toEqual({ path: '/login', payload });
    expect(captureInlinePayload('/benchmarks')).toBeUndefined();
  });

  it('uses the inlined payload for the page first loaded without a call', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    setInlinePayload({ path: '/login', payload });
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(publicPagePayloadQueryOptions('/login'))).resolves.toEqual(payload);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches {path}/_payload.json for a page that was not first loaded', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, payload));
    vi.stubGlobal('fetch', fetch);
    setInlinePayload({ path: '/login', payload });
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(publicPagePayloadQueryOptions('/about'))).resolves.toEqual(payload);
    expect(fetch).toHaveBeenCalledWith(
      '/about/_payload.json',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('computes the same shape from the realm when there is no payload', () => {
    const realm = createTestRealm({
      authentication: {
        strategies: [
          {
            active: true,
            name: 'Okta',
            id: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d',
            authorizationEndpoint: 'https://id.example/authorize',
            clientId: 'ecc',
            domain: 'id.example',
            issuer: 'https://id.example',
            jwksURI: 'https://id.example/jwks',
            organizationId: 'org',
            service: 'oidc',
            tokenEndpoint: 'https://id.example/token',
            type: 'oidc',
          },
          {
            active: false,
            name: 'Retired',
            authorizationEndpoint: 'https://old.example/authorize',
            clientId: 'ecc',
            domain: 'old.example',
            issuer: 'https://old.example',
            jwksURI: 'https://old.example/jwks',
            organizationId: 'org',
            service: 'oidc',
            tokenEndpoint: 'https://old.example/token',
            type: 'oidc',
          },
        ],
      },
    });
    expect(derivePublicPagePayload(realm, '/login')).toEqual({
      ...payload,
      strategies: [{ id: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d', name: 'Okta' }],
    });
  });
});
