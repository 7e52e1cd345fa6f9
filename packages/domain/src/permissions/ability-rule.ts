import type { PermissionAction, PermissionSubject } from './permission.ts';

/**
 * Condition operator for an id pattern: the record's id must match the grant pattern as a whole, evaluated by the
 * linear-time matcher of grant-pattern.ts (never by `$regex`, which would run JavaScript's backtracking engine).
 */
export const MATCHES_PATTERN_OPERATOR = '$matchesPattern';

/**
 * What a rule may require of a record: its realm among a list, its id equal to a value or matching a pattern.
 * A type alias, not an interface: CASL's MongoQuery wants an index signature, which only aliases get implicitly.
 */
export type RecordConditions = {
  readonly realm?: { readonly $in: readonly string[] };
  readonly id?: string | { readonly [MATCHES_PATTERN_OPERATOR]: string };
};

/** A CASL raw rule as grants produce it: always a permission (`can`), never an inverted one. */
export interface AbilityRule {
  readonly action: PermissionAction;
  readonly subject: PermissionSubject;
  readonly conditions?: RecordConditions;
}

/** The two fields of a record that access checks look at. */
export interface RecordReference {
  readonly realm: string;
  readonly id: string;
}
