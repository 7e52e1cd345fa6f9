import type { LoginStrategy } from '@ecc/contracts';
import { Button, FormDialog, FormField, Input } from '@ecc/ui';
import { useId } from 'react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  NEW_STRATEGY_VALUES,
  strategyFieldOf,
  strategyProblemMessage,
  strategyRequestOf,
  strategySaveSchema,
  toFormValues,
  type LoginStrategyFormValues,
  type LoginStrategySave,
  type StrategyAllowListField,
  type StrategyTextField,
} from './login-strategy-form.ts';

const TEXT_FIELDS: readonly {
  field: StrategyTextField;
  label: string;
  type?: 'url';
  description?: string;
}[] = [
  { field: 'name', label: 'Name', description: 'Shown on the login page as "Sign in with {name}".' },
  { field: 'issuer', label: 'Issuer', type: 'url' },
  { field: 'authorizationEndpoint', label: 'Authorization endpoint', type: 'url' },
  { field: 'tokenEndpoint', label: 'Token endpoint', type: 'url' },
  { field: 'jwksURI', label: 'JWKS URI', type: 'url' },
  {
    field: 'userinfoEndpoint',
    label: 'UserInfo endpoint',
    type: 'url',
    description: 'Optional: where the e-mail address is read when the ID token does not carry it.',
  },
  { field: 'clientId', label: 'Client ID' },
  { field: 'domain', label: 'Domain' },
  { field: 'organizationId', label: 'Organization ID' },
  { field: 'provider', label: 'Provider', description: 'Optional, such as okta or azure-ad.' },
  { field: 'service', label: 'Service' },
  { field: 'type', label: 'Type' },
];

const ALLOW_LIST_FIELDS: readonly { field: StrategyAllowListField; label: string; description: string }[] = [
  {
    field: 'allowedDomains',
    label: 'Allowed e-mail domains',
    description:
      'Separated by commas or spaces. Only verified addresses of exactly these domains sign in (a subdomain is another domain). Empty: any domain.',
  },
  {
    field: 'organizationClaim',
    label: 'Organisation claim',
    description:
      "The provider's claim naming the person's organisation, such as hd (Google) or tid (Microsoft).",
  },
  {
    field: 'allowedOrganizations',
    label: 'Allowed organisations',
    description:
      'Separated by commas or spaces: values of the organisation claim that may sign in. Empty: any organisation.',
  },
];

const URL_HELP = 'https on a public address; the server refuses private, loopback and link-local addresses.';

export interface LoginStrategyDialogProps {
  /** The strategy to edit; a new one when absent. */
  strategy?: LoginStrategy;
  /** The realm the strategy belongs to, named in the title. */
  realmName: string;
  /** Saves; a refusal's messages are shown on the fields they name. */
  onSave: (save: LoginStrategySave) => Promise<void>;
  onClose: () => void;
}

/**
 * Add or edit one OpenID Connect strategy: every field of spec section 3, validated by the server's schema as
 * the user saves. The client secret is write-only: an edit shows whether one is set and can replace or remove it.
 */
export function LoginStrategyDialog({ strategy, realmName, onSave, onClose }: LoginStrategyDialogProps) {
  const isNew = strategy === undefined;
  const { form, submit, formError } = useContractForm<LoginStrategyFormValues, LoginStrategySave>({
    schema: strategySaveSchema(strategy),
    defaultValues: strategy ? toFormValues(strategy) : NEW_STRATEGY_VALUES,
    toRequest: (values, refuse) => strategyRequestOf(strategy, values, refuse),
    fieldOf: strategyFieldOf,
    messageOf: strategyProblemMessage,
  });
  const {
    register,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const secretChange = watch('secretChange');
  const secretStatusId = useId();
  const onSubmit = submit(onSave);

  function changeSecret(change: LoginStrategyFormValues['secretChange']) {
    setValue('secretChange', change);
    setValue('clientSecret', '');
  }

  function replaceSecret() {
    changeSecret('replace');
    // The field appears with this render; focus it once it is there.
    requestAnimationFrame(() => setFocus('clientSecret'));
  }

  const hasStoredSecret = strategy?.hasClientSecret ?? false;
  const secretStatus = secretChange === 'remove' ? 'will be removed' : hasStoredSecret ? 'set' : 'not set';

  return (
    <FormDialog
      title={isNew ? `New sign-in strategy for ${realmName}` : `Edit ${strategy.name}`}
      description={`An OpenID Connect provider: people of ${realmName} sign in there and come back signed in.`}
      formLabel="Sign-in strategy"
      submitLabel={isNew ? 'Add strategy' : 'Save changes'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...register('active')} />
        Active (offered on the login page)
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" {...register('createsMembers')} />
        Anyone this provider signs in joins as a member (off: only people with an invitation)
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, label, type, description }) => (
          <FormField
            key={field}
            label={label}
            error={errors[field]?.message}
            description={
              type === 'url' && field !== 'issuer'
                ? [description, URL_HELP].filter(Boolean).join(' ')
                : description
            }
          >
            <Input type={type ?? 'text'} autoComplete="off" spellCheck={false} {...register(field)} />
          </FormField>
        ))}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Who may sign in</legend>
        {ALLOW_LIST_FIELDS.map(({ field, label, description }) => (
          <FormField key={field} label={label} error={errors[field]?.message} description={description}>
            <Input type="text" autoComplete="off" spellCheck={false} {...register(field)} />
          </FormField>
        ))}
      </fieldset>
      {isNew || secretChange === 'replace' ? (
        <FormField
          label={isNew ? 'Client secret (optional)' : 'New client secret'}
          error={errors.clientSecret?.message}
          description="Write-only: it is stored on the server and never shown again."
        >
          <Input type="password" autoComplete="new-password" {...register('clientSecret')} />
        </FormField>
      ) : null}
      {!isNew ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Client secret">
          <span id={secretStatusId}>
            Client secret: <strong>{secretStatus}</strong>
          </span>
          {secretChange === 'keep' ? (
            <>
              <Button type="button" variant="outline" size="sm" onClick={replaceSecret}>
                {hasStoredSecret ? 'Replace' : 'Set'}
              </Button>
              {hasStoredSecret ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-describedby={secretStatusId}
                  onClick={() => changeSecret('remove')}
                >
                  Remove
                </Button>
              ) : null}
            </>
          ) : (
            <Button type="button" variant="ghost" size="sm" onClick={() => changeSecret('keep')}>
              Keep the current secret
            </Button>
          )}
        </div>
      ) : null}
    </FormDialog>
  );
}
