import {
  accountEndpoints,
  permissionRowSchema,
  realmRoleListResponseSchema,
  realmUserListResponseSchema,
  realmUserSchema,
  rightListResponseSchema,
  type DefaultRoleKey,
  type NewGrantRequest,
  type PermissionRow,
  type RealmUser,
  type SessionsEnded,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

const realmAdminQueryKey = ['realm-admin'] as const;

/** `GET /api/realm-admin/users`: the realm's users, by e-mail. */
export const realmUsersQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'users'],
  queryFn: async ({ signal }) =>
    realmUserListResponseSchema.parse(await api.get<unknown>('/api/realm-admin/users', { signal })).results,
});

/** `GET /api/realm-admin/roles`: the realm's roles and the grants each holds. */
export const realmRolesQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'roles'],
  queryFn: async ({ signal }) =>
    realmRoleListResponseSchema.parse(await api.get<unknown>('/api/realm-admin/roles', { signal })).results,
});

/** `GET /api/immutably/authz/rights`: the areas a grant can belong to. */
export const rightsQueryOptions = queryOptions({
  queryKey: [...realmAdminQueryKey, 'rights'],
  queryFn: async ({ signal }) =>
    rightListResponseSchema.parse(await api.get<unknown>('/api/immutably/authz/rights', { signal })).results,
});

export async function changeUserRole(userId: string, role: DefaultRoleKey): Promise<RealmUser> {
  return realmUserSchema.parse(
    await api.put<unknown>(`/api/realm-admin/users/${encodeURIComponent(userId)}/role`, { role }),
  );
}

/** Deactivates a user (their sessions end at once) or lets them sign in again. */
export function setUserActive(userId: string, isActive: boolean): Promise<RealmUser> {
  return callEndpoint(isActive ? accountEndpoints.reactivateUser : accountEndpoints.deactivateUser, {
    params: { id: userId },
  });
}

/** Sets a user's password; every session of theirs ends. */
export function resetUserPassword(userId: string, password: string): Promise<SessionsEnded> {
  return callEndpoint(accountEndpoints.resetPassword, { params: { id: userId }, body: { password } });
}

export async function addGrant(roleId: string, grant: NewGrantRequest): Promise<PermissionRow> {
  return permissionRowSchema.parse(
    await api.post<unknown>(`/api/realm-admin/roles/${encodeURIComponent(roleId)}/grants`, grant),
  );
}

export async function setGrantActive(grantId: string, active: boolean): Promise<PermissionRow> {
  return permissionRowSchema.parse(
    await api.request<unknown>(`/api/realm-admin/grants/${encodeURIComponent(grantId)}`, {
      method: 'PATCH',
      body: { active },
    }),
  );
}

export async function deleteGrant(grantId: string): Promise<void> {
  await api.request<unknown>(`/api/realm-admin/grants/${encodeURIComponent(grantId)}`, { method: 'DELETE' });
}

export function refreshRealmAdmin(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: realmAdminQueryKey });
}
