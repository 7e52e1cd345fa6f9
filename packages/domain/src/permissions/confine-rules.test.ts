import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AbilityRule } from './ability-rule.ts';
import { grantIdPatternMatcher } from './grant-pattern.ts';
import { buildAbility, canAccessRecord } from './build-ability.ts';
import { confineRulesToRealms } from './confine-rules.ts';

describe('confineRulesToRealms', () => {
  it('limits a rule for any realm, cuts realm lists down and drops rules left with none', () => {
    const rules: AbilityRule[] = [
      { action: 'manage', subject: 'all' },
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['demo', 'other'] }, id: 'f1' } },
      { action: 'read', subject: 'Report', conditions: { realm: { $in: ['other'] } } },
    ];
    expect(confineRulesToRealms(rules, ['sub', 'demo'])).toEqual([
      { action: 'manage', subject: 'all', conditions: { realm: { $in: ['demo', 'sub'] } } },
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['demo'] }, id: 'f1' } },
    ]);
  });

  it('never allows a record outside the realms, and allows inside exactly what the rules allowed', () => {
    const realm = fc.constantFrom('dem', 'demo', 'demo2', 'other');
    const plain = { noNullPrototype: true };
    const rule = fc.record({
      action: fc.constantFrom('read' as const, 'update' as const, 'manage' as const),
      subject: fc.constantFrom('Facility' as const, 'all' as const),
      conditions: fc.option(
        fc.record({ realm: fc.record({ $in: fc.uniqueArray(realm, { maxLength: 3 }) }, plain) }, plain),
        {
          nil: undefined,
        },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 5 }),
        fc.uniqueArray(realm, { maxLength: 3 }),
        realm,
        (rules, confinedTo, recordRealm) => {
          const before = buildAbility(rules, grantIdPatternMatcher);
          const after = buildAbility(confineRulesToRealms(rules, confinedTo), grantIdPatternMatcher);
          const record = { realm: recordRealm, id: 'f1' };
          const expected =
            confinedTo.includes(recordRealm) && canAccessRecord(before, 'read', 'Facility', record);
          expect(canAccessRecord(after, 'read', 'Facility', record)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('limits a rule whose conditions name an id but no realm', () => {
    const byId: AbilityRule = { action: 'read', subject: 'Facility', conditions: { id: 'f1' } };
    expect(confineRulesToRealms([byId], ['demo'])).toEqual([
      { action: 'read', subject: 'Facility', conditions: { id: 'f1', realm: { $in: ['demo'] } } },
    ]);
  });
});
