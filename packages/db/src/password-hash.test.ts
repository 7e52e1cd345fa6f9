import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('hashes with argon2id and a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hashPassword('demo-password'), hashPassword('demo-password')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('accepts the right password only', async () => {
    const hash = await hashPassword('demo-password');
    expect(await verifyPassword(hash, 'demo-password')).toBe(true);
    expect(await verifyPassword(hash, 'Demo-password')).toBe(false);
  });

  it('never accepts a sign-in without a stored hash, or with a malformed one', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
