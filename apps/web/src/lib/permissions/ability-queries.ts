import { authzEndpoints, PERMISSION_PAGE_LIMIT, RIGHTS_PAGE_LIMIT, type User } from '@ecc/contracts';
import type { AbilityLoadLogger, AccessAbility } from '@ecc/domain';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';

/** Abilities change only when an administrator edits grants; a reload or the next sign-in picks that up. */
export const ABILITY_STALE_TIME_MS = 60 * 60 * 1000;

/** Under the session's `auth` key, so logout drops it with the other session answers. */
export function abilityQueryKey(userId: string) {
  return ['auth', 'abilities', userId] as const;
}

const consoleLogger: AbilityLoadLogger = {
  error: (message, error) => console.error(message, error),
};

/**
 * The signed-in user's ability, from their inherited permissions and the rights, through the domain's conversion
 * (the same one the server uses). The browser does not know the realms below the user's, so the realm tree holds
 * only the user's own realm and the rules are confined to it: that is where every screen works. The server still
 * decides every request; this only hides controls the user cannot use. A failed load logs 'Failed to get rights'
 * and grants nothing. CASL, and RE2 for grant patterns, are loaded here rather than with the first page.
 */
export async function loadAbility(
  user: Pick<User, 'id' | 'realm'>,
  logger: AbilityLoadLogger = consoleLogger,
): Promise<AccessAbility> {
  const { buildAbility, confineRulesToRealms, grantIdPatternMatcher, loadAbilityRules } =
    await import('./grant-rules.ts');
  const { rules } = await loadAbilityRules(
    async () => {
      const answer = await callEndpoint(authzEndpoints.principalPermissions, {
        params: { id: user.id },
        query: { inherited: 'true', limit: PERMISSION_PAGE_LIMIT },
      });
      return answer.results;
    },
    async () => {
      const answer = await callEndpoint(authzEndpoints.rights, { query: { limit: RIGHTS_PAGE_LIMIT } });
      return answer.results;
    },
    logger,
    { user: { id: user.id, realmKey: user.realm }, realmTree: { [user.realm]: null } },
  );
  return buildAbility(confineRulesToRealms(rules, [user.realm]), grantIdPatternMatcher);
}

/** Waits (skips) while nobody is signed in. */
export function abilityQueryOptions(user: Pick<User, 'id' | 'realm'> | null | undefined) {
  return queryOptions({
    queryKey: abilityQueryKey(user?.id ?? ''),
    // No abort signal: a cancelled load would read as a failed one and cache an ability granting nothing.
    queryFn: user ? () => loadAbility(user) : skipToken,
    staleTime: ABILITY_STALE_TIME_MS,
    // A CASL ability is a class instance, not data to compare field by field.
    structuralSharing: false,
  });
}
