import {
  authzEndpoints,
  realmAdminEndpoints,
  type DefaultRoleKey,
  type NewGrantRequest,
  type PermissionRow,
  type RealmUser,
  type SessionsEnded,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const realmAdminQueryKey = ['realm-admin'] as const;

/** The realm's users, by e-mail. */
export const realmUsersQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'users'],
  queryFn: async ({ signal }) => (await callEndpoint(realmAdminEndpoints.users, { signal })).results,
});

/** The realm's roles and the grants each holds. */
export const realmRolesQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'roles'],
  queryFn: async ({ signal }) => (await callEndpoint(realmAdminEndpoints.roles, { signal })).results,
});

/** The areas a grant can belong to. */
export const rightsQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'rights'],
  queryFn: async ({ signal }) => (await callEndpoint(authzEndpoints.rights, { signal })).results,
});

export function changeUserRole(userId: string, role: DefaultRoleKey): Promise<RealmUser> {
  return callEndpoint(realmAdminEndpoints.changeUserRole, { params: { id: userId }, body: { role } });
}

/** Deactivates a user (their sessions end at once) or lets them sign in again. */
export function setUserActive(userId: string, isActive: boolean): Promise<RealmUser> {
  return callEndpoint(isActive ? realmAdminEndpoints.reactivateUser : realmAdminEndpoints.deactivateUser, {
    params: { id: userId },
  });
}

/** Sets a user's password; every session of theirs ends. */
export function resetUserPassword(userId: string, password: string): Promise<SessionsEnded> {
  return callEndpoint(realmAdminEndpoints.resetPassword, { params: { id: userId }, body: { password } });
}

export function addGrant(roleId: string, grant: NewGrantRequest): Promise<PermissionRow> {
  return callEndpoint(realmAdminEndpoints.addGrant, { params: { roleId }, body: grant });
}

export function setGrantActive(grantId: string, active: boolean): Promise<PermissionRow> {
  return callEndpoint(realmAdminEndpoints.setGrantActive, { params: { id: grantId }, body: { active } });
}

export async function deleteGrant(grantId: string): Promise<void> {
  await callEndpoint(realmAdminEndpoints.deleteGrant, { params: { id: grantId } });
}

export function refreshRealmAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: realmAdminQueryKey });
}
