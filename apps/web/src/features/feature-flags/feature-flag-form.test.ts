import { featureFlagDefinitionSchema } from '@ecc/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  featureFlagFieldOf,
  featureFlagRequestOf,
  NEW_FLAG_VALUES,
  toFormValues,
} from './feature-flag-form.ts';

describe('the feature flag form', () => {
  it('builds the definition from the fields, targeting parsed from JSON', () => {
    const refuse = vi.fn();
    const request = featureFlagRequestOf(
      {
        ...NEW_FLAG_VALUES,
        key: ' ai-assistant ',
        targeting: '{"if":[{"==":[{"var":"email"},"a@example.com"]},"on","off"]}',
      },
      refuse,
    );
    expect(refuse).not.toHaveBeenCalled();
    expect(featureFlagDefinitionSchema.parse(request)).toEqual({
      key: 'ai-assistant',
      type: 'boolean',
      state: 'ENABLED',
      variants: { on: true, off: false },
      defaultVariant: 'off',
      targeting: { if: [{ '==': [{ var: 'email' }, 'a@example.com'] }, 'on', 'off'] },
    });
  });

  it('refuses targeting that is not JSON, and duplicate or empty variant names', () => {
    const refuse = vi.fn();
    featureFlagRequestOf({ ...NEW_FLAG_VALUES, key: 'beta', targeting: '{if: true' }, refuse);
    expect(refuse).toHaveBeenCalledWith(
      'targeting',
      expect.stringMatching(/^Targeting must be valid JSON: /),
    );
    refuse.mockClear();
    featureFlagRequestOf(
      {
        ...NEW_FLAG_VALUES,
        key: 'beta',
        variants: [
          { name: 'on', value: true },
          { name: 'on', value: false },
        ],
        defaultVariant: 'on',
      },
      refuse,
    );
    expect(refuse.mock.calls).toEqual([['variants', 'Variant names must be unique']]);
    refuse.mockClear();
    featureFlagRequestOf({ ...NEW_FLAG_VALUES, key: 'beta', variants: [{ name: ' ', value: true }] }, refuse);
    expect(refuse.mock.calls).toEqual([['variants', 'Every variant needs a name']]);
  });

  it('gives each problem of the contract to the field of its first segment', () => {
    expect(featureFlagFieldOf(['targeting', 'if', '0'])).toBe('targeting');
    expect(featureFlagFieldOf(['variants', 'on'])).toBe('variants');
    expect(featureFlagFieldOf(['type'])).toBeUndefined();
    expect(featureFlagFieldOf([])).toBeUndefined();
  });

  it('turns a definition back into fields', () => {
    expect(
      toFormValues({
        key: 'beta',
        type: 'boolean',
        variants: { yes: true },
        defaultVariant: 'yes',
        targeting: { '==': [1, 1] },
      }),
    ).toEqual({
      key: 'beta',
      state: 'ENABLED',
      variants: [{ name: 'yes', value: true }],
      defaultVariant: 'yes',
      targeting: '{\n  "==": [\n    1,\n    1\n  ]\n}',
    });
  });
});
