import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAbility, canAccessRecord } from './build-ability.ts';
import { escapeGrantPattern, grantIdPatternMatcher } from './grant-pattern.ts';
import { grantsToRules, type AbilityUser } from './grants-to-rules.ts';
import type { PermissionAction, PermissionSubject } from './permission.ts';
import type { RealmTree } from './realm-tree.ts';

// ---------------------------------------------------------------------------------------------------------------
// Reference model: spec section 6 read literally, by brute force, with JavaScript's own regular expressions (safe
// here: the generated patterns are few and short). It shares no code with the implementation.
// ---------------------------------------------------------------------------------------------------------------

interface GrantData {
  realm: string;
  subject: PermissionSubject;
  id?: string;
  action: PermissionAction;
}

interface TestPermission {
  id: string;
  active: boolean;
  type: 'REGEX_GRANT' | 'PLAINTEXT_GRANT' | 'SCRIPT_GRANT';
  data: GrantData;
  right: string;
}

interface TestRecord {
  realm: string;
  id: string;
}

interface Check {
  action: PermissionAction;
  subject: PermissionSubject;
  record: TestRecord;
}

/** Walks up from `realm` through its parents: true when `ancestor` is on the way (or is `realm`). */
function isAtOrBelow(tree: RealmTree, realm: string, ancestor: string): boolean {
  let current: string | null | undefined = realm;
  for (
    let steps = 0;
    current !== null && current !== undefined && steps <= Object.keys(tree).length;
    steps++
  ) {
    if (current === ancestor) return true;
    current = Object.hasOwn(tree, current) ? tree[current] : null;
  }
  return false;
}

function wholeMatch(pattern: string, text: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'u').test(text);
}

function referenceGrants(
  permission: TestPermission,
  user: AbilityUser,
  tree: RealmTree,
  { action, subject, record }: Check,
): boolean {
  if (!permission.active || permission.type === 'SCRIPT_GRANT') return false;
  const { data } = permission;
  if (data.action !== action && data.action !== 'manage') return false;
  if (data.subject !== subject && data.subject !== 'all') return false;
  if (permission.type === 'PLAINTEXT_GRANT') return data.realm === record.realm;

  const knownRealms = new Set([...Object.keys(tree), user.realmKey]);
  const isRealmGranted =
    data.realm === '\\cascade'
      ? isAtOrBelow(tree, record.realm, user.realmKey)
      : data.realm === '\\own'
        ? record.realm === user.realmKey
        : data.realm === '.*'
          ? true
          : knownRealms.has(record.realm) && wholeMatch(data.realm, record.realm);
  const idPattern = data.id ?? '';
  const isIdGranted =
    idPattern === '\\principal'
      ? record.id === user.id
      : idPattern === '.*'
        ? true
        : record.id.length <= 128 && wholeMatch(idPattern, record.id);
  return isRealmGranted && isIdGranted;
}

function referenceAllows(
  permissions: readonly TestPermission[],
  user: AbilityUser,
  tree: RealmTree,
  check: Check,
): boolean {
  return permissions.some((permission) => referenceGrants(permission, user, tree, check));
}

function implementationAllows(
  permissions: readonly unknown[],
  user: AbilityUser,
  tree: RealmTree,
  checks: readonly Check[],
): boolean[] {
  const ability = buildAbility(grantsToRules(permissions, user, tree).rules, grantIdPatternMatcher);
  return checks.map(({ action, subject, record }) => canAccessRecord(ability, action, subject, record));
}

// ---------------------------------------------------------------------------------------------------------------
// Generators. Realm keys share prefixes on purpose (dem, demo, demo2, demox); ids carry metacharacters.
// ---------------------------------------------------------------------------------------------------------------

const REALM_KEYS = ['dem', 'demo', 'demo2', 'demox', 'de_mo', 'demo-x', 'acm', 'context', 'abc', 'toString'];
const UNKNOWN_REALMS = ['other', 'demoo', 'dem0'];
const IDS = [
  'u1',
  'u2',
  'u10',
  'a.c',
  'abc',
  'aac',
  'a+c',
  'ac',
  'x(y)',
  '[z]',
  'a\\b',
  'émile',
  'a'.repeat(130),
];
const SUBJECTS = ['Facility', 'Report', 'User'] as const satisfies readonly PermissionSubject[];
const ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'manage',
] as const satisfies readonly PermissionAction[];

