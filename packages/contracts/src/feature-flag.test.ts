import { describe, expect, it } from 'vitest';
import {
  featureFlagDefinitionSchema,
  featureFlagSchema,
  findJsonLogicIssue,
  presentFeatureFlags,
} from './feature-flag.ts';

const flag = { variants: { on: true, off: false }, defaultVariant: 'off' };

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}

describe('feature flag targeting', () => {
  it('accepts JsonLogic over the user, including flagd operators', () => {
    const targeting = {
      if: [
        {
          or: [
            { '==': [{ var: 'email' }, 'a@example.com'] },
            { ends_with: [{ var: 'email' }, '@acme.test'] },
          ],
        },
        'on',
        {
          fractional: [
            ['on', 50],
            ['off', 50],
          ],
        },
      ],
    };
    expect(featureFlagSchema.safeParse({ ...flag, targeting }).success).toBe(true);
    expect(featureFlagSchema.safeParse({ ...flag, targeting: {} }).success).toBe(true);
  });

  it('names an unknown operator and where it is', () => {
    const targeting = { if: [{ equals: [{ var: 'email' }, 'a'] }, 'on', 'off'] };
    expect(issues(featureFlagSchema.safeParse({ ...flag, targeting }))).toEqual([
      "targeting.if.0: Unknown JsonLogic operator 'equals'",
    ]);
  });

  it('rejects an operation with two operators', () => {
    expect(findJsonLogicIssue({ and: [true], or: [false] })).toEqual({
      path: [],
      message: 'A JsonLogic operation has one operator; found and, or',
    });
  });

  it('rejects targeting that is not an object', () => {
    expect(featureFlagSchema.safeParse({ ...flag, targeting: ['on'] }).success).toBe(false);
  });
});

describe('feature flag definitions', () => {
  it('needs the default variant among the variants, with the specification message', () => {
    expect(
      issues(featureFlagDefinitionSchema.safeParse({ key: 'beta', ...flag, defaultVariant: 'maybe' })),
    ).toEqual([`defaultVariant: defaultVariant must be one of the keys from variants`]);
  });

  it('needs at least one variant and a well-formed key', () => {
    expect(
      issues(featureFlagDefinitionSchema.safeParse({ key: 'Beta!', variants: {}, defaultVariant: 'on' })),
    ).toEqual([
      'variants: At least one variant is required',
      'key: Flag key must be lowercase letters, digits and hyphens, starting with a letter',
      `defaultVariant: defaultVariant must be one of the keys from variants`,
    ]);
  });

  it('fills in the boolean type', () => {
    expect(featureFlagDefinitionSchema.parse({ key: 'beta', ...flag }).type).toBe('boolean');
  });
});

describe('present feature flags', () => {
  it('counts listed keys and keys whose definition evaluates true', () => {
    expect(
      presentFeatureFlags('reports, pathways', [
        { key: 'ai-assistant', value: true },
        { key: 'beta', value: false },
      ]),
    ).toEqual(new Set(['reports', 'pathways', 'ai-assistant']));
  });
});
