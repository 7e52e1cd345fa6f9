import { DEFAULT_ROLE_KEYS, type DefaultRoleKey, type RealmUser } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  controlClasses,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
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

  const rows = users.data ?? [];
  return (
    <section aria-label="Users" aria-live="polite" aria-busy={users.isPending}>
      {users.isPending ? (
        <div className="grid gap-2" aria-label="Loading users">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : users.error ? (
        <Alert kind="error">
          <AlertTitle>The users could not be loaded</AlertTitle>
          <AlertDescription className="grid gap-2">
            <span>{users.error.message}</span>
            <span>
              <Button variant="outline" size="sm" onClick={() => void refreshRealmAdmin(queryClient)}>
                Try again
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title="No users yet"
          description="The realm's users are listed here."
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">Users of this realm</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Role
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id} className="border-t">
                  <th scope="row" className="px-4 py-2 text-left font-normal">
                    {user.email}
                  </th>
                  <td className="px-4 py-2">{user.name ?? '—'}</td>
                  <td className="px-4 py-2">
                    {canChangeRoles ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
