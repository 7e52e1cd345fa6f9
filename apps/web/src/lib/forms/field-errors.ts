import { isApiResponseError } from '../api/api-response-error.ts';

/** Messages by field path, dotted as the form names its fields: `themes.0.colors.light.primary`. */
export type FieldErrors = Record<string, string>;

/** A zod failure's messages by path, the first message of each path kept. */
export function fieldErrorsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

const BODY_FIELD_PATTERN = /(?:^|; )body\/([^:;\s]+): /g;

/**
 * The fields a 400 from the API names (`body/themes/0/colors/light/primary: Invalid hex color; body/selected: …`)
 * with their messages, and the rest of the refusal as `form`: a message that names no field, or any other error.
 */
export function serverFieldErrors(error: unknown): { fields: FieldErrors; form?: string } {
  if (!isApiResponseError(error, 400)) return { fields: {}, form: (error as Error).message };
  const matches = [...error.message.matchAll(BODY_FIELD_PATTERN)];
  if (matches.length === 0) return { fields: {}, form: error.message };
  const fields: FieldErrors = {};
  matches.forEach((match, index) => {
    const start = (match.index ?? 0) + match[0].length;
    const end = matches[index + 1]?.index ?? error.message.length;
    fields[(match[1] ?? '').replaceAll('/', '.')] ??= error.message.slice(start, end);
  });
  return { fields };
}
