import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AbilityRule } from './ability-rule.ts';
import { buildAbility, canAccessRecord } from './build-ability.ts';
import { grantIdPatternMatcher } from './grant-pattern.ts';
import { confineRulesToRealms } from './confine-rules.ts';
import { isRuleCovered, rulesGivenByGrants, uncoveredRules, type DelegationContext } from './delegation.ts';
import { grantsToRules } from './grants-to-rules.ts';
import type { PermissionAction, PermissionSubject } from './permission.ts';
import { realmsBelow, type RealmTree } from './realm-tree.ts';

const TREE: RealmTree = { acme: null, 'acme-east': 'acme', other: null };
const GIVER = 'giver-id';
const context: DelegationContext = { giverId: GIVER, roleRealmKey: 'acme', realmTree: TREE };
const ACTIONS: PermissionAction[] = ['read', 'create', 'update', 'delete', 'manage'];
const SUBJECTS: PermissionSubject[] = ['Facility', 'User', 'Role', 'all'];

function grant(data: { realm: string; subject: string; id: string; action: string }, active = true) {
  return {
    id: `${data.action}-${data.subject}-${data.id}`,
    active,
    right: 'facilities',
    type: 'REGEX_GRANT',
    data,
  };
}

/** The giver's ability as the server builds it for a user of `acme` (confined to acme and below). */
function giverAbility(grants: readonly unknown[]) {
  const { rules } = grantsToRules(grants, { id: GIVER, realmKey: 'acme' }, TREE);
  return buildAbility(
    confineRulesToRealms(rules, ['acme', ...realmsBelow(TREE, 'acme')]),
    grantIdPatternMatcher,
  );
}

describe('uncoveredRules', () => {
  const administrator = giverAbility([
    grant({ realm: '\\cascade', subject: 'all', id: '.*', action: 'manage' }),
  ]);
  const readFacilities = giverAbility([
    grant({ realm: '\\own', subject: 'Facility', id: '.*', action: 'read' }),
  ]);

  it('lets a giver hand on what they hold, or less', () => {
    expect(
      uncoveredRules(
        administrator,
        [grant({ realm: '\\own', subject: 'Facility', id: '.*', action: 'delete' })],
        context,
      ),
    ).toEqual([]);
    expect(
      uncoveredRules(
        readFacilities,
        [grant({ realm: '\\own', subject: 'Facility', id: 'f-1', action: 'read' })],
        {
          ...context,
          realmTree: { acme: null },
        },
      ),
    ).toEqual([]);
  });

  it('refuses another action, manage for a single action, all for one subject, another id pattern', () => {
    const tree = { ...context, realmTree: { acme: null } };
    const refused = (data: Parameters<typeof grant>[0]) =>
      uncoveredRules(readFacilities, [grant(data)], tree);
    expect(refused({ realm: '\\own', subject: 'Facility', id: '.*', action: 'update' })).not.toEqual([]);
    expect(refused({ realm: '\\own', subject: 'Facility', id: '.*', action: 'manage' })).not.toEqual([]);
    expect(refused({ realm: '\\own', subject: 'all', id: '.*', action: 'read' })).not.toEqual([]);
    const limited = giverAbility([grant({ realm: '\\own', subject: 'Facility', id: 'f-1', action: 'read' })]);
    expect(
      uncoveredRules(
        limited,
        [grant({ realm: '\\own', subject: 'Facility', id: 'f-.*', action: 'read' })],
        tree,
      ),
    ).not.toEqual([]);
  });

  it('counts the realms below the role’s realm, whose users inherit its grants', () => {
    // `\own` on a role of acme also gives acme-east's holders their own realm: the giver must reach it too.
    const ownOnly = giverAbility([grant({ realm: '\\own', subject: 'all', id: '.*', action: 'manage' })]);
    const wanted = [grant({ realm: '\\own', subject: 'Facility', id: '.*', action: 'read' })];
    expect(uncoveredRules(ownOnly, wanted, context)).toEqual([
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['acme-east'] } } },
    ]);
    expect(uncoveredRules(administrator, wanted, context)).toEqual([]);
  });

  it('needs no cover for an inactive grant, which gives nothing', () => {
    const inactive = grant({ realm: '\\own', subject: 'all', id: '.*', action: 'manage' }, false);
    expect(uncoveredRules(readFacilities, [inactive], context)).toEqual([]);
  });

  it('never lets a holder do what the giver cannot, for any grants and any record', () => {
    const realmPattern = fc.constantFrom('\\own', '\\cascade', 'acme', 'acme-east', '.*');
    const idPattern = fc.constantFrom('.*', 'f-1', 'f-.*', '\\principal');
    const arbitraryGrant = fc
      .record({
        realm: realmPattern,
        subject: fc.constantFrom(...SUBJECTS),
        id: idPattern,
        action: fc.constantFrom(...ACTIONS),
      })
      .map((data) => grant(data));
    const record = fc.record({
      action: fc.constantFrom<PermissionAction>('read', 'create', 'update', 'delete'),
      subject: fc.constantFrom<PermissionSubject>('Facility', 'User', 'Role'),
      realm: fc.constantFrom('acme', 'acme-east', 'other'),
      id: fc.constantFrom('f-1', 'f-2', GIVER, 'holder-id'),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryGrant, { maxLength: 3 }),
        fc.array(arbitraryGrant, { minLength: 1, maxLength: 2 }),
        fc.array(record, { minLength: 1, maxLength: 5 }),
        (giverGrants, wanted, records) => {
          const giver = giverAbility(giverGrants);
          fc.pre(uncoveredRules(giver, wanted, context).length === 0);
          const given: AbilityRule[] = rulesGivenByGrants(wanted, context);
          const holder = buildAbility(given, grantIdPatternMatcher);
          for (const { action, subject, realm, id } of records) {
            // `\principal` is the giver's id here, as the cover check reads it.
            if (canAccessRecord(holder, action, subject, { realm, id })) {
              expect(canAccessRecord(giver, action, subject, { realm, id })).toBe(true);
            }
          }
        },
      ),
      { numRuns: 800 },
    );
  });
});

