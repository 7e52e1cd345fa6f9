import { describe, expect, it } from 'vitest';
import { NEW_FLAG_VALUES, parseFeatureFlagForm, toFormValues } from './feature-flag-form.ts';

describe('the feature flag form', () => {
  it('builds the definition from the fields, targeting parsed from JSON', () => {
    const result = parseFeatureFlagForm({
      ...NEW_FLAG_VALUES,
      key: 'ai-assistant',
      targeting: '{"if":[{"==":[{"var":"email"},"a@example.com"]},"on","off"]}',
    });
    expect(result).toEqual({
      definition: {
        key: 'ai-assistant',
        type: 'boolean',
        state: 'ENABLED',
        variants: { on: true, off: false },
        defaultVariant: 'off',
        targeting: { if: [{ '==': [{ var: 'email' }, 'a@example.com'] }, 'on', 'off'] },
      },
    });
  });

  it('names the field of each problem with the specification messages', () => {
    expect(
      parseFeatureFlagForm({
        ...NEW_FLAG_VALUES,
        key: 'Beta',
        defaultVariant: 'maybe',
        targeting: '{"nope": [1]}',
      }),
    ).toEqual({
      errors: {
        key: 'Flag key must be lowercase letters, digits and hyphens, starting with a letter',
        defaultVariant: 'defaultVariant must be one of the keys from variants',
        targeting: "Unknown JsonLogic operator 'nope'",
      },
    });
  });

  it('rejects targeting that is not JSON, and duplicate or empty variant names', () => {
    const notJson = parseFeatureFlagForm({ ...NEW_FLAG_VALUES, key: 'beta', targeting: '{if: true' });
    expect('errors' in notJson && notJson.errors.targeting).toMatch(/^Targeting must be valid JSON: /);
    const duplicate = parseFeatureFlagForm({
      ...NEW_FLAG_VALUES,
      key: 'beta',
      variants: [
        { name: 'on', value: true },
        { name: 'on', value: false },
      ],
      defaultVariant: 'on',
    });
    expect(duplicate).toEqual({ errors: { variants: 'Variant names must be unique' } });
    const unnamed = parseFeatureFlagForm({
      ...NEW_FLAG_VALUES,
      key: 'beta',
      variants: [{ name: ' ', value: true }],
    });
    expect('errors' in unnamed && unnamed.errors.variants).toBe('Every variant needs a name');
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
