import { and, eq } from 'drizzle-orm';
import { permissions, type Database } from '@ecc/db';

/**
 * Deactivates the facility grants a realm gives its roles, so its members become users of the realm without
 * the right a page needs (the export tests' reader who must be refused). Sessions signed in before keep their
 * old rights: sign in again after.
 */
export async function withdrawRoleFacilityGrants(db: Database, realmId: string): Promise<void> {
  await db
    .update(permissions)
    .set({ active: false })
    .where(
      and(
        eq(permissions.realmId, realmId),
        eq(permissions.principalType, 'role'),
        eq(permissions.rightId, 'facilities'),
      ),
    );
}
