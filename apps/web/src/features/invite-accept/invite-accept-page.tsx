import { acceptInvitationFormSchema, type AcceptInvitationForm } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormField,
  Input,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { acceptInvitation, invitationPreviewQueryOptions } from './invite-accept-api.ts';

/**
 * /invite/$token: the page the invitation e-mail links to. The invited person chooses a password, which
 * creates their account in the realm, signs them in and takes them home.
 */
export function InviteAcceptPage() {
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const preview = useQuery(invitationPreviewQueryOptions(token));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { form, submit, formError } = useContractForm<AcceptInvitationForm, AcceptInvitationForm>({
    schema: acceptInvitationFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    // The server checks the password the form sends; a refusal of the token goes above the form.
    fieldOf: topLevelFieldOf(['password']),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ password }) => {
    try {
      await acceptInvitation(queryClient, { token, password });
    } catch (error) {
      throw isApiResponseError(error)
        ? error
        : new Error('Could not reach the server. Check your connection and try again.');
    }
    toast({ variant: 'success', title: `Welcome to ${preview.data?.realmName ?? 'the realm'}` });
    await navigate({ to: '/', replace: true });
  });

  return (
    <Card className="w-full max-w-sm shadow-lg">
      <CardHeader className="justify-items-center gap-3 text-center">
        <p className="text-muted-foreground text-sm">{preview.data?.realmName ?? '\u00a0'}</p>
        <h1 className="text-xl font-semibold tracking-tight">Join the realm</h1>
      </CardHeader>
      <CardContent className="grid gap-6" aria-live="polite" aria-busy={preview.isPending}>
        {preview.isPending ? (
          <LoadingSkeleton label="Checking the invitation" className="gap-3" skeletons={['h-9', 'h-9']} />
        ) : preview.error ? (
          <Alert kind="error">
            <AlertTitle>This invitation cannot be used</AlertTitle>
            <AlertDescription className="grid gap-2">
              <span>{preview.error.message}</span>
              <span>
                Ask the person who invited you for a new invitation, or <Link to="/login">sign in</Link>.
              </span>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <p className="text-sm">
              Choose a password for <strong>{preview.data.email}</strong> to join {preview.data.realmName}.
            </p>
            {formError ? (
              <Alert kind="error">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            ) : null}
            <form
              noValidate
              onSubmit={(event) => void onSubmit(event)}
              className="grid gap-4"
              aria-label="Set your password"
            >
              <FormField label="Password" error={errors.password?.message}>
                <Input type="password" autoComplete="new-password" autoFocus {...register('password')} />
              </FormField>
              <FormField label="Confirm password" error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
              </FormField>
              <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
                Join
              </Button>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
