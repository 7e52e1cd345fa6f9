import {
  loginStrategyUpdateRequestSchema,
  newLoginStrategyRequestSchema,
  type LoginStrategy,
  type LoginStrategyUpdateRequest,
  type NewLoginStrategyRequest,
} from '@ecc/contracts';

/** The strategy's text fields (spec section 3), in the order the form shows them. */
export const STRATEGY_TEXT_FIELDS = [
  'name',
  'issuer',
  'authorizationEndpoint',
  'tokenEndpoint',
  'jwksURI',
  'userinfoEndpoint',
  'clientId',
  'domain',
  'organizationId',
  'provider',
  'service',
  'type',
] as const;
export type StrategyTextField = (typeof STRATEGY_TEXT_FIELDS)[number];
export type LoginStrategyField = StrategyTextField | 'active' | 'createsMembers' | 'clientSecret';
export const LOGIN_STRATEGY_FIELDS: readonly LoginStrategyField[] = [
  ...STRATEGY_TEXT_FIELDS,
  'active',
  'createsMembers',
  'clientSecret',
];
export type LoginStrategyFormErrors = Partial<Record<LoginStrategyField, string>>;

/** What a save does with the stored client secret; a new strategy's secret is whatever is typed, if anything. */
export type ClientSecretChange = 'keep' | 'replace' | 'remove';

export type LoginStrategyFormValues = Record<StrategyTextField, string> & {
  active: boolean;
  createsMembers: boolean;
  secretChange: ClientSecretChange;
  clientSecret: string;
};

export const NEW_STRATEGY_VALUES: LoginStrategyFormValues = {
  active: true,
  createsMembers: false,
  name: '',
  issuer: '',
  authorizationEndpoint: '',
  tokenEndpoint: '',
  jwksURI: '',
  userinfoEndpoint: '',
  clientId: '',
  domain: '',
  organizationId: '',
  provider: '',
  service: 'oidc',
  type: 'oidc',
  secretChange: 'replace',
  clientSecret: '',
};

export function toFormValues(strategy: LoginStrategy): LoginStrategyFormValues {
  return {
    ...NEW_STRATEGY_VALUES,
    ...Object.fromEntries(STRATEGY_TEXT_FIELDS.map((field) => [field, strategy[field] ?? ''])),
    active: strategy.active,
    createsMembers: strategy.createsMembers === true,
    secretChange: 'keep',
  };
}

/** The fields every request carries: text trimmed, an empty provider or UserInfo endpoint left out (optional). */
function strategyFieldsOf(values: LoginStrategyFormValues) {
  const text = Object.fromEntries(STRATEGY_TEXT_FIELDS.map((field) => [field, values[field].trim()]));
  const { provider, userinfoEndpoint, ...required } = text;
  return {
    ...required,
    ...(provider ? { provider } : {}),
    ...(userinfoEndpoint ? { userinfoEndpoint } : {}),
    active: values.active,
    createsMembers: values.createsMembers,
  };
}

/** A listed strategy as a PUT body that changes only what `changes` says and keeps the stored secret. */
export function toUpdateRequest(
  strategy: LoginStrategy,
  changes: Partial<Pick<LoginStrategy, 'active'>>,
): LoginStrategyUpdateRequest {
  return loginStrategyUpdateRequestSchema.parse({ ...strategy, ...changes });
}

function errorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): LoginStrategyFormErrors {
  const errors: LoginStrategyFormErrors = {};
  for (const issue of issues) {
    const field = LOGIN_STRATEGY_FIELDS.find((candidate) => candidate === issue.path[0]);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/** A new strategy's request, validated by the server's own schema, or one message per field. */
export function parseNewStrategyForm(
  values: LoginStrategyFormValues,
): { request: NewLoginStrategyRequest } | { errors: LoginStrategyFormErrors } {
  const parsed = newLoginStrategyRequestSchema.safeParse({
    ...strategyFieldsOf(values),
    ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
  });
  return parsed.success ? { request: parsed.data } : { errors: errorsOf(parsed.error.issues) };
}

export const NEW_SECRET_REQUIRED = 'Type the new client secret, or keep the current one';

/**
 * An edited strategy's request: the secret is left out to keep it, null to remove it, or the new text. Validated
 * by the server's own schema, or one message per field.
 */
export function parseStrategyUpdateForm(
  values: LoginStrategyFormValues,
): { request: LoginStrategyUpdateRequest } | { errors: LoginStrategyFormErrors } {
  const secret =
    values.secretChange === 'keep'
      ? {}
      : { clientSecret: values.secretChange === 'remove' ? null : values.clientSecret };
  const parsed = loginStrategyUpdateRequestSchema.safeParse({ ...strategyFieldsOf(values), ...secret });
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (values.secretChange === 'replace' && values.clientSecret === '') {
    errors.clientSecret = NEW_SECRET_REQUIRED;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { request: parsed.data };
}
