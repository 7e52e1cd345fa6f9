import { DEFAULT_ROLE_KEYS, type DefaultRoleKey } from '@ecc/contracts';
import type { AbilityRule } from '@ecc/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { canInOwnRealm, requestAbilityService, requireSession } from './route-access.ts';

/** The default role that can do everything in its realm: giving it also needs the right to manage roles. */
const ADMINISTRATOR_ROLE = 'admin';

export const MANAGE_ROLES_NEEDED_MESSAGE = 'Giving the admin role needs the right to manage roles';

export function delegationRefusalMessage(rule: Pick<AbilityRule, 'action' | 'subject'>): string {
  return `You may only hand on rights you hold yourself, and you may not ${rule.action} ${rule.subject} there`;
}

function refusalOf(rules: readonly AbilityRule[]): string | undefined {
  const [first] = rules;
  return first ? delegationRefusalMessage(first) : undefined;
}

/** 403 unless the signed-in user holds everything these grants (for a role of their realm) would give. */
export async function assertCanHandOnGrants(
  request: FastifyRequest,
  grants: readonly unknown[],
): Promise<void> {
  const session = requireSession(request);
  const refusal = refusalOf(await requestAbilityService(request).uncoveredGrantRules(session, grants));
  if (refusal) throw new HttpError(403, refusal);
}

/**
 * Why the signed-in user may not give each default role (by invitation or assignment) or act on its holders
 * (deactivate them, reset their password): a right of the role they do not hold, or for `admin` the right to
 * manage roles. Undefined for a role they may give. Worked out before a write's transaction, which then decides
 * on the row it reads.
 */
export async function roleRefusalsOf(
  request: FastifyRequest,
): Promise<ReadonlyMap<DefaultRoleKey, string | undefined>> {
  const session = requireSession(request);
  const service = requestAbilityService(request);
  const mayManageRoles = await canInOwnRealm(request, 'manage', 'Role');
  const refusals = new Map<DefaultRoleKey, string | undefined>();
  for (const roleKey of DEFAULT_ROLE_KEYS) {
    refusals.set(
      roleKey,
      roleKey === ADMINISTRATOR_ROLE && !mayManageRoles
        ? MANAGE_ROLES_NEEDED_MESSAGE
        : refusalOf(await service.uncoveredRoleRules(session, roleKey)),
    );
  }
  return refusals;
}

/** 403 unless the signed-in user may give the role with this key (see `roleRefusalsOf`). */
export async function assertCanGiveRole(request: FastifyRequest, roleKey: DefaultRoleKey): Promise<void> {
  const refusal = (await roleRefusalsOf(request)).get(roleKey);
  if (refusal) throw new HttpError(403, refusal);
}
