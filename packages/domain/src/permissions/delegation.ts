import type { AbilityRule, RecordConditions } from './ability-rule.ts';
import type { AccessAbility } from './build-ability.ts';
import { confineRulesToRealms } from './confine-rules.ts';
import { grantsToRules } from './grants-to-rules.ts';
import { isOperatorRealm } from './is-operator-realm.ts';
import { realmsBelow, type RealmTree } from './realm-tree.ts';

/**
 * Delegation without escalation (issue 16 item 3): a user may hand on (grant to a role, give a role, invite with
 * a role) only what they may do themselves. Each rule a grant gives its holders must be covered by one rule of
 * the giver's ability: the same action or `manage`, the same subject or `all`, a realm list that holds every
 * realm of the wanted one (no list: any realm) and the very same id condition (none: any id). Pattern containment
 * is not decided, so an id pattern is covered only by the same pattern or by no id condition: a refusal can be
 * too strict, never too loose.
 */

function isSameIdCondition(held: RecordConditions['id'], wanted: RecordConditions['id']): boolean {
  return JSON.stringify(held) === JSON.stringify(wanted);
}

function covers(held: RecordConditions | undefined, wanted: RecordConditions | undefined): boolean {
  const heldRealms = held?.realm?.$in;
  const wantedRealms = wanted?.realm?.$in;
  if (heldRealms && !(wantedRealms && wantedRealms.every((key) => heldRealms.includes(key)))) return false;
  if (held?.id !== undefined && !isSameIdCondition(held.id, wanted?.id)) return false;
  return true;
}

/** Whether the ability holds everything `wanted` allows. */
export function isRuleCovered(ability: AccessAbility, wanted: AbilityRule): boolean {
  return ability
    .rulesFor(wanted.action, wanted.subject)
    .some(
      (held) => !held.inverted && covers(held.conditions as RecordConditions | undefined, wanted.conditions),
    );
}

export interface DelegationContext {
  /** The giver, whose ability decides; `\principal` in a grant is read as their id. */
  readonly giverId: string;
  /** The realm of the role that holds the grants; its holders are there and in every realm below (inheritance). */
  readonly roleRealmKey: string;
  readonly realmTree: RealmTree;
}

/**
 * The rules the grants give the role's holders, in every realm they may be in: `\own` means each holder's realm,
 * and a realm below inherits the role's grants. Outside the operator's realms the rules are confined as the
 * server confines them. Grants that do not parse give nothing and so need no cover.
 */
export function rulesGivenByGrants(grants: readonly unknown[], context: DelegationContext): AbilityRule[] {
  const holderRealms = [context.roleRealmKey, ...realmsBelow(context.realmTree, context.roleRealmKey)];
  return holderRealms.flatMap((realmKey) => {
    const { rules } = grantsToRules(grants, { id: context.giverId, realmKey }, context.realmTree);
    if (isOperatorRealm(realmKey)) return rules;
    return confineRulesToRealms(rules, [realmKey, ...realmsBelow(context.realmTree, realmKey)]);
  });
}

/** The rules of these grants the giver does not hold; empty when they may hand the grants on. */
export function uncoveredRules(
  ability: AccessAbility,
  grants: readonly unknown[],
  context: DelegationContext,
): AbilityRule[] {
  return rulesGivenByGrants(grants, context).filter((rule) => !isRuleCovered(ability, rule));
}
