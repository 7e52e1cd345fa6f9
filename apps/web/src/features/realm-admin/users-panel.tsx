import {
  DEFAULT_ROLE_KEYS,
  endpointUrl,
  exportEndpoints,
  type DefaultRoleKey,
  type RealmUser,
} from '@ecc/contracts';
import { ConfirmDialog, DataTable, EmptyState, controlClasses, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { changeUserRole, realmUsersQueryOptions, refreshRealmAdmin } from './realm-admin-api.ts';

export const ROLE_LABELS: Record<DefaultRoleKey, string> = { admin: 'Administrator', member: 'Member' };

interface RoleChange {
  user: RealmUser;
  role: DefaultRoleKey;
}

/** The realm's users and the default role each holds; changing it asks for confirmation first. */
export function UsersPanel() {
  const users = useQuery(realmUsersQueryOptions);
  const queryClient = useQueryClient();
  const canChangeRoles = useCan('update', 'Role');
  const [change, setChange] = useState<RoleChange>();

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
                      className={`${controlClasses} h-9 w-40`}
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
    </section>
  );
}