const realmTree = fc
  .uniqueArray(fc.constantFrom(...REALM_KEYS), { minLength: 1, maxLength: REALM_KEYS.length })
  .chain((keys) =>
    fc
      .tuple(
        ...keys.map((_, index) =>
          index === 0 ? fc.constant(null) : fc.option(fc.nat({ max: index - 1 }), { nil: null }),
        ),
      )
      .map((parents): RealmTree => {
        const tree: Record<string, string | null> = {};
        keys.forEach((key, index) => {
          const parentIndex = parents[index];
          tree[key] = parentIndex === null || parentIndex === undefined ? null : (keys[parentIndex] ?? null);
        });
        return tree;
      }),
  );

const REALM_REGEXES = [
  'dem',
  'demo',
  'dem.*',
  'demo[0-9]',
  'de.o',
  'a.*',
  '(acm|context)',
  'de_mo|abc',
  'demo.+',
];
const ID_REGEXES = ['a.c', 'u[0-9]', 'u[0-9]+', 'a+c', '.+', 'a*', 'x\\(y\\)', '\\[z\\]', 'a\\\\b', '[^u].*'];

function realmPatternFor(keys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('\\cascade', '\\own', '.*'),
    fc.constantFrom(...keys, ...keys.map(escapeGrantPattern)),
    fc.constantFrom(...REALM_REGEXES),
  );
}

const idPattern = fc.oneof(
  fc.constantFrom('\\principal', '.*'),
  fc.constantFrom(...IDS.map(escapeGrantPattern)),
  fc.constantFrom(...ID_REGEXES),
);

function permissionFor(keys: readonly string[]): fc.Arbitrary<TestPermission> {
  const shared = {
    id: fc.uuid(),
    active: fc.boolean(),
    right: fc.constant('right-1'),
    subject: fc.constantFrom<PermissionSubject>(...SUBJECTS, 'all'),
    action: fc.constantFrom(...ACTIONS),
  };
  const regexGrant = fc
    .record({ ...shared, realm: realmPatternFor(keys), idPattern })
    .map(({ id, active, right, subject, action, realm, idPattern: grantedId }): TestPermission => ({
      id,
      active,
      right,
      type: 'REGEX_GRANT',
      data: { realm, subject, id: grantedId, action },
    }));
  const plaintextGrant = fc
    .record({ ...shared, realm: fc.constantFrom(...keys, ...UNKNOWN_REALMS) })
    .map(({ id, active, right, subject, action, realm }): TestPermission => ({
      id,
      active,
      right,
      type: 'PLAINTEXT_GRANT',
      data: { subject, action, realm },
    }));
  // Script grants carry data that would grant everything if it were ever read as a regex grant.
  const scriptGrant = fc
    .record({ ...shared })
    .map(({ id, active, right, subject, action }): TestPermission => ({
      id,
      active,
      right,
      type: 'SCRIPT_GRANT',
      data: { realm: '.*', subject, id: '.*', action },
    }));
  return fc.oneof({ arbitrary: regexGrant, weight: 4 }, plaintextGrant, scriptGrant);
}

function checkFor(keys: readonly string[]): fc.Arbitrary<Check> {
  return fc.record({
    action: fc.constantFrom(...ACTIONS),
    subject: fc.constantFrom(...SUBJECTS),
    record: fc.record({ realm: fc.constantFrom(...keys, ...UNKNOWN_REALMS), id: fc.constantFrom(...IDS) }),
  });
}

interface Scenario {
  tree: RealmTree;
  user: AbilityUser;
  permissions: TestPermission[];
  checks: Check[];
}

function scenario(permissionCount: { minLength: number; maxLength: number }): fc.Arbitrary<Scenario> {
  return realmTree.chain((tree) => {
    const keys = Object.keys(tree);
    return fc.record({
      tree: fc.constant(tree),
      user: fc.record({ id: fc.constantFrom(...IDS), realmKey: fc.constantFrom(...keys) }),
      permissions: fc.array(permissionFor(keys), permissionCount),
      checks: fc.array(checkFor(keys), { minLength: 1, maxLength: 12 }),
    });
  });
}

