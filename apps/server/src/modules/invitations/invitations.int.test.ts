import { INVITATION_NOT_FOUND_MESSAGE, type Realm } from '@ecc/contracts';
import { createInvitationRepository, invitations } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookieOf, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '#test-support/local-smtp-server.ts';
import { ADMIN, createTwoRealms, MEMBER } from '#test-support/two-realms.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('invitation API', () => {
  let smtp: LocalSmtpServer;
  let testApp: TestApp;
  let acme: Realm;
  let adminToken: string;
  let memberToken: string;
  let otherToken: string;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    testApp = await createTestApp({ env: { SMTP_URL: smtp.url } });
    const realms = await createTwoRealms(testApp, { acme: { name: 'Acme Corp' } });
    acme = realms.acme;
    adminToken = realms.tokens.admin;
    memberToken = realms.tokens.member;
    otherToken = realms.tokens.otherAdmin;
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const call = (
    token: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    host = 'acme.test',
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host, ...(token ? withSession(token) : {}) },
      ...(payload ? { payload } : {}),
    });

  /** The token of the latest mail to this address, read from the mail as the recipient would. */
  function tokenMailedTo(email: string): string {
    const mail = smtp.received.findLast((each) => each.to.includes(email));
    const token = mail?.data.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`No invitation mail to ${email}`);
    return token;
  }

  it('invites by e-mail, lists the invitation as pending and records the mail in the outbox', async () => {
    const created = await call(adminToken, 'POST', '/api/invitations', {
      email: 'New.Person@Example.com',
      role: 'member',
    });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation).toMatchObject({ email: 'new.person@example.com', role: 'member', status: 'pending' });
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.createdOn).getTime()).toBe(7 * DAY);

    const listed = await call(adminToken, 'GET', '/api/invitations');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().invitations).toContainEqual(invitation);

    const [mail] = await createInvitationRepository(testApp.database.db).listEmails(acme.id);
    expect(mail).toMatchObject({ to: 'new.person@example.com', error: null });
    expect(mail?.subject).toContain('Acme Corp');
    expect(mail?.text).toContain('http://acme.test/invite/[token withheld]');
    expect(smtp.received.at(-1)?.data).toMatch(/http:\/\/acme\.test\/invite\/[A-Za-z0-9_-]{43}/);

    // Only the token's hash is stored.
    const token = tokenMailedTo('new.person@example.com');
    const rows = await testApp.database.db.select().from(invitations);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('answers 400 naming the field for a bad e-mail or role', async () => {
    const badEmail = await call(adminToken, 'POST', '/api/invitations', { email: 'nope', role: 'member' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toMatch(/email/);
    const badRole = await call(adminToken, 'POST', '/api/invitations', {
      email: 'a@example.com',
      role: 'owner',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/role/);
  });

  it('answers 409 for an address that is already a user or already has a pending invitation', async () => {
    const existingUser = await call(adminToken, 'POST', '/api/invitations', {
      email: MEMBER.email.toUpperCase(),
      role: 'member',
    });
    expect(existingUser.statusCode).toBe(409);
    expect(existingUser.json().fieldErrors).toEqual({
      'body/email': `${MEMBER.email} is already a user of this realm`,
    });

    await call(adminToken, 'POST', '/api/invitations', { email: 'twice@example.com', role: 'admin' });
    const again = await call(adminToken, 'POST', '/api/invitations', {
      email: 'twice@example.com',
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({
      'body/email': 'twice@example.com already has a pending invitation',
    });
  });

  it('never leaves a pending invitation for an address that an acceptance made a user at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `race-${round}@example.com`;
      expect((await call(adminToken, 'POST', '/api/invitations', { email, role: 'member' })).statusCode).toBe(
        201,
      );
      const token = tokenMailedTo(email);
      // Its acceptance makes the address a user; an invitation of it at the same moment must see one or the other.
      const [accepted, invited] = await Promise.all([
        call(undefined, 'POST', '/api/invitations/accept', { token, password: 'racer-password' }),
        call(adminToken, 'POST', '/api/invitations', { email, role: 'admin' }),
      ]);
      expect(accepted.statusCode).toBe(200);
      expect(invited.statusCode).toBe(409);
      const pending = (await call(adminToken, 'GET', '/api/invitations'))
        .json<{ invitations: { email: string; status: string }[] }>()
        .invitations.filter((each) => each.email === email && each.status === 'pending');
      expect(pending).toEqual([]);
    }
  });

  it('forbids members every management endpoint and hides the invitations from other realms', async () => {
    const created = await call(adminToken, 'POST', '/api/invitations', {
      email: 'm@example.com',
      role: 'member',
    });
    const { id } = created.json();
    for (const [method, url, payload] of [
      ['GET', '/api/invitations', undefined],
      ['POST', '/api/invitations', { email: 'x@example.com', role: 'member' }],
      ['POST', `/api/invitations/${id}/resend`, undefined],
      ['DELETE', `/api/invitations/${id}`, undefined],
    ] as const) {
      const response = await call(memberToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const otherList = await call(otherToken, 'GET', '/api/invitations', undefined, 'other.test');
    expect(otherList.json()).toEqual({ invitations: [] });
    const otherResend = await call(
      otherToken,
      'POST',
      `/api/invitations/${id}/resend`,
      undefined,
      'other.test',
    );
    expect(otherResend.statusCode).toBe(404);
    const otherRevoke = await call(otherToken, 'DELETE', `/api/invitations/${id}`, undefined, 'other.test');
    expect(otherRevoke.statusCode).toBe(404);
    const badId = await call(adminToken, 'DELETE', '/api/invitations/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
  });

  it('accepts once: creates the user with the role, signs them in, and the link then answers 404', async () => {
    await call(adminToken, 'POST', '/api/invitations', { email: 'joiner@example.com', role: 'admin' });
    const token = tokenMailedTo('joiner@example.com');

    const preview = await call(undefined, 'GET', `/api/invitations/accept/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email: 'joiner@example.com', realmName: 'Acme Corp' });

    const shortPassword = await call(undefined, 'POST', '/api/invitations/accept', {
      token,
      password: 'short',
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().message).toMatch(/password/);

    const accepted = await call(undefined, 'POST', '/api/invitations/accept', {
      token,
      password: 'joiner-password',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ realm: 'acme' });
    const session = sessionCookieOf(accepted);
    expect(session).toBeDefined();
    const me = await call(session, 'GET', '/api/auth/session');
    expect(me.json()).toMatchObject({ email: 'joiner@example.com' });
    // The new administrator holds the invited role.
    expect((await call(session, 'GET', '/api/invitations')).statusCode).toBe(200);

    const listed = await call(adminToken, 'GET', '/api/invitations');
    expect(listed.json().invitations).toContainEqual(
      expect.objectContaining({ email: 'joiner@example.com', status: 'accepted' }),
    );
    const reused = await call(undefined, 'POST', '/api/invitations/accept', {
      token,
      password: 'another-password',
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(INVITATION_NOT_FOUND_MESSAGE);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${token}`)).statusCode).toBe(404);
    await signIn(testApp.app, { email: 'joiner@example.com', password: 'joiner-password' }, 'acme.test');
  });

  it('answers the same 404 for an unknown token and for a token used on another realm host', async () => {
    await call(adminToken, 'POST', '/api/invitations', { email: 'host@example.com', role: 'member' });
    const token = tokenMailedTo('host@example.com');
    const unknown = await call(undefined, 'GET', `/api/invitations/accept/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVITATION_NOT_FOUND_MESSAGE);
    const elsewhere = await call(
      undefined,
      'GET',
      `/api/invitations/accept/${token}`,
      undefined,
      'other.test',
    );
    expect(elsewhere.json()).toEqual(unknown.json());
    const acceptElsewhere = await call(
      undefined,
      'POST',
      '/api/invitations/accept',
      { token, password: 'host-password' },
      'other.test',
    );
    expect(acceptElsewhere.statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${token}`)).statusCode).toBe(200);
  });

  it('resend gives a new token and kills the old one; revoke kills the link', async () => {
    const created = await call(adminToken, 'POST', '/api/invitations', {
      email: 'resend@example.com',
      role: 'member',
    });
    const { id } = created.json();
    const oldToken = tokenMailedTo('resend@example.com');
    const resent = await call(adminToken, 'POST', `/api/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id, status: 'pending' });
    const newToken = tokenMailedTo('resend@example.com');
    expect(newToken).not.toBe(oldToken);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${oldToken}`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${newToken}`)).statusCode).toBe(200);

    const revoked = await call(adminToken, 'DELETE', `/api/invitations/${id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${newToken}`)).statusCode).toBe(404);
    const listed = await call(adminToken, 'GET', '/api/invitations');
    expect(listed.json().invitations).toContainEqual(expect.objectContaining({ id, status: 'revoked' }));
    const resendRevoked = await call(adminToken, 'POST', `/api/invitations/${id}/resend`);
    expect(resendRevoked.statusCode).toBe(409);
    // A revoked invitation no longer blocks a new one to the same address.
    const again = await call(adminToken, 'POST', '/api/invitations', {
      email: 'resend@example.com',
      role: 'member',
    });
    expect(again.statusCode).toBe(201);
  });

  it('expires after 7 days; resending an expired invitation makes it usable again', async () => {
    const created = await call(adminToken, 'POST', '/api/invitations', {
      email: 'late@example.com',
      role: 'member',
    });
    const { id } = created.json();
    const token = tokenMailedTo('late@example.com');
    testApp.advanceClock(7 * DAY - 60_000);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${token}`)).statusCode).toBe(200);
    testApp.advanceClock(60_000);
    expect((await call(undefined, 'GET', `/api/invitations/accept/${token}`)).statusCode).toBe(404);
    const accept = await call(undefined, 'POST', '/api/invitations/accept', {
      token,
      password: 'late-password',
    });
    expect(accept.statusCode).toBe(404);
    // A week on, the administrator's session has ended too.
    adminToken = await signIn(testApp.app, ADMIN, 'acme.test');
    const listed = await call(adminToken, 'GET', '/api/invitations');
    expect(listed.json().invitations).toContainEqual(expect.objectContaining({ id, status: 'expired' }));
    // An expired invitation does not block inviting the address again.
    const resent = await call(adminToken, 'POST', `/api/invitations/${id}/resend`);
    expect(resent.json()).toMatchObject({ id, status: 'pending' });
    const newToken = tokenMailedTo('late@example.com');
    const accepted = await call(undefined, 'POST', '/api/invitations/accept', {
      token: newToken,
      password: 'late-password',
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('throttles token guesses like sign-in: 20 wrong tokens from one address, then 429 even for a good one', async () => {
    await call(adminToken, 'POST', '/api/invitations', { email: 'guessed@example.com', role: 'member' });
    const token = tokenMailedTo('guessed@example.com');
    const fromAddress = (remoteAddress: string, method: 'GET' | 'POST', tokenTried: string) =>
      testApp.app.inject({
        method,
        remoteAddress,
        headers: { host: 'acme.test' },
        ...(method === 'GET'
          ? { url: `/api/invitations/accept/${tokenTried}` }
          : { url: '/api/invitations/accept', payload: { token: tokenTried, password: 'guess-password' } }),
      });
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fromAddress('203.0.113.7', index % 2 === 0 ? 'GET' : 'POST', `guess${index}`.padEnd(43, 'x')),
      ),
    );
    expect(guesses.map((guess) => guess.statusCode)).toEqual(Array.from({ length: 20 }, () => 404));
    const refused = await fromAddress('203.0.113.7', 'POST', token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    // The refused attempt created nothing; another address still opens the link.
    expect((await fromAddress('203.0.113.8', 'GET', token)).statusCode).toBe(200);
  });
});
