import type { ManagedRealm } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  realmFieldOf,
  realmProblemMessage,
  realmRequestOf,
  realmSaveSchema,
  splitList,
  toFormValues,
  type RealmFormValues,
} from './realm-form.ts';

const ACME: ManagedRealm = {
  id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  key: 'acme',
  name: 'Acme Corp',
  plan: 'paid',
  parentId: null,
  parentKey: null,
  domains: ['acme.example.com', 'acme.test'],
  active: true,
  featureFlags: ['ai-assistant'],
  createdOn: '2030-01-01T00:00:00.000Z',
  userCount: 12,
};

describe('splitList', () => {
  it('reads back the entries whatever commas, spaces and line breaks separate them', () => {
    const entry = fc.stringMatching(/^[a-z0-9.-]{1,12}$/);
    const separator = fc.stringMatching(/^[ ,\n\t]{1,4}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(entry, separator), { maxLength: 6 }), separator, (pairs, lead) => {
        const text = lead + pairs.map(([value, after]) => value + after).join('');
        expect(splitList(text)).toEqual(pairs.map(([value]) => value));
      }),
    );
  });
});

describe('the realm form', () => {
  it('names a bad domain or flag by its entry', () => {
    const values: RealmFormValues = {
      ...toFormValues(ACME),
      key: 'newco',
      domains: 'good.example.com, not_a_host',
      featureFlags: 'ok, Not-OK',
    };
    const parsed = realmSaveSchema(undefined).safeParse(realmRequestOf(undefined, values));
    const problems = (parsed.error?.issues ?? []).map((issue) => {
      const path = issue.path.map(String);
      return [realmFieldOf(path), realmProblemMessage(path, issue.message, values)];
    });
    expect(problems).toEqual([
      ['domains', 'not_a_host: Must be a host name such as ecc.example.com'],
      [
        'featureFlags',
        'Not-OK: Flag key must be lowercase letters, digits and hyphens, starting with a letter',
      ],
    ]);
  });

  it('sends only the fields an edit changed', () => {
    const saveOf = (values: RealmFormValues) => realmSaveSchema(ACME).parse(realmRequestOf(ACME, values));
    expect(saveOf(toFormValues(ACME))).toEqual({ kind: 'update', realm: ACME, request: {} });
    const changed = saveOf({
      ...toFormValues(ACME),
      plan: 'CORE',
      domains: 'acme.example.com',
      featureFlags: 'ai-assistant',
    });
    expect(changed).toEqual({
      kind: 'update',
      realm: ACME,
      request: { plan: 'CORE', domains: ['acme.example.com'] },
    });
  });
});