/** A scenario with exactly one active regex grant whose realm and id patterns are given. */
function singleGrantScenario(realm: string | fc.Arbitrary<string>, id: string | fc.Arbitrary<string>) {
  const asArbitrary = (value: string | fc.Arbitrary<string>) =>
    typeof value === 'string' ? fc.constant(value) : value;
  return scenario({ minLength: 0, maxLength: 0 }).chain((base) =>
    fc.tuple(asArbitrary(realm), asArbitrary(id)).map(([realmPattern, idPatternValue]): Scenario => ({
      ...base,
      permissions: [
        {
          id: 'p1',
          active: true,
          type: 'REGEX_GRANT',
          right: 'right-1',
          data: { realm: realmPattern, subject: 'all', id: idPatternValue, action: 'manage' },
        },
      ],
    })),
  );
}

function expectAgreement({ tree, user, permissions, checks }: Scenario): void {
  const actual = implementationAllows(permissions, user, tree, checks);
  const expected = checks.map((check) => referenceAllows(permissions, user, tree, check));
  expect(actual).toEqual(expected);
}

const RUNS = { numRuns: 2000 };
const FOCUSED_RUNS = { numRuns: 1000 };

describe('grantsToRules + CASL against the reference model', () => {
  it('agree on any mix of regex, plaintext, script, active and inactive grants', () => {
    fc.assert(fc.property(scenario({ minLength: 0, maxLength: 8 }), expectAgreement), RUNS);
  });

  it('\\cascade grants the user realm and every realm below it, nothing else', () => {
    fc.assert(fc.property(singleGrantScenario('\\cascade', '.*'), expectAgreement), FOCUSED_RUNS);
  });

  it('\\own grants exactly the user realm, not a realm sharing its prefix or below it', () => {
    fc.assert(fc.property(singleGrantScenario('\\own', '.*'), expectAgreement), FOCUSED_RUNS);
  });

  it('.* grants every realm, known or not', () => {
    fc.assert(
      fc.property(singleGrantScenario('.*', '.*'), (generated) => {
        expectAgreement(generated);
        expect(
          implementationAllows(generated.permissions, generated.user, generated.tree, generated.checks),
        ).toEqual(generated.checks.map(() => true));
      }),
      FOCUSED_RUNS,
    );
  });

  it('\\principal grants the user own id only', () => {
    fc.assert(fc.property(singleGrantScenario('.*', '\\principal'), expectAgreement), FOCUSED_RUNS);
  });

  it('a literal realm pattern matches the whole key, never a key it is a prefix of', () => {
    fc.assert(
      fc.property(singleGrantScenario(fc.constantFrom(...REALM_KEYS, 'dem', 'demo'), '.*'), expectAgreement),
      FOCUSED_RUNS,
    );
  });

  it('an escaped id matches that id only, whatever metacharacters it holds', () => {
    const idWithMetacharacters = fc.string({
      unit: fc.constantFrom(...'a.c*+?()[]{}|^$\\-b'.split('')),
      minLength: 1,
    });
    fc.assert(
      fc.property(
        idWithMetacharacters,
        fc.array(idWithMetacharacters, { maxLength: 6 }),
        fc.constantFrom(...REALM_KEYS),
        (grantedId, otherIds, realm) => {
          const permissions = [
            {
              id: 'p1',
              active: true,
              type: 'REGEX_GRANT',
              right: 'right-1',
              data: { realm: '.*', subject: 'Facility', id: escapeGrantPattern(grantedId), action: 'read' },
            },
          ];
          const candidates = [grantedId, grantedId.replaceAll('.', 'b'), ...otherIds];
          const checks = candidates.map((id): Check => ({
            action: 'read',
            subject: 'Facility',
            record: { realm, id },
          }));
          const allowed = implementationAllows(
            permissions,
            { id: 'u1', realmKey: realm },
            { [realm]: null },
            checks,
          );
          expect(allowed).toEqual(candidates.map((id) => id === grantedId));
        },
      ),
      FOCUSED_RUNS,
    );
  });

  it('script grants and inactive grants never change the rules', () => {
    fc.assert(
      fc.property(
        scenario({ minLength: 0, maxLength: 6 }),
        fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
        (generated, scriptData) => {
          const { permissions, user, tree } = generated;
          const ignored = [
            ...scriptData.map((data, index) => ({
              id: `script-${index}`,
              active: true,
              type: 'SCRIPT_GRANT',
              data,
              right: 'right-1',
            })),
            ...permissions.map((permission) => ({
              ...permission,
              id: `inactive-${permission.id}`,
              active: false,
            })),
          ];
          const base = grantsToRules(permissions, user, tree);
          const withIgnored = grantsToRules([...ignored, ...permissions], user, tree);
          expect(withIgnored).toEqual(base);
        },
      ),
      FOCUSED_RUNS,
    );
  });

  it('duplicates, key order and permission order do not change the rules', () => {
    fc.assert(
      fc.property(
        scenario({ minLength: 0, maxLength: 6 }).chain((generated) =>
          fc.record({
            generated: fc.constant(generated),
            duplicated: fc.shuffledSubarray(
              [
                ...generated.permissions,
                ...generated.permissions.map((permission) => ({
                  ...permission,
                  id: `copy-${permission.id}`,
                  data: Object.fromEntries(Object.entries(permission.data).reverse()),
                })),
              ],
              { minLength: generated.permissions.length * 2 },
            ),
          }),
        ),
        ({ generated: { permissions, user, tree }, duplicated }) => {
          expect(grantsToRules(duplicated, user, tree)).toEqual(grantsToRules(permissions, user, tree));
        },
      ),
      FOCUSED_RUNS,
    );
  });
});

