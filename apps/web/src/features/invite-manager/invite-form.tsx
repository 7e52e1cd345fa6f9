import {
  createInvitationRequestSchema,
  INVITATION_ROLES,
  type CreateInvitationRequest,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, selectClasses } from '@ecc/ui';
import { SendIcon } from 'lucide-react';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

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
  const { form, submit, formError } = useContractForm<CreateInvitationRequest, CreateInvitationRequest>({
    schema: createInvitationRequestSchema,
    defaultValues: { email: '', role: 'member' },
    fieldOf: topLevelFieldOf(INVITE_FORM_FIELDS),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (request) => {
    await onInvite(request);
    reset();
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Invite someone"
      className="grid gap-4 rounded-lg border p-4"
    >
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Role" error={errors.role?.message}>
          <select className={selectClasses} {...register('role')}>
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
