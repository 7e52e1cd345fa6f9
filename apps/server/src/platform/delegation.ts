import type { AbilityRule } from '@ecc/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { canInOwnRealm, requireSession, requestAbilityService } from './route-access.ts';

/** The default role that can do everything in its realm: giving it also needs the right to manage roles. */
const ADMINISTRATOR_ROLE = 'admin';

export const MANAGE_ROLES_NEEDED_MESSAGE = 'Giving the admin role needs the right to manage roles';

export function delegationRefusalMessage(rule: AbilityRule): string {
  return `You may only hand on rights you hold yourself, and you may not ${rule.action} ${rule.subject} there`;
}

function refuseUncovered(rules: readonly AbilityRule[]): void {
  const [first] = rules;
  if (first) throw new HttpError(403, delegationRefusalMessage(first));
}

/** 403 unless the signed-in user holds everything these grants (for a role of their realm) would give. */
export async function assertCanHandOnGrants(
  request: FastifyRequest,
  grants: readonly unknown[],
): Promise<void> {
  const session = requireSession(request);
  refuseUncovered(await requestAbilityService(request).uncoveredGrantRules(session, grants));
}

/**
 * 403 unless the signed-in user may give the role with this key (by invitation or assignment): they hold every
 * right it grants, and for `admin` also the right to manage roles.
 */
export async function assertCanGiveRole(request: FastifyRequest, roleKey: string): Promise<void> {
  const session = requireSession(request);
  if (roleKey === ADMINISTRATOR_ROLE && !(await canInOwnRealm(request, 'manage', 'Role'))) {
    throw new HttpError(403, MANAGE_ROLES_NEEDED_MESSAGE);
  }
  refuseUncovered(await requestAbilityService(request).uncoveredRoleRules(session, roleKey));
}
