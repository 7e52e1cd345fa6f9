import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthenticationStrategy, Realm, RealmConfig } from '@ecc/contracts';
import { auditLog, createInvitationRepository, invitations, sessions, userIdentities, users } from '@ecc/db';
import { eq, like } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  TEST_OIDC_CLIENT_ID,
  type TestOidcProvider,
} from '#test-support/oidc-test-provider.ts';
import { createTestApp, sessionCookieOf, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { OIDC_FLOW_COOKIE_NAME } from './oidc-flow-store.ts';
import {
  DOMAIN_NOT_ALLOWED_MESSAGE,
  NO_EMAIL_MESSAGE,
  NOT_INVITED_MESSAGE,
  ORGANIZATION_NOT_ALLOWED_MESSAGE,
} from './oidc.service.ts';

const ACME_HOST = 'acme.example.com';
const CALLBACK_URL = `http://${ACME_HOST}/api/auth/oidc/callback`;

const withStrategies =
  (...strategies: AuthenticationStrategy[]) =>
  (config: RealmConfig): RealmConfig => ({
    ...config,
    applications: config.applications.map((application) => ({
      ...application,
      authentication: { strategies },
    })),
  });

/** A cookie jar for talking to the provider with fetch, as a browser would. */
function createCookieJar() {
  const cookies = new Map<string, string>();
  return {
    store(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';');
        const separator = pair.indexOf('=');
        cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

const flowCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === OIDC_FLOW_COOKIE_NAME)?.value;

const loginErrorOf = (response: LightMyRequestResponse) => {
  const location = new URL(String(response.headers.location), 'http://x');
  return location.pathname === '/login' ? location.searchParams.get('error') : null;
};

/**
 * start → provider authorization → its login form → back to the callback, for the strategy of `strategyId`;
 * answers the callback's response.
 */
async function signInAtProvider(
  testApp: TestApp,
  provider: TestOidcProvider,
  strategyId: string,
  login: string,
  flowCookie?: (cookie: string) => string,
) {
  const start = await testApp.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/${strategyId}/start`,
    headers: { host: ACME_HOST },
  });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(String(start.headers.location));
  expect(authorizationUrl.origin).toBe(provider.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  const jar = createCookieJar();
  let response = await fetch(authorizationUrl, { redirect: 'manual' });
  jar.store(response);
  const interactionUrl = new URL(String(response.headers.get('location')), provider.issuer);
  response = await fetch(interactionUrl, { headers: { cookie: jar.header() } });
  const submitPath = /action="([^"]+)"/.exec(await response.text())?.[1] ?? '';
  response = await fetch(new URL(submitPath, provider.issuer), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }),
  });
  jar.store(response);
  // The provider resumes the authorization, then sends the browser back to our callback.
  let location = String(response.headers.get('location'));
  while (!location.startsWith(CALLBACK_URL)) {
    response = await fetch(new URL(location, provider.issuer), {
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.store(response);
    location = String(response.headers.get('location'));
  }
  const cookie = flowCookieOf(start) ?? '';
  return testApp.app.inject({
    method: 'GET',
    url: location.slice(`http://${ACME_HOST}`.length),
    headers: {
      host: ACME_HOST,
      cookie: `${OIDC_FLOW_COOKIE_NAME}=${flowCookie ? flowCookie(cookie) : cookie}`,
    },
  });
}

