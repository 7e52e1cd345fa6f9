import {
  isLicenceAccepted,
  unacceptedLicences,
  updateUserRequestSchema,
  type Licence,
  type UpdateUserRequest,
  type User,
} from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle, Button, EmptyState } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { ScrollTextIcon } from 'lucide-react';
import { useId } from 'react';
import { PageHeader } from '#components/page-header.tsx';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { pathAfterAgreement } from '#lib/licences/agreement-path.ts';
import { useApplication } from '#lib/realm/realm-queries.ts';
import { useCurrentUser, userQueryKey, useSession } from '#lib/session/session-queries.ts';
import { acceptLicences, licenceAcceptanceRequest } from './accept-licences.ts';
import { legalTexts } from './legal-texts.ts';

/** Realms may store a legal text itself or the address where it is published. */
function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/.test(text.trim());
}

/**
 * The realm's legal texts; a signed-in user with unaccepted licences accepts them here (spec sections 1 and 4)
 * and goes on to the page they were heading for. Rendered without a layout (spec section 2), so the page
 * carries its own landmark.
 */
export function AgreementPage() {
  const application = useApplication();
  const texts = legalTexts(application);
  const { isLoggedIn } = useSession();
  const user = useCurrentUser(isLoggedIn);
  const pending = user ? unacceptedLicences(application, user.properties) : [];
  const next = useLocation({ select: (location) => (location.search as Record<string, unknown>).next });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto max-w-3xl p-6 focus:outline-none sm:p-10">
      <PageHeader title="Agreements" description="The legal texts that apply to your use of this realm." />
      {pending.length > 0 && (
        <Alert kind="warning" className="mb-8">
          <AlertTitle>Please accept the licences to continue</AlertTitle>
          <AlertDescription>
            Read {pending.length === 1 ? 'the licence' : `the ${pending.length} licences`} below:{' '}
            {pending.map((licence) => licence.title).join(', ')}.
          </AlertDescription>
        </Alert>
      )}
      {texts.length > 0 ? (
        <div className="grid gap-8">
          {texts.map((text) => (
            <section key={text.id} aria-labelledby={text.id} className="grid gap-2">
              <h2 id={text.id} className="text-lg font-semibold">
                {text.title}
              </h2>
              {isWebAddress(text.text) ? (
                <a
                  href={text.text}
                  className="text-primary text-sm underline-offset-4 hover:underline"
                  rel="noreferrer"
                >
                  Read the {text.title.toLowerCase()}
                </a>
              ) : (
                <p className="text-muted-foreground text-sm whitespace-pre-line">{text.text}</p>
              )}
              {text.licence && user && isLicenceAccepted(user.properties, text.licence) && (
                <p className="text-success text-sm">Accepted</p>
              )}
            </section>
          ))}
        </div>
      ) : (
        <EmptyState
          icon={<ScrollTextIcon />}
          title="No agreements to show"
          description="Your realm has no licence agreement, terms or other legal texts configured. When it does, they are listed here."
        />
      )}
      {user && pending.length > 0 && (
        <AcceptLicencesForm
          user={user}
          pending={pending}
          onAccepted={async (updated) => {
            queryClient.setQueryData(userQueryKey, updated);
            await navigate({ href: pathAfterAgreement(next), replace: true });
          }}
        />
      )}
    </main>
  );
}

/**
 * The user's acceptance of the pending licences: the `PUT /api/user` it sends is checked with the endpoint's
 * schema; a refusal is shown above the button.
 */
function AcceptLicencesForm({
  user,
  pending,
  onAccepted,
}: {
  user: User;
  pending: readonly Licence[];
  onAccepted: (updated: User) => Promise<void>;
}) {
  const checkboxId = useId();
  const errorId = useId();
  const { form, submit, formError } = useContractForm<{ isAgreed: boolean }, UpdateUserRequest>({
    schema: updateUserRequestSchema,
    defaultValues: { isAgreed: false },
    toRequest: () => licenceAcceptanceRequest(user, pending),
    // Nothing the user can change names a path of the request: every refusal is the form's.
    fieldOf: () => undefined,
  });
  const {
    register,
    watch,
    formState: { isSubmitting },
  } = form;
  const isAgreed = watch('isAgreed');
  const onSubmit = submit(async (request) => onAccepted(await acceptLicences(request)));

  return (
    <form
      className="mt-10 grid gap-4 border-t pt-6"
      noValidate
      aria-label="Accept the licences"
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-4"
          aria-describedby={formError === undefined ? undefined : errorId}
          {...register('isAgreed')}
        />
        <label htmlFor={checkboxId} className="text-sm">
          I have read and accept {pending.map((licence) => licence.title).join(' and ')}.
        </label>
      </div>
      <div aria-live="polite">
        {formError !== undefined && (
          <p id={errorId} role="alert" className="text-destructive text-sm">
            Your acceptance could not be recorded: {formError}. Please try again.
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={!isAgreed || isSubmitting}>
          {isSubmitting ? 'Recording…' : 'Accept and continue'}
        </Button>
      </div>
    </form>
  );
}
