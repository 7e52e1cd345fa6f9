import { apiErrorSchema, estimateFailureSchema } from '@ecc/contracts';
import { isApiResponseError } from '../api/api-response-error.ts';

/** Messages by field path, dotted as the form names its fields: `themes.0.colors.light.primary`. */
export type FieldErrors = Partial<Record<string, string>>;

/** One problem a refusal names: the path's segments (without `body/`) and its message. */
export interface FieldProblem {
  readonly path: readonly string[];
  readonly message: string;
}

/** Problems given to the form's fields, and what names none of them. */
export interface PlacedProblems<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** What names no field of the form (another status, another part of the request); undefined when none. */
  form?: string;
}

/** The form field a path names, or undefined when the form has none for it. */
export type FieldOfPath<Field extends string> = (path: readonly string[]) => Field | undefined;

const dottedPath: FieldOfPath<string> = (path) => (path.length > 0 ? path.join('.') : undefined);

/** A form's nested refusals (react-hook-form's `errors`) by dotted path, in the order the form holds them. */
export function flatFieldErrors(errors: unknown, prefix: readonly string[] = []): FieldErrors {
  const flat: FieldErrors = {};
  if (typeof errors !== 'object' || errors === null) return flat;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && typeof node.type === 'string') {
    if (prefix.length > 0) flat[prefix.join('.')] = node.message;
    return flat;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref') continue;
    Object.assign(flat, flatFieldErrors(child, [...prefix, key]));
  }
  return flat;
}

/** Gives each problem to the field `fieldOf` names (first message kept); the rest is the form's message. */
export function placeProblems<Field extends string>(
  problems: readonly FieldProblem[],
  fieldOf: FieldOfPath<Field>,
): PlacedProblems<Field> {
  const fields: Partial<Record<Field, string>> = {};
  const unplaced: string[] = [];
  for (const { path, message } of problems) {
    const field = fieldOf(path);
    if (field !== undefined) fields[field] ??= message;
    else unplaced.push(message);
  }
  return unplaced.length === 0 ? { fields } : { fields, form: unplaced.join('; ') };
}

/** `body/gases/CO2/unit` as the form's path `gases.CO2.unit`; another part of the request keeps its name first. */
function segmentsOf(path: string): string[] {
  const [part = '', ...rest] = path.split('/');
  return part === 'body' ? rest : [part, ...rest];
}

/** The `fieldErrors` of an API error body, as problems; undefined when it has none. */
function problemsOfFieldErrors(body: unknown): FieldProblem[] | undefined {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success || parsed.data.fieldErrors === undefined) return undefined;
  return Object.entries(parsed.data.fieldErrors).map(([path, message]) => ({
    path: segmentsOf(path),
    message,
  }));
}

/** The `items` of a 422 from the emissions engine (the estimate API's answer): each a path and a message. */
function problemsOfItems(body: unknown): FieldProblem[] | undefined {
  const parsed = estimateFailureSchema.safeParse(body);
  if (!parsed.success) return undefined;
  return parsed.data.items.map((item) => ({
    path: item.path === '(root)' || item.path === '' ? [] : item.path.split('.'),
    message: item.message,
  }));
}

/**
 * The server's refusal given to the fields it names: its `fieldErrors` (`body/themes/0/colors/light/primary`),
 * or the engine's `items` of a 422. `fieldOf` maps a path to the form's field (by default the dotted path).
 * Whatever names no field, and any other failure, is returned as `form`.
 */
export function serverFieldErrors<Field extends string = string>(
  error: unknown,
  fieldOf: FieldOfPath<Field> = dottedPath as FieldOfPath<Field>,
): PlacedProblems<Field> {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiResponseError(error)) return { fields: {}, form: message };
  const problems = problemsOfFieldErrors(error.body) ?? problemsOfItems(error.body);
  return problems ? placeProblems(problems, fieldOf) : { fields: {}, form: message };
}

/** A path's first segment when it is one of the form's fields: `domains/1` → `domains`. */
export function topLevelFieldOf<Field extends string>(fields: readonly Field[]): FieldOfPath<Field> {
  return (path) => fields.find((field) => field === path[0]);
}
