import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane); its Algorithm enum
// is a const enum that isolated modules cannot import, so the default is relied on and checked by a test.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let unknownUserHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user) it still verifies against a throwaway
 * hash, so an unknown user costs the same time as a wrong password and the two cannot be told apart.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  unknownUserHash ??= hash(randomBytes(32).toString('base64'));
  const hashToCheck = storedHash ?? (await unknownUserHash);
  try {
    const isMatch = await verify(hashToCheck, password);
    return isMatch && storedHash !== undefined;
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}
