import { realmEmissionFactorInputSchema, type RealmEmissionFactorInput } from '@ecc/contracts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';

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
export type FactorFieldErrors = Partial<Record<FactorFormField, string>>;

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

/** Problems by field, and what names no field of the form. */
export interface FactorRefusal {
  fields: FactorFieldErrors;
  form?: string;
}

export type FactorFormResult =
  { isValid: true; input: RealmEmissionFactorInput } | ({ isValid: false } & FactorRefusal);

/** Checks the form with the schema the server uses and gives each problem to its field. */
export function validateFactorForm(values: FactorFormValues): FactorFormResult {
  const parsed = realmEmissionFactorInputSchema.safeParse({
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
  });
  if (parsed.success) return { isValid: true, input: parsed.data };
  return {
    isValid: false,
    ...placeProblems(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    ),
  };
}

function placeProblems(problems: readonly { path: string[]; message: string }[]): FactorRefusal {
  const fields: FactorFieldErrors = {};
  const unplaced: string[] = [];
  for (const { path, message } of problems) {
    const field = factorFieldOfPath(path);
    if (field === undefined) unplaced.push(path.length === 0 ? message : `${path.join('.')}: ${message}`);
    else fields[field] ??= message;
  }
  return unplaced.length === 0 ? { fields } : { fields, form: unplaced.join('; ') };
}

/** `body/gases/CO2/unit` (400) or `gases.CO2.unit` (422) as segments; the engine calls the whole factor `(root)`. */
function pathOf(text: string): string[] {
  return text === '(root)' ? [] : text.replace(/^body\//, '').split(/[./]/);
}

/**
 * The server's refusal given to the fields it names. Both a 400 (`body/name: …; body/year: …`) and the engine's
 * 422 (`per: …; gases.CO2.unit: …`) list `path: message` parts joined by `; `; a part naming no field of the
 * form, and any other failure, is returned as `form`.
 */
export function factorServerErrors(error: unknown): FactorRefusal {
  if (!isApiResponseError(error) || (error.status !== 400 && error.status !== 422)) {
    return { fields: {}, form: error instanceof Error ? error.message : 'The factor could not be saved.' };
  }
  return placeProblems(
    error.message.split('; ').map((part) => {
      const match = /^(\S+): (.+)$/s.exec(part);
      return match?.[1] === undefined || match[2] === undefined
        ? { path: [], message: part }
        : { path: pathOf(match[1]), message: match[2] };
    }),
  );
}
