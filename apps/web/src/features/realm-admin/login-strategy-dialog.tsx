import type { LoginStrategy, LoginStrategyUpdateRequest, NewLoginStrategyRequest } from '@ecc/contracts';
import { Button, FormDialog, FormField, Input } from '@ecc/ui';
import { useId, useRef, useState } from 'react';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useFormSubmission, type FormCheck } from '#lib/forms/use-form-submission.ts';
import {
  LOGIN_STRATEGY_FIELDS,
  NEW_STRATEGY_VALUES,
  parseNewStrategyForm,
  parseStrategyUpdateForm,
  toFormValues,
  type LoginStrategyField,
  type LoginStrategyFormValues,
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

const URL_HELP = 'https on a public address; the server refuses private, loopback and link-local addresses.';

export type LoginStrategySave =
  | { kind: 'create'; request: NewLoginStrategyRequest }
  | { kind: 'update'; strategyKey: string; request: LoginStrategyUpdateRequest };

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
  const [values, setValues] = useState<LoginStrategyFormValues>(() =>
    strategy ? toFormValues(strategy) : NEW_STRATEGY_VALUES,
  );
  const { errors, saveError, isSaving, submit } = useFormSubmission(onSave, (error) =>
    serverFieldErrors(error, topLevelFieldOf(LOGIN_STRATEGY_FIELDS)),
  );
  const secretInput = useRef<HTMLInputElement>(null);
  const secretStatusId = useId();
  const change = (patch: Partial<LoginStrategyFormValues>) =>
    setValues((current) => ({ ...current, ...patch }));

  function replaceSecret() {
    change({ secretChange: 'replace', clientSecret: '' });
    // The field appears with this render; focus it once it is there.
    requestAnimationFrame(() => secretInput.current?.focus());
  }

  function parse(): FormCheck<LoginStrategySave, LoginStrategyField> {
    if (!strategy) {
      const parsed = parseNewStrategyForm(values);
      return 'errors' in parsed ? parsed : { save: { kind: 'create', request: parsed.request } };
    }
    const parsed = parseStrategyUpdateForm(values);
    return 'errors' in parsed
      ? parsed
      : { save: { kind: 'update', strategyKey: strategy.key, request: parsed.request } };
  }

  const hasStoredSecret = strategy?.hasClientSecret ?? false;
  const secretStatus =
    values.secretChange === 'remove' ? 'will be removed' : hasStoredSecret ? 'set' : 'not set';

  return (
    <FormDialog
      title={isNew ? `New sign-in strategy for ${realmName}` : `Edit ${strategy.name}`}
      description={`An OpenID Connect provider: people of ${realmName} sign in there and come back signed in.`}
      formLabel="Sign-in strategy"
      submitLabel={isNew ? 'Add strategy' : 'Save changes'}
      isSaving={isSaving}
      saveError={saveError}
      onSubmit={() => void submit(parse())}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => change({ active: event.target.checked })}
        />
        Active (offered on the login page)
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={values.createsMembers}
          onChange={(event) => change({ createsMembers: event.target.checked })}
        />
        Anyone this provider signs in joins as a member (off: only people with an invitation)
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ field, label, type, description }) => (
          <FormField
            key={field}
            label={label}
            error={errors[field]}
            description={
              type === 'url' && field !== 'issuer'
                ? [description, URL_HELP].filter(Boolean).join(' ')
                : description
            }
          >
            <Input
              type={type ?? 'text'}
              value={values[field]}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => change({ [field]: event.target.value })}
            />
          </FormField>
        ))}
      </div>
      {isNew || values.secretChange === 'replace' ? (
        <FormField
          label={isNew ? 'Client secret (optional)' : 'New client secret'}
          error={errors.clientSecret}
          description="Write-only: it is stored on the server and never shown again."
        >
          <Input
            ref={secretInput}
            type="password"
            autoComplete="new-password"
            value={values.clientSecret}
            onChange={(event) => change({ clientSecret: event.target.value })}
          />
        </FormField>
      ) : null}
      {!isNew ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Client secret">
          <span id={secretStatusId}>
            Client secret: <strong>{secretStatus}</strong>
          </span>
          {values.secretChange === 'keep' ? (
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
                  onClick={() => change({ secretChange: 'remove', clientSecret: '' })}
                >
                  Remove
                </Button>
              ) : null}
            </>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => change({ secretChange: 'keep', clientSecret: '' })}
            >
              Keep the current secret
            </Button>
          )}
        </div>
      ) : null}
    </FormDialog>
  );
}
