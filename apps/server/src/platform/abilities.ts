import { messages } from '@ecc/contracts';
import { runOutsideRealmScope, type AuthzRepository, type RealmScope } from '@ecc/db';
import {
  buildAbility,
  confineRulesToRealms,
  grantIdPatternMatcher,
  isOperatorRealm,
  loadAbilityRules,
  realmsBelow,
  realmTreeFromRealms,
  uncoveredRules,
  type AbilityLoadLogger,
  type AbilityRule,
  type AccessAbility,
  type PermissionAction,
  type PermissionSubject,
  type RealmTree,
  type RecordConditions,
} from '@ecc/domain';
import type { ActiveSession } from './sessions.ts';

export interface AbilityService {
  /** The signed-in user's ability, built from their grants once per session object (so once per request). */
  abilityOf(session: ActiveSession): Promise<AccessAbility>;
  /** The key of the realm with this id, if any: records name their realm by id, rules by key. */
  realmKeyOf(realmId: string): Promise<string | undefined>;
  /**
   * The realms the database lets the user's requests touch: every realm for the platform operator, else the
   * user's realm and those below it, the same bounds as the confinement of their rules.
   */
  realmScopeOf(session: ActiveSession): Promise<RealmScope>;
  /**
   * The rules these grants, held by a role of the session's realm, would give that the user does not hold
   * themself (see `uncoveredRules`): empty when the user may hand them on.
   */
  uncoveredGrantRules(session: ActiveSession, grants: readonly unknown[]): Promise<AbilityRule[]>;
  /** The same for every grant of the session realm's role with this key, inherited ones included. */
  uncoveredRoleRules(session: ActiveSession, roleKey: string): Promise<AbilityRule[]>;
}

/**
 * The platform operator's administrators: the administrators (`users.role`) of an operator realm. Only they act
 * across realms; an operator realm's members are confined to it like any realm's members.
 */
export function isOperatorAdministrator(session: ActiveSession): boolean {
  return isOperatorRealm(session.realm.key) && session.user.role === 'admin';
}

/**
 * Whether some rule lets the user do `action` on `subject` records of this realm: the route-level check, before
 * any record is known. Rules for other realms do not count, as a route works on the session's realm.
 */
export function canActInRealm(
  ability: AccessAbility,
  action: PermissionAction,
  subject: PermissionSubject,
  realmKey: string,
): boolean {
  return ability.rulesFor(action, subject).some((rule) => {
    if (rule.inverted) return false;
    const realms = (rule.conditions as RecordConditions | undefined)?.realm?.$in;
    return realms === undefined || realms.includes(realmKey);
  });
}

/**
 * Abilities from the grants in the database (through the domain's conversion): the user's own, their groups'
 * and roles' (the default role of `users.role` included) and the same-key roles of the realms above. A realm's
 * default roles and grants are seeded when it is created (`realmRepository.insert`), never restored here. Outside
 * the operator's administrators, every rule is confined to the user's realm and the realms below it.
 */
export function createAbilityService(authz: AuthzRepository, logger: AbilityLoadLogger): AbilityService {
  const abilities = new WeakMap<ActiveSession, Promise<AccessAbility>>();

  async function load(session: ActiveSession): Promise<AccessAbility> {
    const user = { id: session.user.id, realmKey: session.realm.key };
    let realmTree: RealmTree;
    try {
      realmTree = realmTreeFromRealms(await authz.realmTree());
    } catch (error) {
      logger.error(messages.rightsLoadFailed, error);
      return buildAbility([]);
    }
    const { rules } = await loadAbilityRules(
      () =>
        authz.listPermissions(session.realm.id, { type: 'user', id: session.user.id }, { isInherited: true }),
      // Rights name the grants' purpose; decisions do not need them.
      async () => [],
      logger,
      { user, realmTree },
    );
    const confined: AbilityRule[] = isOperatorAdministrator(session)
      ? rules
      : confineRulesToRealms(rules, [user.realmKey, ...realmsBelow(realmTree, user.realmKey)]);
    return buildAbility(confined, grantIdPatternMatcher);
  }

  const scopes = new WeakMap<ActiveSession, Promise<RealmScope>>();

  async function loadScope(session: ActiveSession): Promise<RealmScope> {
    if (isOperatorAdministrator(session)) return { isAllRealms: true };
    return { realmIds: await authz.realmAndBelowIds(session.realm.id) };
  }

  async function uncoveredGrantRules(
    session: ActiveSession,
    grants: readonly unknown[],
  ): Promise<AbilityRule[]> {
    const ability = await abilityOf(session);
    const realmTree = realmTreeFromRealms(await runOutsideRealmScope(() => authz.realmTree()));
    return uncoveredRules(ability, grants, {
      giverId: session.user.id,
      roleRealmKey: session.realm.key,
      realmTree,
    });
  }

  function abilityOf(session: ActiveSession): Promise<AccessAbility> {
    let ability = abilities.get(session);
    if (!ability) {
      // Also when a handler asks first: the rules depend on realms and grants beyond the user's scope.
      ability = runOutsideRealmScope(() => load(session));
      abilities.set(session, ability);
    }
    return ability;
  }

  return {
    realmKeyOf: (realmId) => runOutsideRealmScope(() => authz.realmKeyOf(realmId)),
    uncoveredGrantRules,
    async uncoveredRoleRules(session, roleKey) {
      const grants = await runOutsideRealmScope(async () => {
        const roleId = await authz.findRoleIdByKey(session.realm.id, roleKey);
        return roleId
          ? authz.listPermissions(session.realm.id, { type: 'role', id: roleId }, { isInherited: true })
          : [];
      });
      return uncoveredGrantRules(session, grants);
    },
    realmScopeOf(session) {
      let scope = scopes.get(session);
      if (!scope) {
        scope = runOutsideRealmScope(() => loadScope(session));
        scopes.set(session, scope);
      }
      return scope;
    },
    abilityOf,
  };
}
