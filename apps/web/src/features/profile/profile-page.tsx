import { Card, CardContent, CardHeader, EmptyState } from '@ecc/ui';
import { FileCheckIcon } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { useApplication } from '#lib/realm/realm-queries.ts';
import { useCurrentUser, useSession } from '#lib/session/session-queries.ts';
import { userDisplayName } from '#lib/session/user-display-name.ts';
import { formatDate } from '#lib/format/format-date.ts';
import { acceptedLicences, type AcceptedLicence } from './accepted-licences.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { SignOutEverywhere } from './sign-out-everywhere.tsx';

function acceptanceText(licence: AcceptedLicence): string {
  if (licence.acceptedAt === undefined) return 'Accepted';
  try {
    return `Accepted ${formatDate(licence.acceptedAt, 'MMMM d, yyyy')}`;
  } catch {
    // Older records hold a marker rather than a date: the acceptance stands, there is just no date to show.
    return 'Accepted';
  }
}

/**
 * The signed-in user's details, their password and sessions (change the password, sign out everywhere) and the
 * licences they have accepted.
 */
export function ProfilePage() {
  const { session, isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  const application = useApplication();
  const licences = acceptedLicences(user?.properties ?? {});
  const licenceTitle = (id: string) =>
    application?.legal?.licences?.find((licence) => licence.id === id)?.title ?? id;

  return (
    <>
      <PageHeader title="Profile" />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <h2 className="leading-none font-semibold">Your details</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd>{userDisplayName(user, session)}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd>{session?.email ?? '—'}</dd>
              <dt className="text-muted-foreground">Realm</dt>
              <dd>{user?.realm ?? '—'}</dd>
              <dt className="text-muted-foreground">User id</dt>
              <dd className="font-mono text-xs break-all">{user?.id ?? '—'}</dd>
            </dl>
          </CardContent>
        </Card>
        <ChangePasswordForm />
        <SignOutEverywhere />
        <section aria-labelledby="profile-licences" className="grid gap-3">
          <h2 id="profile-licences" className="text-lg font-semibold">
            Accepted licences
          </h2>
          {licences.length > 0 ? (
            <ul className="divide-y rounded-lg border">
              {licences.map((licence) => (
                <li key={licence.id} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
                  <span className="font-medium">{licenceTitle(licence.id)}</span>
                  <span className="text-muted-foreground">{acceptanceText(licence)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={<FileCheckIcon />}
              title="No licences accepted yet"
              description="Licences and agreements you accept are recorded here with the date you accepted them."
            />
          )}
        </section>
      </div>
    </>
  );
}
