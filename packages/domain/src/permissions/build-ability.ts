import {
  buildMongoQueryMatcher,
  createMongoAbility,
  subject,
  type ForcedSubject,
  type MongoAbility,
} from '@casl/ability';
import { MATCHES_PATTERN_OPERATOR, type AbilityRule, type RecordReference } from './ability-rule.ts';
import type { PermissionAction, PermissionSubject } from './permission.ts';

/** Longest record id an id pattern is tried against; longer ids never match a pattern. */
export const MAX_PATTERN_MATCHED_ID_LENGTH = 128;

export type AbilitySubject = PermissionSubject | (RecordReference & ForcedSubject<PermissionSubject>);
export type AccessAbility = MongoAbility<[PermissionAction, AbilitySubject]>;

/**
 * Whether a record id matches a grant's id pattern. The server gives abilities the linear-time RE2 matcher
 * (`grantIdPatternMatcher`); without one no id matches a pattern, which keeps RE2 out of the browser's first
 * load: the browser asks only whether some record may be acted on, and the server decides on each record.
 */
export type IdPatternMatcher = (pattern: string, id: string) => boolean;

const NO_ID_MATCHES_A_PATTERN: IdPatternMatcher = () => false;

// ucast looks interpreters up by the operator's name without its "$".
function createConditionsMatcher(matchesIdPattern: IdPatternMatcher) {
  return buildMongoQueryMatcher(
    {
      [MATCHES_PATTERN_OPERATOR]: {
        type: 'field',
        validate(_instruction: unknown, value: unknown) {
          if (typeof value !== 'string')
            throw new Error(`${MATCHES_PATTERN_OPERATOR} expects a pattern string`);
        },
      },
    },
    {
      [MATCHES_PATTERN_OPERATOR.slice(1)]: (
        node: { field: string; value: string },
        record: unknown,
        { get }: { get: (object: unknown, field: string) => unknown },
      ) => {
        const value = get(record, node.field);
        if (typeof value !== 'string' || value.length > MAX_PATTERN_MATCHED_ID_LENGTH) return false;
        return matchesIdPattern(node.value, value);
      },
    },
  );
}

const matchersByPatternMatcher = new WeakMap<IdPatternMatcher, ReturnType<typeof createConditionsMatcher>>();

function conditionsMatcherFor(matchesIdPattern: IdPatternMatcher) {
  let matcher = matchersByPatternMatcher.get(matchesIdPattern);
  if (!matcher) {
    matcher = createConditionsMatcher(matchesIdPattern);
    matchersByPatternMatcher.set(matchesIdPattern, matcher);
  }
  return matcher;
}

/**
 * The CASL ability of a rule list. `ability.can(action, 'Facility')` answers whether some Facility may be acted
 * on (CASL ignores conditions for a bare type); decisions about one record go through `canAccessRecord`.
 */
export function buildAbility(
  rules: readonly AbilityRule[],
  matchesIdPattern: IdPatternMatcher = NO_ID_MATCHES_A_PATTERN,
): AccessAbility {
  return createMongoAbility<AccessAbility>([...rules], {
    conditionsMatcher: conditionsMatcherFor(matchesIdPattern),
  });
}

/** Whether `action` is allowed on the record of type `type` with this realm and id (conditions applied). */
export function canAccessRecord(
  ability: AccessAbility,
  action: PermissionAction,
  type: PermissionSubject,
  record: RecordReference,
): boolean {
  // Untyped callers could pass arrays, which `$in` and equality would match element-wise.
  if (typeof record.realm !== 'string' || typeof record.id !== 'string') return false;
  return ability.can(action, subject(type, { realm: record.realm, id: record.id }));
}
