import {
  newRealmRequestSchema,
  realmUpdateRequestSchema,
  type ManagedRealm,
  type NewRealmRequest,
  type Plan,
  type RealmUpdateRequest,
  type z,
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

/** What the realm dialog saves: a new realm, or the changes an edit makes to one. */
export type RealmSave =
  | { kind: 'create'; request: NewRealmRequest }
  | { kind: 'update'; realm: ManagedRealm; request: RealmUpdateRequest };

/** The request the fields stand for: a new realm's, or every editable field of an existing one. */
export function realmRequestOf(realm: ManagedRealm | undefined, values: RealmFormValues) {
  const lists = { domains: splitList(values.domains), featureFlags: splitList(values.featureFlags) };
  if (realm) return { name: values.name, plan: values.plan, active: values.active, ...lists };
  const parentKey = values.parentKey.trim();
  return {
    key: values.key.trim(),
    name: values.name,
    plan: values.plan,
    ...(parentKey ? { parentKey } : {}),
    ...lists,
  };
}

/** Only the fields an edit changed, of the realm as listed. */
function changesOf(realm: ManagedRealm, request: RealmUpdateRequest): RealmUpdateRequest {
  const { name, plan, active, domains, featureFlags } = request;
  const isSame = (left: readonly string[] | undefined, right: readonly string[]) =>
    JSON.stringify(left) === JSON.stringify(right);
  return {
    ...(name === realm.name ? {} : { name }),
    ...(plan === realm.plan ? {} : { plan }),
    ...(active === realm.active ? {} : { active }),
    ...(isSame(domains, realm.domains) ? {} : { domains }),
    ...(isSame(featureFlags, realm.featureFlags) ? {} : { featureFlags }),
  };
}

/** The contract's schema of the dialog's request (a new realm's, or an edit's), its answer being the save. */
export function realmSaveSchema(realm: ManagedRealm | undefined): z.ZodType<RealmSave> {
  return realm
    ? realmUpdateRequestSchema.transform((request) => ({
        kind: 'update' as const,
        realm,
        request: changesOf(realm, request),
      }))
    : newRealmRequestSchema.transform((request) => ({ kind: 'create' as const, request }));
}

/** A problem's field: the first segment of its path, when the dialog has that field. */
export function realmFieldOf(path: readonly string[]): RealmFormField | undefined {
  return REALM_FORM_FIELDS.find((field) => field === path[0]);
}

/** A problem of one entry of a list names the entry: `not_a_host: Must be a host name…`. */
export function realmProblemMessage(
  path: readonly string[],
  message: string,
  values: RealmFormValues,
): string {
  const [field, index] = path;
  if (field !== 'domains' && field !== 'featureFlags') return message;
  const entry = index === undefined ? undefined : splitList(values[field])[Number(index)];
  return entry === undefined ? message : `${entry}: ${message}`;
}
