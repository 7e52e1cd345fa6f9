import {
  buildMongoQueryMatcher,
  createMongoAbility,
  subject,
  type ForcedSubject,
  type MongoAbility,
} from '@casl/ability';
import { MATCHES_PATTERN_OPERATOR, type AbilityRule, type RecordReference } from './ability-rule.ts';
import { compileGrantPattern, matchesGrantPattern, type GrantPattern } from './grant-pattern.ts';
import type { PermissionAction, PermissionSubject } from './permission.ts';

/** Longest record id an id pattern is tried against; longer ids never match a pattern. */
export const MAX_PATTERN_MATCHED_ID_LENGTH = 128;

export type AbilitySubject = PermissionSubject | (RecordReference & ForcedSubject<PermissionSubject>);
export type AccessAbility = MongoAbility<[PermissionAction, AbilitySubject]>;

// ucast builds a condition node once per rule and reuses it, so each pattern is compiled once per ability.
const compiledPatterns = new WeakMap<object, GrantPattern>();

function compileOrThrow(source: string): GrantPattern {
  const compilation = compileGrantPattern(source);
  if (!compilation.isValid) throw new Error(`Refused id pattern: ${compilation.reason}`);
  return compilation.pattern;
}

const conditionsMatcher = buildMongoQueryMatcher(
  {
    [MATCHES_PATTERN_OPERATOR]: {
      type: 'field',
      validate(_instruction: unknown, value: unknown) {
        if (typeof value !== 'string')
          throw new Error(`${MATCHES_PATTERN_OPERATOR} expects a pattern string`);
        compileOrThrow(value);
      },
    },
  },
  // ucast looks interpreters up by the operator's name without its "$".
  {
    [MATCHES_PATTERN_OPERATOR.slice(1)]: (
      node: { field: string; value: string },
      record: unknown,
      { get }: { get: (object: unknown, field: string) => unknown },
    ) => {
      const value = get(record, node.field);
      if (typeof value !== 'string' || value.length > MAX_PATTERN_MATCHED_ID_LENGTH) return false;
      let pattern = compiledPatterns.get(node);
      if (!pattern) {
        pattern = compileOrThrow(node.value);
        compiledPatterns.set(node, pattern);
      }
      return matchesGrantPattern(pattern, value);
    },
  },
);

/**
 * The CASL ability of a rule list. `ability.can(action, 'Facility')` answers whether some Facility may be acted
 * on (CASL ignores conditions for a bare type); decisions about one record go through `canAccessRecord`.
 */
export function buildAbility(rules: readonly AbilityRule[]): AccessAbility {
  return createMongoAbility<AccessAbility>([...rules], { conditionsMatcher });
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
