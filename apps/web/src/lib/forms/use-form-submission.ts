import { useState } from 'react';
import type { PlacedProblems } from './field-errors.ts';

/** A form's own check of its values: what to send, or a message for each field that is wrong. */
export type FormCheck<Save, Field extends string> =
  { save: Save } | { errors: Partial<Record<Field, string>> };

export interface FormSubmission<Save, Field extends string> {
  /** The messages shown on the fields: the form's own check, else the server's refusal. */
  errors: Partial<Record<Field, string>>;
  /** What the server refused that names no field. */
  saveError: string | undefined;
  isSaving: boolean;
  /** Shows the check's errors and answers undefined, or clears the last errors and answers what to send. */
  accept: (check: FormCheck<Save, Field>) => Save | undefined;
  /** Saves; a refusal's messages go on the fields they name, the rest to `saveError`. */
  send: (save: Save) => Promise<void>;
  /** `accept`, then `send` what passed. */
  submit: (check: FormCheck<Save, Field>) => Promise<void>;
}

/** The state of a form that is checked in the browser, then saved, and shows what either refused. */
export function useFormSubmission<Save, Field extends string>(
  onSave: (save: Save) => Promise<void>,
  refusalOf: (error: unknown) => PlacedProblems<Field>,
): FormSubmission<Save, Field> {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saveError, setSaveError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  function accept(check: FormCheck<Save, Field>): Save | undefined {
    setSaveError(undefined);
    if ('errors' in check) {
      setErrors(check.errors);
      return undefined;
    }
    setErrors({});
    return check.save;
  }

  async function send(save: Save) {
    setIsSaving(true);
    try {
      await onSave(save);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setSaveError(refusal.form);
    } finally {
      setIsSaving(false);
    }
  }

  async function submit(check: FormCheck<Save, Field>) {
    const save = accept(check);
    if (save !== undefined) await send(save);
  }

  return { errors, saveError, isSaving, accept, send, submit };
}
