import type { FeatureFlagDefinition, FeatureFlagState } from '@ecc/contracts';

export interface VariantRow {
  name: string;
  value: boolean;
}

/** The editor's fields as the user types them: variants as rows, targeting as JSON text. */
export interface FeatureFlagFormValues {
  key: string;
  state: FeatureFlagState;
  variants: VariantRow[];
  defaultVariant: string;
  targeting: string;
}

export const FEATURE_FLAG_FORM_FIELDS = ['key', 'state', 'variants', 'defaultVariant', 'targeting'] as const;
export type FeatureFlagFormField = (typeof FEATURE_FLAG_FORM_FIELDS)[number];

export const NEW_FLAG_VALUES: FeatureFlagFormValues = {
  key: '',
  state: 'ENABLED',
  variants: [
    { name: 'on', value: true },
    { name: 'off', value: false },
  ],
  defaultVariant: 'off',
  targeting: '',
};

export function toFormValues(definition: FeatureFlagDefinition): FeatureFlagFormValues {
  return {
    key: definition.key,
    state: definition.state ?? 'ENABLED',
    variants: Object.entries(definition.variants).map(([name, value]) => ({ name, value })),
    defaultVariant: definition.defaultVariant,
    targeting:
      definition.targeting && Object.keys(definition.targeting).length > 0
        ? JSON.stringify(definition.targeting, null, 2)
        : '',
  };
}

/** A problem's field: the first segment of its path (`variants/on` → `variants`), when the form has it. */
export function featureFlagFieldOf(path: readonly string[]): FeatureFlagFormField | undefined {
  return FEATURE_FLAG_FORM_FIELDS.find((field) => field === path[0]);
}

/**
 * The definition the form describes, for the contract's schema to check: targeting parsed from its JSON, and the
 * variant names, which become the keys of `variants`, each given and unique (else refused on the variants).
 */
export function featureFlagRequestOf(
  values: FeatureFlagFormValues,
  refuse: (field: FeatureFlagFormField, message: string) => void,
) {
  let targeting: unknown;
  if (values.targeting.trim() !== '') {
    try {
      targeting = JSON.parse(values.targeting);
    } catch (error) {
      refuse('targeting', `Targeting must be valid JSON: ${(error as Error).message}`);
    }
  }
  const names = values.variants.map((variant) => variant.name.trim());
  if (names.some((name) => name === '')) refuse('variants', 'Every variant needs a name');
  else if (new Set(names).size !== names.length) refuse('variants', 'Variant names must be unique');
  return {
    key: values.key.trim(),
    state: values.state,
    variants: Object.fromEntries(values.variants.map((variant) => [variant.name.trim(), variant.value])),
    defaultVariant: values.defaultVariant,
    ...(targeting === undefined ? {} : { targeting }),
  };
}
