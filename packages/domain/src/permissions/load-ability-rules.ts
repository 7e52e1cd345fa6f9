import { messages } from '@ecc/contracts';
import type { AbilityRule } from './ability-rule.ts';
import { grantsToRules, type AbilityUser, type RejectedPermission } from './grants-to-rules.ts';
import type { Right } from './permission.ts';
import type { RealmTree } from './realm-tree.ts';

export interface AbilityLoadLogger {
  error(message: string, error: unknown): void;
}

export interface AbilityLoadContext {
  readonly user: AbilityUser;
  readonly realmTree: RealmTree;
}

export interface AbilityLoad {
  readonly rules: AbilityRule[];
  readonly rights: readonly Right[];
  readonly rejected: RejectedPermission[];
}

/**
 * Loads a user's permissions and the rights, once per user, and converts the permissions into rules. When either
 * load fails, or answers something other than a list, it logs 'Failed to get rights' and grants nothing.
 */
export async function loadAbilityRules(
  fetchPermissions: () => Promise<readonly unknown[]>,
  fetchRights: () => Promise<readonly Right[]>,
  logger: AbilityLoadLogger,
  { user, realmTree }: AbilityLoadContext,
): Promise<AbilityLoad> {
  try {
    const [permissions, rights] = await Promise.all([fetchPermissions(), fetchRights()]);
    if (!Array.isArray(permissions) || !Array.isArray(rights)) {
      throw new TypeError('The permission and right loaders must answer lists');
    }
    const { rules, rejected } = grantsToRules(permissions, user, realmTree);
    return { rules, rights, rejected };
  } catch (error) {
    logger.error(messages.rightsLoadFailed, error);
    return { rules: [], rights: [], rejected: [] };
  }
}
