import type { PermissionListResponse, RightListResponse } from '@ecc/contracts';
import { runOutsideRealmScope, type AuthzRepository, type Page } from '@ecc/db';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '#platform/errors.ts';
import { assertCan, requireSession } from '#platform/route-access.ts';

export const PRINCIPAL_NOT_FOUND_MESSAGE = 'Principal not found';

export async function listRights(authz: AuthzRepository, page: Page): Promise<RightListResponse> {
  const { rows, total } = await authz.listRights(page);
  return { results: rows, count: rows.length, total, offset: page.offset };
}

/**
 * A principal's grants (spec section 7). Everyone reads their own, which the browser needs for its abilities;
 * another principal's need `read Permission`. A principal of another realm answers 404 like an unknown id.
 */
export async function listPrincipalPermissions(
  request: FastifyRequest,
  authz: AuthzRepository,
  principalId: string,
  { isInherited, ...page }: Page & { isInherited: boolean },
): Promise<PermissionListResponse> {
  const session = requireSession(request);
  const principal = await authz.findPrincipal(session.realm.id, principalId);
  if (!principal) throw new HttpError(404, PRINCIPAL_NOT_FOUND_MESSAGE);
  const isSelf = principal.type === 'user' && principal.id === session.user.id;
  if (!isSelf) {
    await assertCan(
      request,
      'read',
      'Permission',
      { realmId: session.realm.id, id: principal.id },
      PRINCIPAL_NOT_FOUND_MESSAGE,
    );
  }
  // Inherited grants come from the roles of the realms above, outside the user's scope: the same reading the
  // ability engine makes, for a principal already confirmed to be of the user's realm.
  const rows = await runOutsideRealmScope(() =>
    authz.listPermissions(session.realm.id, principal, { isInherited }),
  );
  const results = rows.slice(page.offset, page.offset + page.limit);
  return { results, count: results.length, total: rows.length, offset: page.offset };
}
