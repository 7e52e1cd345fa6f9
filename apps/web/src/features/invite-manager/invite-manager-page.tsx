import type { CreateInvitationRequest, Invitation, InvitationStatusValue } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  cn,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '#components/page-header.tsx';
import {
  createInvitation,
  invitationsQueryOptions,
  refreshInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations-api.ts';
import { InviteForm } from './invite-form.tsx';

const STATUS_LABELS: Record<InvitationStatusValue, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

const STATUS_CLASSES: Record<InvitationStatusValue, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  expired: 'bg-muted text-muted-foreground',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

function StatusChip({ status }: { status: InvitationStatusValue }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Only open invitations can be sent again or withdrawn. */
function isOpen(invitation: Invitation): boolean {
  return invitation.status === 'pending' || invitation.status === 'expired';
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/invite-manager: invite people to the realm by e-mail with a role, and follow each invitation: resend
 * it (a new link; the old one stops working) or revoke it.
 */
export function InviteManagerPage() {
  const invitations = useQuery(invitationsQueryOptions);
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Invitation>();
  const [resendingId, setResendingId] = useState<string>();

  async function invite(request: CreateInvitationRequest) {
    const created = await createInvitation(request);
    await refreshInvitations(queryClient);
    toast({ variant: 'success', title: `Invitation sent to ${created.email}` });
  }

  async function resend(invitation: Invitation) {
    setResendingId(invitation.id);
    try {
      await resendInvitation(invitation.id);
      toast({ variant: 'success', title: `Invitation sent again to ${invitation.email}` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The invitation could not be resent',
        description: (error as Error).message,
      });
    } finally {
      setResendingId(undefined);
      await refreshInvitations(queryClient);
    }
  }

  async function revoke(invitation: Invitation) {
    try {
      await revokeInvitation(invitation.id);
      toast({ variant: 'success', title: `Invitation to ${invitation.email} revoked` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The invitation could not be revoked',
        description: (error as Error).message,
      });
      throw error;
    } finally {
      await refreshInvitations(queryClient);
    }
  }

  const rows = invitations.data ?? [];
  return (
    <>
      <PageHeader
        title="Invite manager"
        description="Invite people by e-mail. Each link works once and for 7 days; they set a password and join."
      />
      <div className="grid gap-6">
        <InviteForm onInvite={invite} />
        <section aria-labelledby="invitations-heading" aria-live="polite" aria-busy={invitations.isPending}>
          <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
            Invitations
          </h2>
          {invitations.isPending ? (
            <div className="grid gap-2" aria-label="Loading invitations">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : invitations.error ? (
            <Alert kind="error">
              <AlertTitle>The invitations could not be loaded</AlertTitle>
              <AlertDescription className="grid gap-2">
                <span>{invitations.error.message}</span>
                <span>
                  <Button variant="outline" size="sm" onClick={() => void refreshInvitations(queryClient)}>
                    Try again
                  </Button>
                </span>
              </AlertDescription>
            </Alert>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<MailIcon />}
              title="No invitations yet"
              description="Invitations to join this realm, and whether they were accepted, are listed here."
            />
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm">
                <caption className="sr-only">Invitations to this realm</caption>
                <thead className="bg-muted/50 text-left">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Role
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Link valid until
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((invitation) => (
                    <tr key={invitation.id} className="border-t">
                      <th scope="row" className="px-4 py-2 text-left font-normal">
                        {invitation.email}
                      </th>
                      <td className="px-4 py-2">
                        {invitation.role === 'admin' ? 'Administrator' : 'Member'}
                      </td>
                      <td className="px-4 py-2">
                        <StatusChip status={invitation.status} />
                      </td>
                      <td className="px-4 py-2">
                        {invitation.status === 'pending'
                          ? dateFormat.format(new Date(invitation.expiresAt))
                          : '—'}
                      </td>
                      <td className="px-4 py-2 text-right whitespace-nowrap">
                        {isOpen(invitation) && (
                          <>
                            <Button
                              variant="outline"
                              size="sm"
                              aria-label={`Resend the invitation to ${invitation.email}`}
                              isLoading={resendingId === invitation.id}
                              onClick={() => void resend(invitation)}
                            >
                              Resend
                            </Button>{' '}
                            <Button
                              variant="destructive"
                              size="sm"
                              aria-label={`Revoke the invitation to ${invitation.email}`}
                              onClick={() => setRevoking(invitation)}
                            >
                              Revoke
                            </Button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setRevoking(undefined)}
        title={`Revoke the invitation to ${revoking?.email ?? ''}?`}
        description="The link in the e-mail stops working. You can invite the address again later."
        confirmLabel="Revoke invitation"
        variant="destructive"
        onConfirm={async () => {
          if (revoking) await revoke(revoking);
        }}
      />
    </>
  );
}
