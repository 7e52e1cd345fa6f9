import {
  loginStrategyUpdateRequestSchema,
  newLoginStrategyRequestSchema,
  type LoginStrategy,
  type LoginStrategyUpdateRequest,
  type NewLoginStrategyRequest,
  type z,
} from '@ecc/contracts';
import { splitList } from './realm-form.ts';

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

/** Who may sign in: lists typed as text (`splitList`), and the organisation's claim. */
export const STRATEGY_ALLOW_LIST_FIELDS = [
  'allowedDomains',
  'organizationClaim',
  'allowedOrganizations',
] as const;
export type StrategyAllowListField = (typeof STRATEGY_ALLOW_LIST_FIELDS)[number];

export type LoginStrategyField =
  StrategyTextField | StrategyAllowListField | 'active' | 'createsMembers' | 'clientSecret';
export const LOGIN_STRATEGY_FIELDS: readonly LoginStrategyField[] = [
  ...STRATEGY_TEXT_FIELDS,
  ...STRATEGY_ALLOW_LIST_FIELDS,
  'active',
  'createsMembers',
  'clientSecret',
];

/** What a save does with the stored client secret; a new strategy's secret is whatever is typed, if anything. */
export type ClientSecretChange = 'keep' | 'replace' | 'remove';

export type LoginStrategyFormValues = Record<StrategyTextField | StrategyAllowListField, string> & {
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
  allowedDomains: '',
  organizationClaim: '',
  allowedOrganizations: '',
  secretChange: 'replace',
  clientSecret: '',
};

export function toFormValues(strategy: LoginStrategy): LoginStrategyFormValues {
  return {
    ...NEW_STRATEGY_VALUES,
    ...Object.fromEntries(STRATEGY_TEXT_FIELDS.map((field) => [field, strategy[field] ?? ''])),
    active: strategy.active,
    createsMembers: strategy.createsMembers === true,
    allowedDomains: (strategy.allowedDomains ?? []).join(', '),
    organizationClaim: strategy.organizationClaim ?? '',
    allowedOrganizations: (strategy.allowedOrganizations ?? []).join(', '),
    secretChange: 'keep',
  };
}

/** An allow-list field of the request, left out when empty (an absent list allows everyone). */
function optionalListOf<Field extends string>(field: Field, text: string): Partial<Record<Field, string[]>> {
  const entries = splitList(text);
  return entries.length > 0 ? ({ [field]: entries } as Record<Field, string[]>) : {};
}

/**
 * How a problem of the schema reads on its field: a list's entry is named (`allowedDomains/1` →
 * `@acme.com: Must be a host name…`).
 */
export function strategyProblemMessage(
  path: readonly string[],
  message: string,
  values: LoginStrategyFormValues,
): string {
  const [field, index] = path;
  if (field !== 'allowedDomains' && field !== 'allowedOrganizations') return message;
  const entry = index === undefined ? undefined : splitList(values[field])[Number(index)];
  return entry === undefined ? message : `${entry}: ${message}`;
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
    ...optionalListOf('allowedDomains', values.allowedDomains),
    ...(values.organizationClaim.trim() ? { organizationClaim: values.organizationClaim.trim() } : {}),
    ...optionalListOf('allowedOrganizations', values.allowedOrganizations),
  };
}

/** A listed strategy as a PUT body that changes only what `changes` says and keeps the stored secret. */
export function toUpdateRequest(
  strategy: LoginStrategy,
  changes: Partial<Pick<LoginStrategy, 'active'>>,
): LoginStrategyUpdateRequest {
  return loginStrategyUpdateRequestSchema.parse({ ...strategy, ...changes });
}

/** What the strategy dialog saves: a new strategy, or an edit of the one with `strategyKey`. */
export type LoginStrategySave =
  | { kind: 'create'; request: NewLoginStrategyRequest }
  | { kind: 'update'; strategyKey: string; request: LoginStrategyUpdateRequest };

export const NEW_SECRET_REQUIRED = 'Type the new client secret, or keep the current one';

/**
 * The request the fields stand for. A new strategy sends the secret typed, if any; an edit leaves it out to keep
 * it, sends null to remove it, or the new text, which must then be typed (else refused on its field).
 */
export function strategyRequestOf(
  strategy: LoginStrategy | undefined,
  values: LoginStrategyFormValues,
  refuse: (field: 'clientSecret', message: string) => void,
) {
  if (!strategy) {
    return {
      ...strategyFieldsOf(values),
      ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
    };
  }
  if (values.secretChange === 'replace' && values.clientSecret === '')
    refuse('clientSecret', NEW_SECRET_REQUIRED);
  const secret =
    values.secretChange === 'keep'
      ? {}
      : { clientSecret: values.secretChange === 'remove' ? null : values.clientSecret };
  return { ...strategyFieldsOf(values), ...secret };
}

/** The contract's schema of the dialog's request (a new strategy's, or an edit's), its answer being the save. */
export function strategySaveSchema(strategy: LoginStrategy | undefined): z.ZodType<LoginStrategySave> {
  return strategy
    ? loginStrategyUpdateRequestSchema.transform((request) => ({
        kind: 'update' as const,
        strategyKey: strategy.key,
        request,
      }))
    : newLoginStrategyRequestSchema.transform((request) => ({ kind: 'create' as const, request }));
}

/** A problem's field: the first segment of its path, when the dialog has that field. */
export function strategyFieldOf(path: readonly string[]): LoginStrategyField | undefined {
  return LOGIN_STRATEGY_FIELDS.find((field) => field === path[0]);
}
