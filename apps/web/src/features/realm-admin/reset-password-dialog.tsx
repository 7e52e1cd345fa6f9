import { resetPasswordFormSchema, type RealmUser, type ResetPasswordForm } from '@ecc/contracts';
import { FormDialog, FormField, Input } from '@ecc/ui';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

export interface ResetPasswordDialogProps {
  user: RealmUser;
  /** Sets the password; a refusal's messages show on the fields they name. */
  onReset: (password: string) => Promise<void>;
  onClose: () => void;
}

/** An administrator sets a new password for a user of the realm: every session of that user ends. */
export function ResetPasswordDialog({ user, onReset, onClose }: ResetPasswordDialogProps) {
  const { form, submit, formError } = useContractForm<ResetPasswordForm, ResetPasswordForm>({
    schema: resetPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    fieldOf: topLevelFieldOf(['password', 'confirmPassword']),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async ({ password }) => onReset(password));

  return (
    <FormDialog
      title={`Reset the password of ${user.email}`}
      description="They are signed out everywhere and sign in with this password from now on. Tell them it safely."
      formLabel="Password reset"
      submitLabel="Set password"
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <FormField label="New password" error={errors.password?.message} description="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="New password again" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
    </FormDialog>
  );
}
