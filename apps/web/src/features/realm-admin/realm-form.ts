import {
  newRealmRequestSchema,
  realmUpdateRequestSchema,
  type ManagedRealm,
  type NewRealmRequest,
  type Plan,
  type RealmUpdateRequest,
} from '@ecc/contracts';

export const REALM_FORM_FIELDS = [
  'key',
  'name',
  'parentKey',
  'plan',
  'domains',
  'featureFlags',
  'active',
] as const;
export type RealmFormField = (typeof REALM_FORM_FIELDS)[number];
export type RealmFormErrors = Partial<Record<RealmFormField, string>>;

/** The realm dialog's fields as typed: domains and feature flags as text, one or more per line or comma. */
export interface RealmFormValues {
  key: string;
  name: string;
  parentKey: string;
  plan: Plan;
  domains: string;
  featureFlags: string;
  active: boolean;
}

export const NEW_REALM_VALUES: RealmFormValues = {
  key: '',
  name: '',
  parentKey: '',
  plan: 'simple',
  domains: '',
  featureFlags: '',
  active: true,
};

export function toFormValues(realm: ManagedRealm): RealmFormValues {
  return {
    key: realm.key,
    name: realm.name,
    parentKey: realm.parentKey ?? '',
    plan: realm.plan ?? 'simple',
    domains: realm.domains.join('\n'),
    featureFlags: realm.featureFlags.join(', '),
    active: realm.active,
  };
}

/** `a.example.com, b.example.com` or one per line → the entries, trimmed, blanks dropped. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** One message per field; an entry of a list is named in its message. */
function errorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  lists: Record<'domains' | 'featureFlags', readonly string[]>,
): RealmFormErrors {
  const errors: RealmFormErrors = {};
  for (const issue of issues) {
    const [first, index] = issue.path;
    const field = REALM_FORM_FIELDS.find((candidate) => candidate === first);
    if (field === undefined) continue;
    const entry =
      (field === 'domains' || field === 'featureFlags') && typeof index === 'number'
        ? lists[field][index]
        : undefined;
    errors[field] ??= entry === undefined ? issue.message : `${entry}: ${issue.message}`;
  }
  return errors;
}

/** A new realm's request, validated by the server's own schema, or one message per field. */
export function parseNewRealmForm(
  values: RealmFormValues,
): { request: NewRealmRequest } | { errors: RealmFormErrors } {
  const lists = { domains: splitList(values.domains), featureFlags: splitList(values.featureFlags) };
  const parentKey = values.parentKey.trim();
  const parsed = newRealmRequestSchema.safeParse({
    key: values.key.trim(),
    name: values.name,
    plan: values.plan,
    ...(parentKey ? { parentKey } : {}),
    ...lists,
  });
  return parsed.success ? { request: parsed.data } : { errors: errorsOf(parsed.error.issues, lists) };
}

/** The changes an edit makes: only the fields that differ from the realm as listed. */
export function parseRealmUpdateForm(
  realm: ManagedRealm,
  values: RealmFormValues,
): { request: RealmUpdateRequest } | { errors: RealmFormErrors } {
  const lists = { domains: splitList(values.domains), featureFlags: splitList(values.featureFlags) };
  const parsed = realmUpdateRequestSchema.safeParse({
    name: values.name,
    plan: values.plan,
    active: values.active,
    ...lists,
  });
  if (!parsed.success) return { errors: errorsOf(parsed.error.issues, lists) };
  const { name, plan, active, domains, featureFlags } = parsed.data;
  const isSame = (left: readonly string[] | undefined, right: readonly string[]) =>
    JSON.stringify(left) === JSON.stringify(right);
  return {
    request: {
      ...(name === realm.name ? {} : { name }),
      ...(plan === realm.plan ? {} : { plan }),
      ...(active === realm.active ? {} : { active }),
      ...(isSame(domains, realm.domains) ? {} : { domains }),
      ...(isSame(featureFlags, realm.featureFlags) ? {} : { featureFlags }),
    },
  };
}
