import type { z } from '@ecc/contracts';
import { toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue } from 'react-hook-form';
import { flatFieldErrors, serverFieldErrors, type FieldErrors } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { useFocusAfterRender } from '#lib/forms/use-focus-after-render.ts';
import { afterRealmSettingsSaved } from './realm-settings-api.ts';

export interface SettingsDraftOptions<Settings extends FieldValues, Request> {
  realmId: string;
  part: 'theme' | 'legal';
  initial: Settings;
  /** The contract's schema of the request the draft is saved with. */
  schema: z.ZodType<Request>;
  /** The request the draft stands for (e.g. empty texts left out), when it is not the draft itself. */
  toRequest?: (draft: Settings) => unknown;
  send: (realmId: string, request: Request) => Promise<Settings>;
  savedTitle: string;
  /** The id of the control that edits a field path. */
  fieldId: (path: string) => string;
  /** Puts the first refused field on screen (e.g. its theme and colour mode) before it takes the focus. */
  reveal?: (path: string) => void;
}

export interface SettingsDraft<Settings> {
  saved: Settings;
  draft: Settings;
  /** Changes the draft; the messages of the fields it changes are the caller's to clear. */
  setDraft: (change: (current: Settings) => Settings) => void;
  /** The messages of the refused fields, by dotted path (`themes.0.colors.light.primary`). */
  errors: FieldErrors;
  /** Shows a message at a field (a check as the user leaves it), or clears it. */
  setFieldError: (path: string, message: string | undefined) => void;
  /** Clears every field's message (a row went: the messages after it no longer match their index). */
  clearErrors: () => void;
  /** What the server refused that names no field. */
  formError: string | undefined;
  isSaving: boolean;
  isDirty: boolean;
  save: () => Promise<void>;
  /** Back to the saved settings, without their errors. */
  discard: () => void;
  /** The error summary, focused when the first refused field is not on screen. */
  summaryRef: RefObject<HTMLDivElement | null>;
}

/** The refusals of the draft's fields: the form's own message (`root`) is shown apart. */
function fieldErrorsOf(errors: unknown): FieldErrors {
  const { root: _formMessage, ...fields } = flatFieldErrors(errors);
  return fields;
}

/**
 * One part of a realm's settings edited as a draft: a form checked with the contract's schema (`useContractForm`),
 * saved, and refused field by field, the first refused field revealed and taking the focus.
 */
export function useSettingsDraft<Settings extends FieldValues, Request>({
  realmId,
  part,
  initial,
  schema,
  toRequest,
  send,
  savedTitle,
  fieldId,
  reveal,
}: SettingsDraftOptions<Settings, Request>): SettingsDraft<Settings> {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const { form, submit, formError } = useContractForm<Settings, Request>({
    schema,
    toRequest: toRequest && ((values) => toRequest(values)),
    defaultValues: initial as DefaultValues<Settings>,
  });
  const draft = form.watch() as Settings;
  const errors = fieldErrorsOf(form.formState.errors);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender(summaryRef);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  function showFirst(paths: readonly string[]) {
    const first = paths[0] ?? '';
    reveal?.(first);
    // What reveal changed is rendered first, then the field takes the focus.
    focusAfterRender(fieldId(first));
  }

  const save = submit(
    async (request) => {
      try {
        const answer = await send(realmId, request);
        setSaved(answer);
        form.reset(answer);
        toast({ variant: 'success', title: savedTitle });
        await afterRealmSettingsSaved(queryClient, realmId, part, answer);
      } catch (error) {
        showFirst(Object.keys(serverFieldErrors(error).fields));
        throw error;
      }
    },
    (refusals) => showFirst(Object.keys(fieldErrorsOf(refusals))),
  );

  function setDraft(change: (current: Settings) => Settings) {
    const current = form.getValues();
    const next = change(current);
    for (const key of new Set([...Object.keys(current), ...Object.keys(next)])) {
      const name = key as Path<Settings>;
      form.setValue(name, next[key] as PathValue<Settings, Path<Settings>>, { shouldDirty: true });
    }
  }

  function setFieldError(path: string, message: string | undefined) {
    const name = path as Path<Settings>;
    if (message === undefined) form.clearErrors(name);
    else form.setError(name, { type: 'check', message });
  }

  return {
    saved,
    draft,
    setDraft,
    errors,
    setFieldError,
    clearErrors: () => form.clearErrors(),
    formError,
    isSaving: form.formState.isSubmitting,
    isDirty,
    save: () => save(),
    discard: () => form.reset(saved),
    summaryRef,
  };
}
