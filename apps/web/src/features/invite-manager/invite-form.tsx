import {
  createInvitationRequestSchema,
  INVITATION_ROLES,
  type CreateInvitationRequest,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, controlClasses } from '@ecc/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';

export interface InviteFormProps {
  /** Sends the invitation; a refusal is shown on the field it names, anything else above the form. */
  onInvite: (request: CreateInvitationRequest) => Promise<void>;
}

const INVITE_FORM_FIELDS = ['email', 'role'] as const;

const ROLE_LABELS: Record<(typeof INVITATION_ROLES)[number], string> = {
  member: 'Member',
  admin: 'Administrator',
};

/** The address to invite and the role they join with; the form empties once the invitation is sent. */
export function InviteForm({ onInvite }: InviteFormProps) {
  const [errorMessage, setErrorMessage] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateInvitationRequest>({
    resolver: zodResolver(createInvitationRequestSchema),
    defaultValues: { email: '', role: 'member' },
  });

  const onSubmit = handleSubmit(async (request) => {
    setErrorMessage(undefined);
    try {
      await onInvite(request);
      reset();
    } catch (error) {
      const { fields, form } = serverFieldErrors(error, topLevelFieldOf(INVITE_FORM_FIELDS));
      for (const field of INVITE_FORM_FIELDS) {
        const message = fields[field];
        if (message !== undefined) setError(field, { message }, { shouldFocus: true });
      }
      setErrorMessage(form);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Invite someone"
      className="grid gap-4 rounded-lg border p-4"
    >
      {errorMessage ? (
        <Alert kind="error">
          <AlertDescription>{errorMessage}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Role" error={errors.role?.message}>
          <select className={`${controlClasses} h-9`} {...register('role')}>
            {INVITATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="submit" className="sm:mt-[1.625rem]" isLoading={isSubmitting}>
          <SendIcon aria-hidden="true" /> Send invitation
        </Button>
      </div>
    </form>
  );
}
