import { REALM_KEY_MAX_LENGTH, z } from '@ecc/contracts';
import { MATCHES_PATTERN_OPERATOR, type AbilityRule, type RecordConditions } from './ability-rule.ts';
import { compileGrantPattern, matchesGrantPattern } from './grant-pattern.ts';
import {
  ID_PATTERN_PRINCIPAL,
  PATTERN_ANY,
  PERMISSION_TYPES,
  REALM_PATTERN_CASCADE,
  REALM_PATTERN_OWN,
  plaintextGrantDataSchema,
  regexGrantDataSchema,
  type PermissionAction,
  type PermissionSubject,
} from './permission.ts';
import { realmsBelow, type RealmTree } from './realm-tree.ts';

/** The signed-in user the grants are resolved for. */
export interface AbilityUser {
  readonly id: string;
  readonly realmKey: string;
}

/** A grant that was not applied at all, and why. */
export interface RejectedPermission {
  readonly permissionId: string | null;
  readonly reason: string;
}

export interface GrantConversion {
  /** Deduplicated and sorted by their JSON text, so equal grant sets give equal rule lists. */
  readonly rules: AbilityRule[];
  readonly rejected: RejectedPermission[];
}

// Only what decides whether the grant is considered at all; `right` plays no part in what it grants.
const grantEnvelopeSchema = z.object({
  id: z.string().min(1),
  active: z.boolean(),
  type: z.enum(PERMISSION_TYPES),
  data: z.unknown(),
});

type Resolution<T> =
  { readonly isValid: true; readonly value: T } | { readonly isValid: false; reason: string };

type GrantOutcome =
  | { readonly kind: 'rule'; readonly rule: AbilityRule }
  | { readonly kind: 'none' }
  | { readonly kind: 'rejected'; readonly reason: string };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** The realms a realm pattern grants, or null for any realm. */
function resolveRealmPattern(
  pattern: string,
  user: AbilityUser,
  realmTree: RealmTree,
): Resolution<readonly string[] | null> {
  if (pattern === PATTERN_ANY) return { isValid: true, value: null };
  if (pattern === REALM_PATTERN_OWN) return { isValid: true, value: [user.realmKey] };
  if (pattern === REALM_PATTERN_CASCADE) {
    return { isValid: true, value: [user.realmKey, ...realmsBelow(realmTree, user.realmKey)].sort() };
  }
  const compilation = compileGrantPattern(pattern);
  if (!compilation.isValid) return { isValid: false, reason: `realm pattern: ${compilation.reason}` };
  // Resolved here, against the realms that exist, so conditions carry plain keys and never a regular expression.
  const knownKeys = new Set([...Object.keys(realmTree), user.realmKey]);
  const matching = [...knownKeys]
    .filter((key) => key.length <= REALM_KEY_MAX_LENGTH && matchesGrantPattern(compilation.pattern, key))
    .sort();
  return { isValid: true, value: matching };
}

/** The id condition of an id pattern, or null for any id. */
function resolveIdPattern(pattern: string, user: AbilityUser): Resolution<RecordConditions['id'] | null> {
  if (pattern === PATTERN_ANY) return { isValid: true, value: null };
  if (pattern === ID_PATTERN_PRINCIPAL) return { isValid: true, value: user.id };
  const compilation = compileGrantPattern(pattern);
  if (!compilation.isValid) return { isValid: false, reason: `id pattern: ${compilation.reason}` };
  return { isValid: true, value: { [MATCHES_PATTERN_OPERATOR]: pattern } };
}

function toOutcome(
  action: PermissionAction,
  subject: PermissionSubject,
  realms: readonly string[] | null,
  id: RecordConditions['id'] | null,
): GrantOutcome {
  // A pattern that matches no known realm grants nothing; an empty `$in` would say the same less plainly.
  if (realms !== null && realms.length === 0) return { kind: 'none' };
  const conditions: RecordConditions = {
    ...(realms === null ? {} : { realm: { $in: realms } }),
    ...(id === null ? {} : { id }),
  };
  const rule = Object.keys(conditions).length > 0 ? { action, subject, conditions } : { action, subject };
  return { kind: 'rule', rule };
}

function convertGrant(permission: unknown, user: AbilityUser, realmTree: RealmTree): GrantOutcome {
  const envelope = grantEnvelopeSchema.safeParse(permission);
  if (!envelope.success) return { kind: 'rejected', reason: describeIssues(envelope.error) };
  const { active, type, data } = envelope.data;
  if (!active || type === 'SCRIPT_GRANT') return { kind: 'none' };

  if (type === 'PLAINTEXT_GRANT') {
    const parsed = plaintextGrantDataSchema.safeParse(data);
    if (!parsed.success) return { kind: 'rejected', reason: `data: ${describeIssues(parsed.error)}` };
    return toOutcome(parsed.data.action, parsed.data.subject, [parsed.data.realm], null);
  }

  const parsed = regexGrantDataSchema.safeParse(data);
  if (!parsed.success) return { kind: 'rejected', reason: `data: ${describeIssues(parsed.error)}` };
  const realms = resolveRealmPattern(parsed.data.realm, user, realmTree);
  if (!realms.isValid) return { kind: 'rejected', reason: realms.reason };
  const id = resolveIdPattern(parsed.data.id, user);
  if (!id.isValid) return { kind: 'rejected', reason: id.reason };
  return toOutcome(parsed.data.action, parsed.data.subject, realms.value, id.value);
}

function permissionIdOf(permission: unknown): string | null {
  if (typeof permission !== 'object' || permission === null || !('id' in permission)) return null;
  return typeof permission.id === 'string' ? permission.id : null;
}

/**
 * Converts a user's permissions (spec section 6) into CASL rules. Inactive and script grants grant nothing; a
 * grant whose envelope, data or patterns do not parse is left out whole and listed in `rejected`.
 * `realmTree` must list every realm: regex realm patterns are resolved against its keys, so a realm created later
 * is covered once the rules are rebuilt.
 */
export function grantsToRules(
  permissions: readonly unknown[],
  user: AbilityUser,
  realmTree: RealmTree,
): GrantConversion {
  const rulesByText = new Map<string, AbilityRule>();
  const rejected: RejectedPermission[] = [];
  for (const permission of permissions) {
    const outcome = convertGrant(permission, user, realmTree);
    if (outcome.kind === 'rule') rulesByText.set(JSON.stringify(outcome.rule), outcome.rule);
    else if (outcome.kind === 'rejected') {
      rejected.push({ permissionId: permissionIdOf(permission), reason: outcome.reason });
    }
  }
  const rules = [...rulesByText.entries()]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([, rule]) => rule);
  return { rules, rejected };
}
