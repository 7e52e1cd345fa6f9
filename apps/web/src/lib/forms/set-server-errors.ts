import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors, topLevelFieldOf } from './field-errors.ts';

/**
 * Puts the server's refusal on a react-hook-form form: each `fieldErrors` message on the field it names (among
 * `fields`), and answers what names none of them (another status, a network failure) for the form's own alert.
 */
export function setServerErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string | undefined {
  const refusal = serverFieldErrors(error, topLevelFieldOf(fields));
  for (const field of fields) {
    const message = refusal.fields[field];
    if (message !== undefined) setError(field, { type: 'server', message });
  }
  return refusal.form;
}
