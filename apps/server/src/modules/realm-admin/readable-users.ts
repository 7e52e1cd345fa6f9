import type { RealmUser } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { canAccessRecord } from '@ecc/domain';
import type { FastifyRequest } from 'fastify';
import { abilityOfRequest, requireSession } from '#platform/route-access.ts';
import { listRealmUsers } from './realm-admin.service.ts';

/**
 * The realm's users the caller may read: an administrator all of them; a member, whose `read User` covers only
 * themself (`\principal`), their own row. The user list and its export both answer these.
 */
export async function readableRealmUsers(db: Database, request: FastifyRequest): Promise<RealmUser[]> {
  const session = requireSession(request);
  const { results } = await listRealmUsers(db, session.realm.id);
  const ability = await abilityOfRequest(request);
  return results.filter((user) =>
    canAccessRecord(ability, 'read', 'User', { realm: session.realm.key, id: user.id }),
  );
}
