import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import type { AbilityRule, RecordReference } from './ability-rule.ts';
import { MAX_PATTERN_MATCHED_ID_LENGTH, buildAbility, canAccessRecord } from './build-ability.ts';
import { grantIdPatternMatcher } from './grant-pattern.ts';

const readDemoFacilities: AbilityRule = {
  action: 'read',
  subject: 'Facility',
  conditions: { realm: { $in: ['demo', 'demo2'] } },
};

describe('buildAbility', () => {
  it('answers a bare type by whether any rule allows the action on it', () => {
    const ability = buildAbility([readDemoFacilities], grantIdPatternMatcher);
    expect(ability.can('read', 'Facility')).toBe(true);
    expect(ability.can('update', 'Facility')).toBe(false);
    expect(ability.cannot('read', 'Report')).toBe(true);
  });

  it('checks a record against the rule conditions', () => {
    const ability = buildAbility([readDemoFacilities], grantIdPatternMatcher);
    expect(ability.can('read', subject('Facility', { realm: 'demo2', id: 'f1' }))).toBe(true);
    expect(ability.can('read', subject('Facility', { realm: 'other', id: 'f1' }))).toBe(false);
    expect(canAccessRecord(ability, 'read', 'Facility', { realm: 'demo', id: 'f1' })).toBe(true);
    expect(canAccessRecord(ability, 'read', 'Facility', { realm: 'dem', id: 'f1' })).toBe(false);
    expect(canAccessRecord(ability, 'read', 'Report', { realm: 'demo', id: 'f1' })).toBe(false);
  });

  it('lets manage stand for every action and all for every subject', () => {
    const ability = buildAbility(
      [{ action: 'manage', subject: 'all', conditions: { realm: { $in: ['demo'] } } }],
      grantIdPatternMatcher,
    );
    for (const action of ['read', 'create', 'update', 'delete'] as const) {
      expect(canAccessRecord(ability, action, 'Invitation', { realm: 'demo', id: 'i1' })).toBe(true);
      expect(canAccessRecord(ability, action, 'Invitation', { realm: 'demo2', id: 'i1' })).toBe(false);
    }
  });

  it('matches an id pattern against the whole id, up to the id length bound', () => {
    const ability = buildAbility(
      [
        { action: 'read', subject: 'File', conditions: { id: { $matchesPattern: 'a*' } } },
        { action: 'read', subject: 'Report', conditions: { id: 'a'.repeat(200) } },
      ],
      grantIdPatternMatcher,
    );
    const atBound = 'a'.repeat(MAX_PATTERN_MATCHED_ID_LENGTH);
    expect(canAccessRecord(ability, 'read', 'File', { realm: 'demo', id: atBound })).toBe(true);
    expect(canAccessRecord(ability, 'read', 'File', { realm: 'demo', id: `${atBound}a` })).toBe(false);
    expect(canAccessRecord(ability, 'read', 'File', { realm: 'demo', id: 'ab' })).toBe(false);
    // An exact id is compared, not matched, so the bound does not apply to it.
    expect(canAccessRecord(ability, 'read', 'Report', { realm: 'demo', id: 'a'.repeat(200) })).toBe(true);
  });

  it('refuses records whose realm or id is not a string', () => {
    const ability = buildAbility(
      [
        readDemoFacilities,
        { action: 'read', subject: 'File', conditions: { id: { $matchesPattern: '.+' } } },
      ],
      grantIdPatternMatcher,
    );
    const smuggledRealm = { realm: ['other', 'demo'], id: 'f1' } as unknown as RecordReference;
    const numericId = { realm: 'demo', id: 7 } as unknown as RecordReference;
    expect(canAccessRecord(ability, 'read', 'Facility', smuggledRealm)).toBe(false);
    expect(canAccessRecord(ability, 'read', 'File', numericId)).toBe(false);
    expect(ability.can('read', subject('File', { realm: 'demo', id: 7 } as unknown as RecordReference))).toBe(
      false,
    );
  });

  it('leaves the caller record untouched', () => {
    const record = { realm: 'demo', id: 'f1' };
    canAccessRecord(buildAbility([readDemoFacilities], grantIdPatternMatcher), 'read', 'Facility', record);
    expect(record).toEqual({ realm: 'demo', id: 'f1' });
    expect(Object.getOwnPropertyNames(record)).toEqual(['realm', 'id']);
  });

  it('refuses an id pattern the linear-time engine refuses', () => {
    const ability = buildAbility(
      [{ action: 'read', subject: 'File', conditions: { id: { $matchesPattern: '(a)\\1' } } }],
      grantIdPatternMatcher,
    );
    expect(() => canAccessRecord(ability, 'read', 'File', { realm: 'demo', id: 'aa' })).toThrow(
      'Refused id pattern: invalid escape sequence: `\\1`',
    );
  });

  it('matches no id pattern without a matcher, as in the browser, which keeps RE2 out of its first load', () => {
    const rules: AbilityRule[] = [
      { action: 'read', subject: 'Facility', conditions: { id: { $matchesPattern: 'f-.*' } } },
    ];
    expect(canAccessRecord(buildAbility(rules), 'read', 'Facility', { realm: 'demo', id: 'f-1' })).toBe(
      false,
    );
    expect(buildAbility(rules).can('read', 'Facility')).toBe(true);
    const onServer = buildAbility(rules, grantIdPatternMatcher);
    expect(canAccessRecord(onServer, 'read', 'Facility', { realm: 'demo', id: 'f-1' })).toBe(true);
  });

  it('refuses, when checking, a rule whose id pattern is not a string', () => {
    const ability = buildAbility([
      { action: 'read', subject: 'File', conditions: { id: { $matchesPattern: 7 as unknown as string } } },
    ]);
    expect(() => canAccessRecord(ability, 'read', 'File', { realm: 'demo', id: '7' })).toThrow(
      '$matchesPattern expects a pattern string',
    );
  });
});
