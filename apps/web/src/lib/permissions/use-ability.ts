import { buildAbility, type AccessAbility, type PermissionAction, type PermissionSubject } from '@ecc/domain';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser, useSession } from '../session/session-queries.ts';
import { abilityQueryOptions } from './ability-queries.ts';

const NOTHING_GRANTED = buildAbility([]);

export interface AbilityState {
  /** Grants nothing until the user's ability has loaded. */
  readonly ability: AccessAbility;
  readonly isPending: boolean;
}

/** The signed-in user's ability, loaded once per user and shared by every component through the query cache. */
export function useAbility(): AbilityState {
  const { isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  const query = useQuery(abilityQueryOptions(user));
  return { ability: query.data ?? NOTHING_GRANTED, isPending: query.data === undefined };
}

/**
 * Whether the user may do `action` on some `subject` record of their realm. False while loading, so a control
 * appears once it is allowed and never shows and then vanishes.
 */
export function useCan(action: PermissionAction, subject: PermissionSubject): boolean {
  return useAbility().ability.can(action, subject);
}
