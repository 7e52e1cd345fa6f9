import type { Realm } from '@ecc/contracts';
import type { RealmRepository } from '@ecc/db';
import type { PermissionAction, PermissionSubject } from '@ecc/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { assertCan } from './route-access.ts';

export const REALM_NOT_FOUND = 'Realm not found';

/**
 * The realm a realm-addressed route (`/api/realms/:realmId/…`) works on, once the caller may do `action` on
 * `subject` (the realm itself, or its theme) of that realm: a realm they may not act on answers 404 exactly like a missing one. The caller's rights
 * come from their session; the path only names the target.
 */
export async function findTargetRealm(
  request: FastifyRequest,
  realms: RealmRepository,
  realmId: string,
  action: PermissionAction,
  subject: PermissionSubject = 'Realm',
): Promise<Realm> {
  const realm = await realms.findById(realmId);
  if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
  await assertCan(request, action, subject, { realmKey: realm.key, id: realm.id }, REALM_NOT_FOUND);
  return realm;
}
