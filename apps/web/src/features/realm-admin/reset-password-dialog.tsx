import { resetPasswordFormSchema, type RealmUser, type ResetPasswordForm } from '@ecc/contracts';
import { FormDialog, FormField, Input } from '@ecc/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { setServerErrors } from '#lib/forms/set-server-errors.ts';

const FIELDS = ['password', 'confirmPassword'] as const;

export interface ResetPasswordDialogProps {
  user: RealmUser;
  /** Sets the password; a refusal's messages show on the fields they name. */
  onReset: (password: string) => Promise<void>;
  onClose: () => void;
}

/** An administrator sets a new password for a user of the realm: every session of that user ends. */
export function ResetPasswordDialog({ user, onReset, onClose }: ResetPasswordDialogProps) {
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      await onReset(password);
    } catch (error) {
      setFormError(setServerErrors(error, FIELDS, setError));
    }
  });

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