describe('grantsToRules', () => {
  const tree: RealmTree = { demo: null, demo2: 'demo', dem: null, sub: 'demo', deep: 'sub' };
  const user: AbilityUser = { id: 'user-1', realmKey: 'demo' };
  const regexGrant = (realm: string, id = '.*', overrides: object = {}) => ({
    id: `grant-${realm}-${id}`,
    active: true,
    type: 'REGEX_GRANT',
    right: 'right-1',
    data: { realm, subject: 'Facility', id, action: 'read' },
    ...overrides,
  });

  it('turns realm patterns into explicit realm lists, never into a regular expression', () => {
    const { rules, rejected } = grantsToRules(
      [regexGrant('\\cascade'), regexGrant('\\own'), regexGrant('dem'), regexGrant('dem.*', '\\principal')],
      user,
      tree,
    );
    expect(rejected).toEqual([]);
    expect(rules).toEqual([
      {
        action: 'read',
        subject: 'Facility',
        conditions: { realm: { $in: ['deep', 'demo', 'demo2', 'sub'] } },
      },
      {
        action: 'read',
        subject: 'Facility',
        conditions: { realm: { $in: ['dem', 'demo', 'demo2'] }, id: 'user-1' },
      },
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['dem'] } } },
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['demo'] } } },
    ]);
  });

  it('keeps grant `dem` off realm `demo`, and `\\own` of demo off demo2', () => {
    const ability = buildAbility(
      grantsToRules([regexGrant('dem'), regexGrant('\\own')], user, tree).rules,
      grantIdPatternMatcher,
    );
    expect(canAccessRecord(ability, 'read', 'Facility', { realm: 'dem', id: 'f1' })).toBe(true);
    expect(canAccessRecord(ability, 'read', 'Facility', { realm: 'demo', id: 'f1' })).toBe(true);
    expect(canAccessRecord(ability, 'read', 'Facility', { realm: 'demo2', id: 'f1' })).toBe(false);

    const onlyDem = buildAbility(grantsToRules([regexGrant('dem')], user, tree).rules, grantIdPatternMatcher);
    expect(canAccessRecord(onlyDem, 'read', 'Facility', { realm: 'demo', id: 'f1' })).toBe(false);
  });

  it('grants nothing for a realm pattern that matches no known realm', () => {
    expect(grantsToRules([regexGrant('nowhere.*')], user, tree)).toEqual({ rules: [], rejected: [] });
  });

  it('never lets a regex realm pattern reach a key longer than a realm key can be', () => {
    const withOverlongKey: RealmTree = { ...tree, demonstration: 'demo' };
    expect(grantsToRules([regexGrant('demo.*')], user, withOverlongKey).rules).toEqual([
      { action: 'read', subject: 'Facility', conditions: { realm: { $in: ['demo', 'demo2'] } } },
    ]);
  });

  it('gives a plaintext grant its exact realm', () => {
    const plaintext = {
      id: 'plain',
      active: true,
      type: 'PLAINTEXT_GRANT',
      right: 'right-1',
      data: { subject: 'Report', action: 'update', realm: 'demo2' },
    };
    expect(grantsToRules([plaintext], user, tree).rules).toEqual([
      { action: 'update', subject: 'Report', conditions: { realm: { $in: ['demo2'] } } },
    ]);
  });

  it('keeps an id pattern as a linear-time pattern condition', () => {
    expect(grantsToRules([regexGrant('\\own', '(a+)+$')], user, tree).rules).toEqual([
      {
        action: 'read',
        subject: 'Facility',
        conditions: { realm: { $in: ['demo'] }, id: { $matchesPattern: '(a+)+$' } },
      },
    ]);
  });

  it('leaves out, whole, every grant that does not parse, and says why', () => {
    const valid = regexGrant('\\own');
    const invalid = [
      regexGrant('\\own', '(a)\\1', { id: 'backreference' }),
      regexGrant('(?=demo)demo', '.*', { id: 'lookahead' }),
      regexGrant('\\principal', '.*', { id: 'principal-as-realm' }),
      regexGrant('\\own', '.*', {
        id: 'unknown-subject',
        data: { realm: '\\own', subject: 'Nope', id: '.*', action: 'read' },
      }),
      regexGrant('\\own', '.*', {
        id: 'unknown-action',
        data: { realm: '\\own', subject: 'User', id: '.*', action: 'own' },
      }),
      regexGrant('\\own', '.*', {
        id: 'missing-id',
        data: { realm: '\\own', subject: 'User', action: 'read' },
      }),
      regexGrant('\\own', '.*', {
        id: 'extra-key',
        data: { realm: '\\own', subject: 'User', id: '.*', action: 'read', inverted: true },
      }),
      regexGrant('\\own', '.*', { id: 'string-active', active: 'true' }),
      regexGrant('\\own', '.*', { id: 'unknown-type', type: 'JSON_GRANT' }),
      {
        id: 'plaintext-wildcard',
        active: true,
        type: 'PLAINTEXT_GRANT',
        data: { subject: 'User', action: 'read', realm: '.*' },
      },
      {
        active: true,
        type: 'REGEX_GRANT',
        data: { realm: '.*', subject: 'all', id: '.*', action: 'manage' },
      },
      null,
      'grant',
    ];
    const { rules, rejected } = grantsToRules([...invalid, valid], user, tree);
    expect(rules).toEqual(grantsToRules([valid], user, tree).rules);
    expect(rejected.map((entry) => entry.permissionId)).toEqual([
      'backreference',
      'lookahead',
      'principal-as-realm',
      'unknown-subject',
      'unknown-action',
      'missing-id',
      'extra-key',
      'string-active',
      'unknown-type',
      'plaintext-wildcard',
      null,
      null,
      null,
    ]);
    expect(rejected[0]?.reason).toBe('id pattern: invalid escape sequence: `\\1`');
    expect(rejected[1]?.reason).toBe('realm pattern: invalid or unsupported Perl syntax: `(?=`');
    expect(rejected[2]?.reason).toBe('realm pattern: invalid character class range: `\\pr`');
    expect(rejected[5]?.reason).toBe('data: id: Required');
  });

  it('ignores an inactive grant even when its data would not parse', () => {
    const inactive = { id: 'off', active: false, type: 'REGEX_GRANT', data: { nonsense: true } };
    expect(grantsToRules([inactive], user, tree)).toEqual({ rules: [], rejected: [] });
  });

  it('says exactly why each malformed grant is left out, and names it only by a string id', () => {
    const { rejected } = grantsToRules(
      [
        'grant',
        { id: 42, active: 'yes', type: 'REGEX_GRANT', data: {} },
        { id: 'plain', active: true, type: 'PLAINTEXT_GRANT', data: { subject: 'User', action: 'read' } },
      ],
      user,
      tree,
    );
    expect(rejected).toEqual([
      { permissionId: null, reason: 'Expected object, received string' },
      {
        permissionId: null,
        reason: 'id: Expected string, received number; active: Expected boolean, received string',
      },
      { permissionId: 'plain', reason: 'data: realm: Required' },
    ]);
  });

  it('gives a grant for any realm and any id a rule without conditions', () => {
    expect(grantsToRules([regexGrant('.*')], user, tree).rules).toStrictEqual([
      { action: 'read', subject: 'Facility' },
    ]);
  });

  it('lists the rules in the order of their JSON text, whatever the order of the grants', () => {
    const grants = [regexGrant('sub'), regexGrant('demo2'), regexGrant('dem')];
    const realmsOf = (permissions: readonly unknown[]) =>
      grantsToRules(permissions, user, tree).rules.map((rule) => rule.conditions?.realm?.$in[0]);
    expect(realmsOf(grants)).toEqual(['dem', 'demo2', 'sub']);
    expect(realmsOf([...grants].reverse())).toEqual(['dem', 'demo2', 'sub']);
  });
});