describe('isRuleCovered', () => {
  it('lets manage cover every action and all cover every subject, not the other way round', () => {
    const ability = buildAbility(
      [{ action: 'manage', subject: 'all', conditions: { realm: { $in: ['acme'] } } }],
      grantIdPatternMatcher,
    );
    expect(
      isRuleCovered(ability, {
        action: 'read',
        subject: 'Facility',
        conditions: { realm: { $in: ['acme'] } },
      }),
    ).toBe(true);
    expect(isRuleCovered(ability, { action: 'read', subject: 'Facility' })).toBe(false);
    const narrow = buildAbility([{ action: 'read', subject: 'Facility' }], grantIdPatternMatcher);
    expect(isRuleCovered(narrow, { action: 'manage', subject: 'Facility' })).toBe(false);
    expect(isRuleCovered(narrow, { action: 'read', subject: 'all' })).toBe(false);
  });
});

describe('delegation at its edges', () => {
  it('confines a role’s “any realm” grant to its holders’ realms, except in the operator’s realm', () => {
    const anyRealm = [grant({ realm: '.*', subject: 'Facility', id: '.*', action: 'read' })];
    const tree: RealmTree = { acm: null, acme: 'acm', 'acme-east': 'acme' };
    expect(rulesGivenByGrants(anyRealm, { giverId: GIVER, roleRealmKey: 'acme', realmTree: tree })).toEqual([
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['acme', 'acme-east'] } } },
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['acme-east'] } } },
    ]);
    expect(
      rulesGivenByGrants(anyRealm, { giverId: GIVER, roleRealmKey: 'acm', realmTree: { acm: null } }),
    ).toEqual([{ action: 'read', subject: 'Facility' }]);
  });

  it('covers a rule only with every one of its realms, and an id condition only with the same one', () => {
    const acmeOnly = buildAbility([
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['acme'] } } },
    ]);
    const inRealms = (realms: string[]) => ({
      action: 'read' as const,
      subject: 'Facility' as const,
      conditions: { realm: { $in: realms } },
    });
    expect(isRuleCovered(acmeOnly, inRealms(['acme']))).toBe(true);
    expect(isRuleCovered(acmeOnly, inRealms(['acme', 'other']))).toBe(false);

    const oneFacility = buildAbility([{ action: 'read', subject: 'Facility', conditions: { id: 'f-1' } }]);
    expect(
      isRuleCovered(oneFacility, { action: 'read', subject: 'Facility', conditions: { id: 'f-1' } }),
    ).toBe(true);
    expect(
      isRuleCovered(oneFacility, { action: 'read', subject: 'Facility', conditions: { id: 'f-2' } }),
    ).toBe(false);
    expect(isRuleCovered(oneFacility, { action: 'read', subject: 'Facility' })).toBe(false);

    const everyFacility = buildAbility([{ action: 'read', subject: 'Facility' }]);
    expect(isRuleCovered(everyFacility, inRealms(['acme']))).toBe(true);
    expect(
      isRuleCovered(everyFacility, { action: 'read', subject: 'Facility', conditions: { id: 'f-1' } }),
    ).toBe(true);
  });

  it('lets a giver limited to one record hand on that very record', () => {
    const limited = giverAbility([grant({ realm: '\\own', subject: 'Facility', id: 'f-1', action: 'read' })]);
    const wanted = [grant({ realm: '\\own', subject: 'Facility', id: 'f-1', action: 'read' })];
    expect(uncoveredRules(limited, wanted, { ...context, realmTree: { acme: null } })).toEqual([]);
  });
});