describe('OIDC sign-in with a real provider', () => {
  let testApp: TestApp;
  let provider: TestOidcProvider;
  let acme: Realm;
  beforeAll(async () => {
    provider = await startTestOidcProvider({ port: 0, redirectUris: [CALLBACK_URL] });
    testApp = await createTestApp({ env: { ECC_OIDC_ALLOW_INSECURE: '1' } });
    acme = await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: [ACME_HOST],
      configure: withStrategies(provider.strategy({ id: '0e8c1a52-5f38-4c52-9a43-5c7c3b5f5b0b' })),
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });

  const signInAs = (login: string, flowCookie?: (cookie: string) => string) =>
    signInAtProvider(testApp, provider, '0e8c1a52-5f38-4c52-9a43-5c7c3b5f5b0b', login, flowCookie);

  it('signs a new user in: a member linked by strategy and subject, a session, then home', async () => {
    const callback = await signInAs('grace');
    expect(loginErrorOf(callback)).toBeNull();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const token = sessionCookieOf(callback);
    expect(token).toBeDefined();
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { host: ACME_HOST, ...withSession(token ?? '') },
    });
    expect(session.json()).toMatchObject({ email: 'grace@oidc.example' });
    const user = await testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { host: ACME_HOST, ...withSession(token ?? '') },
    });
    expect(user.json()).toMatchObject({ realm: 'acme', properties: { name: 'Test grace' } });
    const identities = await testApp.database.db.select().from(userIdentities);
    expect(identities).toEqual([
      expect.objectContaining({
        strategyKey: '0e8c1a52-5f38-4c52-9a43-5c7c3b5f5b0b',
        issuer: provider.issuer,
        subject: 'grace',
      }),
    ]);
  });

  it('reads the e-mail from UserInfo when the ID token does not carry it (the provider at its defaults)', async () => {
    // The test provider runs oidc-provider with conformIdTokenClaims at its default: the ID token holds only
    // `sub`, so the address and name shown above came from the UserInfo endpoint.
    const callback = await signInAs('ursula');
    expect(callback.headers.location).toBe('/');
    const [user] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ursula@oidc.example'));
    expect(user?.properties).toMatchObject({ name: 'Test ursula' });
  });

  it('signs the same identity in again as the same user', async () => {
    const first = await signInAs('linus');
    const second = await signInAs('linus');
    expect(second.headers.location).toBe('/');
    expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first));
    const identities = await testApp.database.db.select().from(userIdentities);
    expect(identities.filter((identity) => identity.subject === 'linus')).toHaveLength(1);
  });

  it('never links by e-mail: an address already taken in the realm refuses the sign-in', async () => {
    await createTestUser(testApp.database.db, acme, {
      email: 'mallory@oidc.example',
      password: 'password-1',
    });
    const callback = await signInAs('mallory');
    expect(loginErrorOf(callback)).toBe(
      'An account with this e-mail address already exists. Sign in with your password instead.',
    );
    expect(sessionCookieOf(callback)).toBeUndefined();
  });

  it('refuses a callback without the flow cookie of its start', async () => {
    const withoutFlow = await signInAs('eve', () => 'made-up-flow');
    expect(loginErrorOf(withoutFlow)).toBe('Your sign-in expired or was started elsewhere. Try again.');
    expect(sessionCookieOf(withoutFlow)).toBeUndefined();
  });

  it('redirects an unknown or inactive strategy to the login page with a message', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/nope/start',
      headers: { host: ACME_HOST },
    });
    expect(response.statusCode).toBe(302);
    expect(loginErrorOf(response)).toBe('This sign-in method is not available.');
  });
});

const DOMAIN_STRATEGY_ID = '5a0d3c4e-2b1f-4c6d-8e9a-0b1c2d3e4f50';
const ORGANIZATION_STRATEGY_ID = '6b1e4d5f-3c2a-4d7e-9fab-1c2d3e4f5061';
const LINKED_STRATEGY_ID = '7c2f5e60-4d3b-4e8f-a0bc-2d3e4f506172';
const ROGUE_STRATEGY_ID = '8d306f71-5e4c-4f90-b1cd-3e4f50617283';
const NO_EMAIL_STRATEGY_ID = '9e417082-6f5d-4a01-82de-4f5061728394';

