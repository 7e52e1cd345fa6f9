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

/** A zod failure's messages by path, the first message of each path kept. */
export function fieldErrorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
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
    else unplaced.push(path.length === 0 ? message : `${path.join('.')}: ${message}`);
  }
  return unplaced.length === 0 ? { fields } : { fields, form: unplaced.join('; ') };
}

/** `body/gases/CO2/unit` (400) or `gases.CO2.unit` (422) as segments; the engine calls the whole input `(root)`. */
function segmentsOf(path: string): string[] {
  return path === '(root)' || path === '' ? [] : path.replace(/^body\//, '').split(/[./]/);
}

/**
 * `path: message` parts joined by '; '. When parts start with `body/` only those start a new part, so a message
 * may itself hold '; '.
 */
function problemsOfMessage(message: string): FieldProblem[] {
  const parts = message.includes('body/') ? message.split(/; (?=body\/)/) : message.split('; ');
  return parts.map((part) => {
    const match = /^(\S+): ([\s\S]+)$/.exec(part);
    return match?.[1] === undefined || match[2] === undefined
      ? { path: [], message: part }
      : { path: segmentsOf(match[1]), message: match[2] };
  });
}

/** The `items` of a 422 body (the emissions engine's answer): each a path and a message. */
function problemsOfItems(body: unknown): FieldProblem[] | undefined {
  if (typeof body !== 'object' || body === null || !('items' in body) || !Array.isArray(body.items)) {
    return undefined;
  }
  return body.items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'message' in item && typeof item.message === 'string'
      ? [{ path: segmentsOf('path' in item ? String(item.path) : ''), message: item.message }]
      : [],
  );
}

/**
 * The server's refusal given to the fields it names: a 400 or 409 names them at the start of its message
 * (`body/themes/0/colors/light/primary: Invalid hex color; body/selected: …`), a 422 in its `items` (or, without
 * items, in its message). `fieldOf` maps a path to the form's field (by default the dotted path). Whatever names
 * no field, and any other failure, is returned as `form`.
 */
export function serverFieldErrors<Field extends string = string>(
  error: unknown,
  fieldOf: FieldOfPath<Field> = dottedPath as FieldOfPath<Field>,
): PlacedProblems<Field> {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiResponseError(error) || ![400, 409, 422].includes(error.status))
    return { fields: {}, form: message };
  const problems =
    (error.status === 422 ? problemsOfItems(error.body) : undefined) ?? problemsOfMessage(message);
  return placeProblems(problems, fieldOf);
}

/** A path's first segment when it is one of the form's fields: `domains/1` → `domains`. */
export function topLevelFieldOf<Field extends string>(fields: readonly Field[]): FieldOfPath<Field> {
  return (path) => fields.find((field) => field === path[0]);
}
