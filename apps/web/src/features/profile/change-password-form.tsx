import { changePasswordFormSchema, type ChangePasswordForm as ChangePasswordValues } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormField,
  Input,
  toast,
} from '@ecc/ui';
import { KeyRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { changePassword, otherSessionsText } from './profile-api.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The signed-in user's password: the current one, then the new one twice. On success every other session of theirs
 * ends (this one goes on) and the form empties; the server's refusal shows on the field it names.
 */
export function ChangePasswordForm() {
  const headingId = useId();
  const { form, submit, formError } = useContractForm<ChangePasswordValues, ChangePasswordValues>({
    schema: changePasswordFormSchema,
    defaultValues: EMPTY,
    fieldOf: topLevelFieldOf(FIELDS),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    const { sessionsEnded } = await changePassword({ currentPassword, newPassword });
    reset(EMPTY);
    toast({
      variant: 'success',
      title: 'Your password was changed',
      description: `${otherSessionsText(sessionsEnded)} signed out.`,
    });
  });

  return (
    <Card>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 leading-none font-semibold">
          <KeyRoundIcon aria-hidden="true" className="size-4" /> Password
        </h2>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-labelledby={headingId}
          className="grid gap-4"
        >
          <p className="text-muted-foreground text-sm">
            Changing your password signs you out on every other device; this one stays signed in.
          </p>
          {formError ? (
            <Alert kind="error">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="New password"
              error={errors.newPassword?.message}
              description="At least 8 characters."
            >
              <Input type="password" autoComplete="new-password" {...register('newPassword')} />
            </FormField>
            <FormField label="New password again" error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
            </FormField>
          </div>
          <div>
            <Button type="submit" isLoading={isSubmitting}>
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
