/** The new-factor form holds text, as inputs do; the contracts schema decides what is valid. */
export interface FactorFormValues {
  name: string;
  source: string;
  year: string;
  per: string;
  gas: string;
  value: string;
  unit: string;
}

export type FactorFormField = keyof FactorFormValues;

export function emptyFactorForm(year = new Date().getFullYear()): FactorFormValues {
  return { name: '', source: '', year: String(year), per: '', gas: 'CO2', value: '', unit: 'kg' };
}

/**
 * The form field a problem's path names: `name`, `year`… directly; inside the one gas, `gases.CO2.value` is the
 * value, `gases.CO2.unit` the unit and anything else about it the gas. Paths the form has no field for
 * (`co2e`, `hhv`, the factor as a whole) answer undefined.
 */
export function factorFieldOfPath(path: readonly string[]): FactorFormField | undefined {
  const [first, , third] = path;
  if (first === 'name' || first === 'source' || first === 'year' || first === 'per') return first;
  if (first !== 'gases') return undefined;
  if (third === 'value' || third === 'unit') return third;
  return 'gas';
}

/** The request the form's text stands for: numbers read from the text, the one gas keyed by its name. */
export function factorRequestOf(values: FactorFormValues) {
  return {
    name: values.name,
    source: values.source,
    year: values.year.trim() === '' ? undefined : Number(values.year),
    per: values.per,
    gases: {
      [values.gas]: {
        value: values.value.trim() === '' ? undefined : Number(values.value),
        unit: values.unit,
      },
    },
  };
}
