import {
  endpointUrl,
  exportEndpoints,
  type NewGrantRequest,
  type PermissionRow,
  type RealmRole,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
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
    <>
      <DataTable
        caption={`Grants of ${role.name}`}
        rows={role.grants}
        rowKey={(grant) => grant.id}
        hasRowHeaders={false}
        columns={[
          { header: 'Type', cell: (grant) => grant.type },
          { header: 'Realm pattern', className: 'font-mono', cell: (grant) => field(grant, 'realm') },
          { header: 'Subject', cell: (grant) => field(grant, 'subject') },
          { header: 'Id pattern', className: 'font-mono', cell: (grant) => field(grant, 'id') },
          { header: 'Action', cell: (grant) => field(grant, 'action') },
          { header: 'Right', cell: (grant) => grant.right },
          {
            header: 'Active',
            cell: (grant) => (
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
            ),
          },
          {
            header: 'Actions',
            isHeaderHidden: true,
            className: 'text-right',
            cell: (grant) =>
              canDelete && (
                <Button
                  variant="destructive"
                  size="sm"
                  aria-label={`Delete the grant ${grantLabel(grant)} of ${role.name}`}
                  onClick={() => setDeleting(grant)}
                >
                  Delete
                </Button>
              ),
          },
        ]}
      />
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
    </>
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

  return (
    <section
      aria-label="Roles and grants"
      aria-live="polite"
      aria-busy={roles.isPending}
      className="grid gap-3"
    >
      <div className="flex justify-end">
        <ExportMenu
          what="roles and grants"
          hrefOf={(format) => endpointUrl(exportEndpoints.roles, undefined, { format })}
        />
      </div>
      <QueryStates
        query={roles}
        loading={<LoadingSkeleton label="Loading roles" />}
        errorTitle="The roles could not be loaded"
        retryLabel="Try again"
        onRetry={() => void refreshRealmAdmin(queryClient)}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon={<KeyRoundIcon />}
            title="No roles yet"
            description="The realm's roles are listed here."
          />
        }
      >
        {(rows) => (
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
      </QueryStates>
    </section>
  );
}
