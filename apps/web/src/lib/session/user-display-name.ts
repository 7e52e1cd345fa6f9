import type { Session, User } from '@ecc/contracts';

/** A person's name from their properties when they have one, else their sign-in email. */
export function userDisplayName(user: User | null | undefined, session: Session | null | undefined): string {
  const properties = user?.properties ?? {};
  for (const key of ['name', 'displayName', 'fullName']) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim().length > 0) return value.trim();
  }
  return session?.email ?? 'Signed-in user';
}
