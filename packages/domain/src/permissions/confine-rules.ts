import type { AbilityRule } from './ability-rule.ts';

/**
 * Keeps every rule inside these realms: a rule's realm list is cut down to them, a rule for any realm is limited
 * to them, and a rule left with no realm is dropped. The server applies it to users outside the operator's
 * realms, so no grant data, however written (`.*`, a sibling's key), reaches past the user's own realm tree.
 */
export function confineRulesToRealms(
  rules: readonly AbilityRule[],
  realmKeys: readonly string[],
): AbilityRule[] {
  const allowed = new Set(realmKeys);
  return rules.flatMap((rule): AbilityRule[] => {
    const granted = rule.conditions?.realm?.$in;
    const realms = granted === undefined ? [...allowed].sort() : granted.filter((key) => allowed.has(key));
    if (realms.length === 0) return [];
    return [{ ...rule, conditions: { ...rule.conditions, realm: { $in: realms } } }];
  });
}
