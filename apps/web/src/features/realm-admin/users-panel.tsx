import {
  DEFAULT_ROLE_KEYS,
  endpointUrl,
  exportEndpoints,
  type DefaultRoleKey,
  type RealmUser,
} from '@ecc/contracts';
import { Button, cn, ConfirmDialog, DataTable, EmptyState, selectClasses, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { useCurrentUser, useSession } from '#lib/session/session-queries.ts';
import {
  changeUserRole,
  realmUsersQueryOptions,
  refreshRealmAdmin,
  resetUserPassword,
  setUserActive,
} from './realm-admin-api.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

export const ROLE_LABELS: Record<DefaultRoleKey, string> = { admin: 'Administrator', member: 'Member' };

interface RoleChange {
  user: RealmUser;
  role: DefaultRoleKey;
}

/**
 * The realm's users, the default role each holds and whether they may sign in. Changing a role and deactivating
 * a user ask for confirmation first; a password reset asks for the new password.
 */
export function UsersPanel() {
  const users = useQuery(realmUsersQueryOptions);
  const queryClient = useQueryClient();
  const canChangeRoles = useCan('update', 'Role');
  const canManageUsers = useCan('update', 'User');
  const { isLoggedIn } = useSession();
  const currentUserId = useCurrentUser(isLoggedIn)?.id;
  const [change, setChange] = useState<RoleChange>();
  const [deactivating, setDeactivating] = useState<RealmUser>();
  const [resetting, setResetting] = useState<RealmUser>();

  async function changeActive(user: RealmUser, isActive: boolean) {
    try {
      await setUserActive(user.id, isActive);
      toast({
        variant: 'success',
        title: isActive
          ? `${user.email} may sign in again`
          : `${user.email} is deactivated and was signed out everywhere`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `${user.email} could not be ${isActive ? 'reactivated' : 'deactivated'}`,
        description: (error as Error).message,
      });
      if (!isActive) throw error;
    } finally {
      await refreshRealmAdmin(queryClient);
    }
  }

  async function resetPassword(user: RealmUser, password: string) {
    const { sessionsEnded } = await resetUserPassword(user.id, password);
    setResetting(undefined);
    toast({
      variant: 'success',
      title: `The password of ${user.email} was reset`,
      description: `${sessionsEnded === 1 ? '1 session of theirs' : `${sessionsEnded} sessions of theirs`} ended.`,
    });
  }

  async function confirmChange({ user, role }: RoleChange) {
    try {
      await changeUserRole(user.id, role);
      toast({ variant: 'success', title: `${user.email} is now ${ROLE_LABELS[role].toLowerCase()}` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `The role of ${user.email} could not be changed`,
        description: (error as Error).message,
      });
    } finally {
      await refreshRealmAdmin(queryClient);
    }
  }

  return (
    <section aria-label="Users" aria-live="polite" aria-busy={users.isPending} className="grid gap-3">
      <div className="flex justify-end">
        <ExportMenu
          what="users"
          hrefOf={(format) => endpointUrl(exportEndpoints.users, undefined, { format })}
        />
      </div>
      <QueryStates
        query={users}
        loading={<LoadingSkeleton label="Loading users" />}
        errorTitle="The users could not be loaded"
        retryLabel="Try again"
        onRetry={() => void refreshRealmAdmin(queryClient)}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon={<UsersIcon />}
            title="No users yet"
            description="The realm's users are listed here."
          />
        }
      >
        {(rows) => (
          <DataTable
            caption="Users of this realm"
            rows={rows}
            rowKey={(user) => user.id}
            columns={[
              { header: 'Email', cell: (user) => user.email },
              { header: 'Name', cell: (user) => user.name ?? '—' },
              {
                header: 'Role',
                cell: (user) =>
                  canChangeRoles ? (
                    <select
                      aria-label={`Role of ${user.email}`}
                      className={cn(selectClasses, 'w-40')}
                      value={user.role}
                      onChange={(event) => setChange({ user, role: event.target.value as DefaultRoleKey })}
                    >
                      {DEFAULT_ROLE_KEYS.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    ROLE_LABELS[user.role]
                  ),
              },
              { header: 'Status', cell: (user) => (user.isActive ? 'Active' : 'Deactivated') },
              ...(canManageUsers
                ? [
                    {
                      header: 'Account',
                      cell: (user: RealmUser) => (
                        <div className="flex flex-wrap gap-2">
                          {user.isActive ? (
                            user.id !== currentUserId && (
                              <Button
                                size="sm"
                                variant="outline"
                                aria-label={`Deactivate ${user.email}`}
                                onClick={() => setDeactivating(user)}
                              >
                                Deactivate
                              </Button>
                            )
                          ) : (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Reactivate ${user.email}`}
                              onClick={() => void changeActive(user, true)}
                            >
                              Reactivate
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Reset the password of ${user.email}`}
                            onClick={() => setResetting(user)}
                          >
                            Reset password
                          </Button>
                        </div>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </QueryStates>
      <ConfirmDialog
        open={change !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setChange(undefined)}
        title={`Make ${change?.user.email ?? ''} ${change ? ROLE_LABELS[change.role].toLowerCase() : ''}?`}
        description="What they may do changes with their next request."
        confirmLabel="Change role"
        onConfirm={async () => {
          if (change) await confirmChange(change);
        }}
      />
      <ConfirmDialog
        open={deactivating !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeactivating(undefined)}
        title={`Deactivate ${deactivating?.email ?? ''}?`}
        description="They are signed out everywhere at once and cannot sign in until they are reactivated. Their data and history stay."
        confirmLabel="Deactivate"
        variant="destructive"
        onConfirm={async () => {
          if (deactivating) await changeActive(deactivating, false);
        }}
      />
      {resetting ? (
        <ResetPasswordDialog
          user={resetting}
          onReset={(password) => resetPassword(resetting, password)}
          onClose={() => setResetting(undefined)}
        />
      ) : null}
    </section>
  );
}