describe('OIDC sign-in that a realm controls: allow-lists and identities bound to their strategy', () => {
  let testApp: TestApp;
  let provider: TestOidcProvider;
  let fake: FakeProvider;
  beforeAll(async () => {
    provider = await startTestOidcProvider({ port: 0, redirectUris: [CALLBACK_URL] });
    fake = await startFakeProvider();
    testApp = await createTestApp({ env: { ECC_OIDC_ALLOW_INSECURE: '1' } });
    await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: [ACME_HOST],
      configure: withStrategies(
        provider.strategy({ id: DOMAIN_STRATEGY_ID, name: 'Domains', allowedDomains: ['oidc.example'] }),
        provider.strategy({
          id: ORGANIZATION_STRATEGY_ID,
          name: 'Organisations',
          organizationClaim: 'hd',
          allowedOrganizations: ['oidc.example', 'partner.example'],
        }),
        provider.strategy({ id: LINKED_STRATEGY_ID, name: 'Linked' }),
        // What an administrator made of a second strategy: their own provider's endpoints and keys, its issuer
        // edited to equal the first one's. It signs in only people with an invitation.
        {
          ...provider.strategy({ id: ROGUE_STRATEGY_ID, name: 'Rogue', createsMembers: false }),
          authorizationEndpoint: `${fake.issuer}/auth`,
          tokenEndpoint: `${fake.issuer}/token`,
          jwksURI: `${fake.issuer}/jwks`,
        },
        // A provider of our own making that shares no e-mail address, behind a domain list.
        {
          ...provider.strategy({
            id: NO_EMAIL_STRATEGY_ID,
            name: 'No e-mail',
            allowedDomains: ['oidc.example'],
          }),
          issuer: fake.issuer,
          authorizationEndpoint: `${fake.issuer}/auth`,
          tokenEndpoint: `${fake.issuer}/token`,
          jwksURI: `${fake.issuer}/jwks`,
          userinfoEndpoint: undefined,
        },
      ),
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
    await fake.close();
  });

  const refusalsOf = () =>
    testApp.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'oidc-sign-in-refusal'));

  async function expectRefused(response: LightMyRequestResponse, message: string) {
    expect(response.statusCode).toBe(302);
    expect(loginErrorOf(response)).toBe(message);
    expect(sessionCookieOf(response)).toBeUndefined();
  }

  it('signs in an address of an allowed domain, in any case', async () => {
    const plain = await signInAtProvider(testApp, provider, DOMAIN_STRATEGY_ID, 'ada');
    expect(plain.headers.location).toBe('/');
    const shouted = await signInAtProvider(testApp, provider, DOMAIN_STRATEGY_ID, 'cara@OIDC.Example');
    expect(shouted.headers.location).toBe('/');
  });

  it('refuses an address of any other domain, however alike, with a message and an audit entry', async () => {
    const logins = ['eve@evil-oidc.example', 'eve@oidc.example.evil.io', 'eve@sub.oidc.example'];
    for (const login of logins) {
      await expectRefused(
        await signInAtProvider(testApp, provider, DOMAIN_STRATEGY_ID, login),
        DOMAIN_NOT_ALLOWED_MESSAGE,
      );
    }
    const created = await testApp.database.db.select().from(users).where(like(users.email, 'eve@%'));
    expect(created).toEqual([]);
    const refusals = await refusalsOf();
    expect(refusals.map((entry) => entry.after)).toEqual(
      logins.map((login) =>
        expect.objectContaining({ reason: 'e-mail domain not allowed', email: login, subject: login }),
      ),
    );
    expect(refusals[0]).toMatchObject({ entityId: DOMAIN_STRATEGY_ID, actorEmail: null, action: 'create' });
  });

  it("checks the organisation claim (here `hd`, from UserInfo) against the strategy's list", async () => {
    const allowed = await signInAtProvider(testApp, provider, ORGANIZATION_STRATEGY_ID, 'bo@partner.example');
    expect(allowed.headers.location).toBe('/');
    await expectRefused(
      await signInAtProvider(testApp, provider, ORGANIZATION_STRATEGY_ID, 'bo@elsewhere.example'),
      ORGANIZATION_NOT_ALLOWED_MESSAGE,
    );
    const refusals = await refusalsOf();
    expect(refusals.at(-1)).toMatchObject({
      entityId: ORGANIZATION_STRATEGY_ID,
      after: { reason: 'organisation not allowed', hd: 'elsewhere.example' },
    });
  });

  it("does not take a user signing in through a strategy given another's issuer as that one's user", async () => {
    const linked = await signInAtProvider(testApp, provider, LINKED_STRATEGY_ID, 'linda');
    expect(linked.headers.location).toBe('/');
    // The rogue strategy's keys sign whatever it likes, with the issuer both strategies now name.
    const start = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/${ROGUE_STRATEGY_ID}/start`,
      headers: { host: ACME_HOST },
    });
    const authorizationUrl = new URL(String(start.headers.location));
    expect(authorizationUrl.origin).toBe(fake.issuer);
    const callback = await callbackFromFake(start, {
      iss: provider.issuer,
      sub: 'linda',
      email: 'someone@rogue.example',
      email_verified: true,
    });
    await expectRefused(callback, NOT_INVITED_MESSAGE);
  });

  it('refuses, and says why, a sign-in without an e-mail address through a strategy with a domain list', async () => {
    const start = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/${NO_EMAIL_STRATEGY_ID}/start`,
      headers: { host: ACME_HOST },
    });
    const callback = await callbackFromFake(start, { iss: fake.issuer, sub: 'nobody' });
    await expectRefused(callback, NO_EMAIL_MESSAGE);
    expect((await refusalsOf()).at(-1)).toMatchObject({
      entityId: NO_EMAIL_STRATEGY_ID,
      after: { reason: 'e-mail domain not allowed', email: null, subject: 'nobody' },
    });
  });

  /** Back from the fake provider to the callback, its token endpoint answering an ID token of these claims. */
  function callbackFromFake(start: LightMyRequestResponse, claims: JWTPayload) {
    const authorizationUrl = new URL(String(start.headers.location));
    const nonce = authorizationUrl.searchParams.get('nonce') ?? '';
    fake.nextIdToken = () =>
      new SignJWT({ aud: TEST_OIDC_CLIENT_ID, nonce, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-key' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(fake.signingKey);
    return testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback?code=c&state=${authorizationUrl.searchParams.get('state')}`,
      headers: { host: ACME_HOST, cookie: `${OIDC_FLOW_COOKIE_NAME}=${flowCookieOf(start)}` },
    });
  }
});

/** A provider of our own making: its token endpoint answers whatever ID token the test builds. */
interface FakeProvider {
  issuer: string;
  signingKey: CryptoKey;
  /** Set by each test: the ID token the token endpoint answers next. */
  nextIdToken: () => Promise<string>;
  close(): Promise<void>;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig', kid: 'fake-key' };
  const fake: FakeProvider = {
    issuer: '',
    signingKey: privateKey,
    nextIdToken: async () => '',
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.url === '/jwks') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ keys: [publicJwk] }));
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ access_token: 'access', token_type: 'Bearer', id_token: await fake.nextIdToken() }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

const INVITED_ONLY_STRATEGY_ID = '7b2e9c40-1d3f-4e8a-b5c6-0a9f8e7d6c5b';

describe('OIDC callback validation', () => {
  let testApp: TestApp;
  let fake: FakeProvider;
  let fakeRealm: Realm;
  const CLIENT_ID = 'ecc-client';
  beforeAll(async () => {
    fake = await startFakeProvider();
    testApp = await createTestApp({ env: { ECC_OIDC_ALLOW_INSECURE: '1' } });
    fakeRealm = await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: [ACME_HOST],
      configure: withStrategies(
        {
          active: true,
          authorizationEndpoint: `${fake.issuer}/auth`,
          clientId: CLIENT_ID,
          clientSecret: 'fake-secret',
          domain: '127.0.0.1',
          id: '3d1f6a3e-77a4-4a36-9d0e-2f4b8e2a9c11',
          issuer: fake.issuer,
          jwksURI: `${fake.issuer}/jwks`,
          name: 'Fake',
          organizationId: 'fake',
          service: 'oidc',
          tokenEndpoint: `${fake.issuer}/token`,
          type: 'oidc',
          createsMembers: true,
        },
        {
          active: true,
          authorizationEndpoint: `${fake.issuer}/auth`,
          clientId: CLIENT_ID,
          clientSecret: 'fake-secret',
          domain: '127.0.0.1',
          id: INVITED_ONLY_STRATEGY_ID,
          issuer: fake.issuer,
          jwksURI: `${fake.issuer}/jwks`,
          name: 'Fake, invited only',
          organizationId: 'fake',
          service: 'oidc',
          tokenEndpoint: `${fake.issuer}/token`,
          type: 'oidc',
        },
      ),
    });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });

  const sign = (claims: JWTPayload, key: CryptoKey = fake.signingKey) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);

  /** Starts a flow, then comes back to the callback with the state the test chooses and its ID token. */
  async function callbackWith(
    idToken: (expected: { nonce: string }) => Promise<string>,
    options: {
      state?: (state: string) => string;
      host?: string;
      beforeCallback?: () => void;
      strategyId?: string;
    } = {},
  ) {
    const start = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/${options.strategyId ?? '3d1f6a3e-77a4-4a36-9d0e-2f4b8e2a9c11'}/start`,
      headers: { host: ACME_HOST },
    });
    const authorizationUrl = new URL(String(start.headers.location));
    const nonce = authorizationUrl.searchParams.get('nonce') ?? '';
    const state = authorizationUrl.searchParams.get('state') ?? '';
    fake.nextIdToken = () => idToken({ nonce });
    options.beforeCallback?.();
    const query = new URLSearchParams({
      code: 'the-code',
      state: options.state ? options.state(state) : state,
    });
    return testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback?${query}`,
      headers: { host: options.host ?? ACME_HOST, cookie: `${OIDC_FLOW_COOKIE_NAME}=${flowCookieOf(start)}` },
    });
  }

  const goodClaims = (nonce: string) => ({
    iss: fake.issuer,
    aud: CLIENT_ID,
    sub: 'subject-1',
    nonce,
    email: 'dora@fake.example',
    email_verified: true,
  });

  async function expectNoSession(response: LightMyRequestResponse, message: string) {
    expect(response.statusCode).toBe(302);
    expect(loginErrorOf(response)).toBe(message);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await testApp.database.db.select().from(sessions)).toEqual([]);
  }

  const unverified = "The sign-in provider's answer could not be verified. Try again.";

  it('asks the provider for the code with PKCE (S256), state and nonce', async () => {
    const start = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/3d1f6a3e-77a4-4a36-9d0e-2f4b8e2a9c11/start',
      headers: { host: ACME_HOST },
    });
    const url = new URL(String(start.headers.location));
    expect(url.origin + url.pathname).toBe(`${fake.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK_URL,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/.{20,}/),
      nonce: expect.stringMatching(/.{20,}/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(url.searchParams.has('client_secret')).toBe(false);
    const cookie = start.cookies.find((each) => each.name === OIDC_FLOW_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses an ID token from another issuer', async () => {
    const response = await callbackWith(({ nonce }) =>
      sign({ ...goodClaims(nonce), iss: 'https://evil.example' }),
    );
    await expectNoSession(response, unverified);
  });

  it('refuses an ID token for another audience', async () => {
    const response = await callbackWith(({ nonce }) => sign({ ...goodClaims(nonce), aud: 'someone-else' }));
    await expectNoSession(response, unverified);
  });

  it('refuses an ID token with another nonce', async () => {
    const response = await callbackWith(() => sign(goodClaims('another-nonce')));
    await expectNoSession(response, unverified);
  });

  it('refuses an ID token signed by a key not in the provider JWKS', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const response = await callbackWith(({ nonce }) => sign(goodClaims(nonce), privateKey));
    await expectNoSession(response, unverified);
  });

  it('refuses a callback with another state', async () => {
    const response = await callbackWith(({ nonce }) => sign(goodClaims(nonce)), {
      state: () => 'forged-state',
    });
    await expectNoSession(response, unverified);
  });

  it("refuses to finish on another realm's host a flow started on this one", async () => {
    const response = await callbackWith(({ nonce }) => sign(goodClaims(nonce)), { host: 'localhost' });
    await expectNoSession(response, 'Your sign-in expired or was started elsewhere. Try again.');
  });

  it('refuses a flow older than ten minutes', async () => {
    const response = await callbackWith(
      async ({ nonce }) => {
        return sign(goodClaims(nonce));
      },
      { beforeCallback: () => testApp.advanceClock(10 * 60 * 1000 + 1000) },
    );
    await expectNoSession(response, 'Your sign-in expired or was started elsewhere. Try again.');
  });

  it('shows that the provider did not sign the user in when it answers an error', async () => {
    const start = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/3d1f6a3e-77a4-4a36-9d0e-2f4b8e2a9c11/start',
      headers: { host: ACME_HOST },
    });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback?error=access_denied&state=${state}`,
      headers: { host: ACME_HOST, cookie: `${OIDC_FLOW_COOKIE_NAME}=${flowCookieOf(start)}` },
    });
    await expectNoSession(response, 'The sign-in provider did not sign you in.');
  });

  it('uses an e-mail only when email_verified is true: missing or false refuses the sign-in', async () => {
    const message = 'The sign-in provider has not verified your e-mail address.';
    for (const emailVerified of [undefined, false, 'true']) {
      const response = await callbackWith(async ({ nonce }) => {
        const { email_verified: _verified, ...claims } = goodClaims(nonce);
        return sign(emailVerified === undefined ? claims : { ...claims, email_verified: emailVerified });
      });
      await expectNoSession(response, message);
    }
  });

  it('lets only invited people join by default: the invitation gives the role and is accepted', async () => {
    const invitedOnly = (subject: string, email: string) =>
      callbackWith(async ({ nonce }) => sign({ ...goodClaims(nonce), sub: subject, email }), {
        strategyId: INVITED_ONLY_STRATEGY_ID,
      });
    await expectNoSession(
      await invitedOnly('uninvited', 'uninvited@fake.example'),
      'You need an invitation to join this realm. Ask one of its administrators to invite your e-mail address.',
    );
    const inviter = await createTestUser(testApp.database.db, fakeRealm, {
      email: 'inviter@fake.example',
      password: 'inviter-password',
      role: 'admin',
    });
    const invitation = await createInvitationRepository(testApp.database.db).insert(
      fakeRealm.id,
      {
        email: 'invited@fake.example',
        role: 'admin',
        tokenHash: 'a'.repeat(64),
        // Far ahead: an earlier test moved the app's clock past its flow lifetime.
        expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        invitedBy: inviter.id,
      },
      new Date(),
    );
    const joined = await invitedOnly('invited', 'Invited@fake.example');
    expect(joined.headers.location).toBe('/');
    const [user] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'invited@fake.example'));
    expect(user?.role).toBe('admin');
    const [accepted] = await testApp.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, typeof invitation === 'object' ? invitation.id : ''));
    expect(accepted).toMatchObject({ status: 'accepted', acceptedUserId: user?.id });
  });

  it('accepts a valid ID token, and the flow cannot be used twice', async () => {
    const start = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/3d1f6a3e-77a4-4a36-9d0e-2f4b8e2a9c11/start',
      headers: { host: ACME_HOST },
    });
    const authorizationUrl = new URL(String(start.headers.location));
    const nonce = authorizationUrl.searchParams.get('nonce') ?? '';
    fake.nextIdToken = () => sign(goodClaims(nonce));
    const callback = () =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/callback?code=c&state=${authorizationUrl.searchParams.get('state')}`,
        headers: { host: ACME_HOST, cookie: `${OIDC_FLOW_COOKIE_NAME}=${flowCookieOf(start)}` },
      });
    const first = await callback();
    expect(first.headers.location).toBe('/');
    expect(sessionCookieOf(first)).toBeDefined();
    const replay = await callback();
    expect(loginErrorOf(replay)).toBe('Your sign-in expired or was started elsewhere. Try again.');
    expect(sessionCookieOf(replay)).toBeUndefined();
  });
});

