import { exportEndpoints, type Invitation, type InvitationStatusValue } from '@ecc/contracts';
import type { createInvitationRepository } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { toInvitation } from './invitations.service.ts';

const STATUS_LABELS: Record<InvitationStatusValue, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

/**
 * The invite manager's table (e-mail, role, status, link valid until) and when each was sent. An invitation's
 * token and link are credentials: they are never in the file (the list holds neither).
 */
const INVITATION_EXPORT_COLUMNS: readonly ExportColumn<Invitation>[] = [
  { header: 'Email', value: (invitation) => invitation.email, width: 36 },
  {
    header: 'Role',
    value: (invitation) => (invitation.role === 'admin' ? 'Administrator' : 'Member'),
    width: 14,
  },
  { header: 'Status', value: (invitation) => STATUS_LABELS[invitation.status], width: 10 },
  {
    header: 'Link valid until (UTC)',
    value: (invitation) => (invitation.status === 'pending' ? invitation.expiresAt : null),
    width: 26,
  },
  { header: 'Invited on (UTC)', value: (invitation) => invitation.createdOn, width: 26 },
];

/** `GET /api/exports/invitations`: the realm's invitations, newest first, as the invite manager lists them. */
export function registerInvitationExportRoute(
  app: FastifyInstance,
  invitations: ReturnType<typeof createInvitationRepository>,
  now: () => Date,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.invitations),
    config: { access: permissionAccess('read', 'Invitation', { route: 'invite-manager' }) },
    handler: async (request, reply) => {
      const session = requireSession(request);
      // The list answers every invitation in one query, so the export does too.
      const rows = await invitations.list(session.realm.id);
      const at = now();
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'invitations',
        columns: INVITATION_EXPORT_COLUMNS,
        pages: [rows.map((row) => toInvitation(row, at))],
      });
    },
  });
}
