import type { NewGrantRequest, PermissionRow, RealmRole } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '#lib/permissions/use-ability.ts';
import { GrantForm } from './grant-form.tsx';
import {
  addGrant,
  deleteGrant,
  realmRolesQueryOptions,
  refreshRealmAdmin,
  rightsQueryOptions,
  setGrantActive,
} from './realm-admin-api.ts';

/** A stored grant's data field as text; grants that do not parse show a dash. */
function field(grant: PermissionRow, name: string): string {
  const value = grant.data[name];
  return typeof value === 'string' ? value : '—';
}

function grantLabel(grant: PermissionRow): string {
  return `${field(grant, 'action')} ${field(grant, 'subject')}`;
}

function GrantRows({ role }: { role: RealmRole }) {
  const queryClient = useQueryClient();
  const canUpdate = useCan('update', 'Permission');
  const canDelete = useCan('delete', 'Permission');
  const [deleting, setDeleting] = useState<PermissionRow>();

  async function run(action: () => Promise<unknown>, failure: string, success?: string) {
    try {
      await action();
      if (success) toast({ variant: 'success', title: success });
    } catch (error) {
      toast({ variant: 'destructive', title: failure, description: (error as Error).message });
    } finally {
      await refreshRealmAdmin(queryClient);
    }
  }

  if (role.grants.length === 0) {
    return <p className="text-muted-foreground text-sm">This role holds no grants yet.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Grants of {role.name}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            {['Type', 'Realm pattern', 'Subject', 'Id pattern', 'Action', 'Right', 'Active'].map(
              (heading) => (
                <th key={heading} scope="col" className="px-4 py-2 font-medium">
                  {heading}
                </th>
              ),
            )}
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {role.grants.map((grant) => (
            <tr key={grant.id} className="border-t">
              <td className="px-4 py-2">{grant.type}</td>
              <td className="px-4 py-2 font-mono">{field(grant, 'realm')}</td>
              <td className="px-4 py-2">{field(grant, 'subject')}</td>
              <td className="px-4 py-2 font-mono">{field(grant, 'id')}</td>
              <td className="px-4 py-2">{field(grant, 'action')}</td>
              <td className="px-4 py-2">{grant.right}</td>
              <td className="px-4 py-2">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={`${grantLabel(grant)} active`}
                  checked={grant.active}
                  disabled={!canUpdate}
                  onChange={(event) =>
                    void run(
                      () => setGrantActive(grant.id, event.target.checked),
                      `The grant ${grantLabel(grant)} could not be changed`,
                    )
                  }
                />
              </td>
              <td className="px-4 py-2 text-right">
                {canDelete && (
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Delete the grant ${grantLabel(grant)} of ${role.name}`}
                    onClick={() => setDeleting(grant)}
                  >
                    Delete
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete the grant ${deleting ? grantLabel(deleting) : ''} of ${role.name}?`}
        description="Holders of the role lose what it allowed with their next request."
        confirmLabel="Delete grant"
        variant="destructive"
        onConfirm={async () => {
          const grant = deleting;
          if (grant)
            await run(() => deleteGrant(grant.id), 'The grant could not be deleted', 'Grant deleted');
        }}
      />
    </div>
  );
}

/** Each role of the realm with its grants, and a form to add one. */
export function RolesPanel() {
  const roles = useQuery(realmRolesQueryOptions);
  const rights = useQuery(rightsQueryOptions);
  const queryClient = useQueryClient();
  const canCreate = useCan('create', 'Permission');

  async function add(role: RealmRole, grant: NewGrantRequest) {
    await addGrant(role.id, grant);
    await refreshRealmAdmin(queryClient);
    toast({ variant: 'success', title: `Grant added to ${role.name}` });
  }

  const rows = roles.data ?? [];
  return (
    <section aria-label="Roles and grants" aria-live="polite" aria-busy={roles.isPending}>
      {roles.isPending ? (
        <div className="grid gap-2" aria-label="Loading roles">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : roles.error ? (
        <Alert kind="error">
          <AlertTitle>The roles could not be loaded</AlertTitle>
          <AlertDescription className="grid gap-2">
            <span>{roles.error.message}</span>
            <span>
              <Button variant="outline" size="sm" onClick={() => void refreshRealmAdmin(queryClient)}>
                Try again
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<KeyRoundIcon />}
          title="No roles yet"
          description="The realm's roles are listed here."
        />
      ) : (
        <div className="grid gap-8">
          {rows.map((role) => (
            <section key={role.id} aria-labelledby={`role-${role.id}`} className="grid gap-3">
              <h2 id={`role-${role.id}`} className="text-lg font-semibold">
                {role.name}
              </h2>
              <GrantRows role={role} />
              {canCreate && rights.data ? (
                <GrantForm roleName={role.name} rights={rights.data} onAdd={(grant) => add(role, grant)} />
              ) : null}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
