import {
  featureFlagDefinitionSchema,
  type FeatureFlagDefinition,
  type FeatureFlagState,
} from '@ecc/contracts';

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
export type FeatureFlagFormErrors = Partial<Record<FeatureFlagFormField, string>>;

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

const FIELDS: readonly FeatureFlagFormField[] = ['key', 'state', 'variants', 'defaultVariant', 'targeting'];

/**
 * The definition the form describes, validated by the same schema as the server, or one message per field:
 * targeting must be JSON and JsonLogic, variant names unique, the default one of them.
 */
export function parseFeatureFlagForm(
  values: FeatureFlagFormValues,
): { definition: FeatureFlagDefinition } | { errors: FeatureFlagFormErrors } {
  const errors: FeatureFlagFormErrors = {};
  let targeting: unknown;
  if (values.targeting.trim() !== '') {
    try {
      targeting = JSON.parse(values.targeting);
    } catch (error) {
      errors.targeting = `Targeting must be valid JSON: ${(error as Error).message}`;
    }
  }
  const names = values.variants.map((variant) => variant.name.trim());
  if (names.some((name) => name === '')) errors.variants = 'Every variant needs a name';
  else if (new Set(names).size !== names.length) errors.variants = 'Variant names must be unique';

  const parsed = featureFlagDefinitionSchema.safeParse({
    key: values.key.trim(),
    state: values.state,
    variants: Object.fromEntries(values.variants.map((variant) => [variant.name.trim(), variant.value])),
    defaultVariant: values.defaultVariant,
    ...(targeting === undefined ? {} : { targeting }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      if (!field || !FIELDS.includes(field as FeatureFlagFormField)) continue;
      const name = field as FeatureFlagFormField;
      const where = rest.length > 0 ? ` (at ${rest.join('.')})` : '';
      errors[name] ??= `${issue.message}${where}`;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { definition: parsed.data };
}
