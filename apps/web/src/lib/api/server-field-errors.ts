import { isApiResponseError } from './api-response-error.ts';

/** One problem of a refused request: the field its path starts with, and the message. */
export interface ServerFieldErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  /** What names none of the form's fields (another status, another part of the request); undefined when none. */
  form?: string;
}

/** `body/domains/1: acme.test already belongs to realm acme` → field `domains` and the message. */
const ISSUE_PATTERN = /^body\/([^/:\s]+)(?:\/[^:\s]*)?: ([\s\S]*)$/;

/**
 * The server's 400 and 409 answers name the request's fields at the start of their message, several joined by
 * '; ' (`body/name: Required; body/domains/0: Must be a host name…`). Gives each message to the form field its
 * path starts with, when the form has that field; whatever names no field is the form's own message.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): ServerFieldErrors<Field> {
  const message = error instanceof Error ? error.message : String(error);
  if (!isApiResponseError(error) || (error.status !== 400 && error.status !== 409)) {
    return { fields: {}, form: message };
  }
  const byField: Partial<Record<Field, string>> = {};
  const unplaced: string[] = [];
  for (const part of message.split(/; (?=body\/)/)) {
    const match = ISSUE_PATTERN.exec(part);
    const field = fields.find((candidate) => candidate === match?.[1]);
    if (match && field !== undefined) byField[field] ??= match[2];
    else unplaced.push(part);
  }
  return unplaced.length > 0 ? { fields: byField, form: unplaced.join('; ') } : { fields: byField };
}
