import {
  endpointUrl,
  exportEndpoints,
  type CreateInvitationRequest,
  type Invitation,
  type InvitationStatusValue,
  type SentInvitation,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, cn, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import {
  createInvitation,
  invitationsQueryOptions,
  refreshInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations-api.ts';
import { InvitationLinkNotice } from './invitation-link-notice.tsx';
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
  const [unsent, setUnsent] = useState<{ email: string; link: string }>();

  /** Mailed: a toast. Not mailed: the link stays on the page for the inviter to copy. */
  function announce(sent: SentInvitation, mailedTitle: string) {
    if (sent.link === undefined) {
      setUnsent(undefined);
      toast({ variant: 'success', title: mailedTitle });
    } else {
      setUnsent({ email: sent.email, link: sent.link });
    }
  }

  async function invite(request: CreateInvitationRequest) {
    const created = await createInvitation(request);
    await refreshInvitations(queryClient);
    announce(created, `Invitation sent to ${created.email}`);
  }

  async function resend(invitation: Invitation) {
    setResendingId(invitation.id);
    try {
      announce(await resendInvitation(invitation.id), `Invitation sent again to ${invitation.email}`);
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

  return (
    <>
      <PageHeader
        title="Invite manager"
        description="Invite people by e-mail. Each link works once and for 7 days; they set a password and join."
      />
      <div className="grid gap-6">
        <InviteForm onInvite={invite} />
        {unsent && (
          <InvitationLinkNotice
            email={unsent.email}
            link={unsent.link}
            onDismiss={() => setUnsent(undefined)}
          />
        )}
        <section aria-labelledby="invitations-heading" aria-live="polite" aria-busy={invitations.isPending}>
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="invitations-heading" className="text-lg font-semibold">
              Invitations
            </h2>
            <ExportMenu
              what="invitations"
              hrefOf={(format) => endpointUrl(exportEndpoints.invitations, undefined, { format })}
            />
          </div>
          <QueryStates
            query={invitations}
            loading={<LoadingSkeleton label="Loading invitations" skeletons={['h-10', 'h-10', 'h-10']} />}
            errorTitle="The invitations could not be loaded"
            retryLabel="Try again"
            onRetry={() => void refreshInvitations(queryClient)}
            isEmpty={(rows) => rows.length === 0}
            empty={
              <EmptyState
                icon={<MailIcon />}
                title="No invitations yet"
                description="Invitations to join this realm, and whether they were accepted, are listed here."
              />
            }
          >
            {(rows) => (
              <DataTable
                caption="Invitations to this realm"
                rows={rows}
                rowKey={(invitation) => invitation.id}
                columns={[
                  { header: 'Email', cell: (invitation) => invitation.email },
                  {
                    header: 'Role',
                    cell: (invitation) => (invitation.role === 'admin' ? 'Administrator' : 'Member'),
                  },
                  { header: 'Status', cell: (invitation) => <StatusChip status={invitation.status} /> },
                  {
                    header: 'Link valid until',
                    cell: (invitation) =>
                      invitation.status === 'pending'
                        ? dateFormat.format(new Date(invitation.expiresAt))
                        : '—',
                  },
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    className: 'text-right whitespace-nowrap',
                    cell: (invitation) =>
                      isOpen(invitation) && (
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
                      ),
                  },
                ]}
              />
            )}
          </QueryStates>
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