describe('OIDC provider addresses without ECC_OIDC_ALLOW_INSECURE', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const strategy = (name: string, base: string): AuthenticationStrategy => ({
      active: true,
      authorizationEndpoint: `${base}/auth`,
      clientId: 'client',
      clientSecret: 'secret-that-must-not-leak',
      domain: 'example',
      issuer: base,
      jwksURI: `${base}/jwks`,
      name,
      organizationId: 'org',
      service: 'oidc',
      tokenEndpoint: `${base}/token`,
      type: 'oidc',
    });
    await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: [ACME_HOST],
      configure: withStrategies(
        strategy('Loopback', 'https://127.0.0.1:8443'),
        strategy('Metadata', 'https://169.254.169.254'),
        strategy('Plain', 'http://idp.example.com'),
      ),
    });
  });
  afterAll(() => testApp.close());

  it('refuses to start a flow at http or a private, loopback or link-local address', async () => {
    for (const name of ['Loopback', 'Metadata', 'Plain']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/${name}/start`,
        headers: { host: ACME_HOST },
      });
      expect(response.statusCode, name).toBe(302);
      expect(loginErrorOf(response), name).toBe("This sign-in method's provider address is not allowed.");
      expect(flowCookieOf(response), name).toBeUndefined();
    }
  });

  it('never shows the client secret in /api/config or the login page payload', async () => {
    for (const url of ['/api/config', '/login/_payload.json']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { host: ACME_HOST } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('secret-that-must-not-leak');
      expect(response.body, url).not.toContain('clientSecret');
    }
  });
});
