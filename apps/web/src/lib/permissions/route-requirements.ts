import type { RouteId } from '@ecc/contracts';
import type { AccessAbility, PermissionAction, PermissionSubject } from '@ecc/domain';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser, useSession } from '../session/session-queries.ts';
import { abilityQueryOptions } from './ability-queries.ts';

export interface RouteRequirement {
  readonly action: PermissionAction;
  readonly subject: PermissionSubject;
}

/**
 * Pages whose content is the administrators': someone without the right would meet only refusals there, so the
 * navigation leaves them out and the page says what is missing instead. Pages not listed show to anyone their
 * plan and flags allow, and hide the controls the user may not use.
 */
export const ROUTE_REQUIREMENTS: Partial<Record<RouteId, RouteRequirement>> = {
  'invite-manager': { action: 'read', subject: 'Invitation' },
  'realm-admin': { action: 'read', subject: 'Role' },
};

/** Whether the user's ability opens the route's page (true for a route without a requirement). */
export function canOpenRoute(ability: AccessAbility, routeId: string): boolean {
  const requirement = ROUTE_REQUIREMENTS[routeId as RouteId];
  return requirement === undefined || ability.can(requirement.action, requirement.subject);
}

export type RouteAccessState = 'pending' | 'allowed' | 'refused';

/** Whether the user may open the route's page; `pending` while their ability loads, for a route that needs one. */
export function useRouteAccess(routeId: string): RouteAccessState {
  // The ability's query rather than `useAbility`, whose empty ability would bring CASL into every first load.
  const { isLoggedIn } = useSession();
  const { data: ability } = useQuery(abilityQueryOptions(useCurrentUser(isLoggedIn)));
  if (ROUTE_REQUIREMENTS[routeId as RouteId] === undefined) return 'allowed';
  if (!ability) return 'pending';
  return canOpenRoute(ability, routeId) ? 'allowed' : 'refused';
}
