import { toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { fieldErrorsOfIssues, serverFieldErrors, type FieldErrors } from '#lib/forms/field-errors.ts';
import { useFocusAfterRender } from '#lib/forms/use-focus-after-render.ts';
import { afterRealmSettingsSaved } from './realm-settings-api.ts';

/** A contract schema's `safeParse` answer, as far as the editor reads it. */
export type SettingsCheck<Request> =
  | { success: true; data: Request }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

export interface SettingsDraftOptions<Settings, Request> {
  realmId: string;
  part: 'theme' | 'legal';
  initial: Settings;
  /** The contract's check of the draft as it will be sent. */
  check: (draft: Settings) => SettingsCheck<Request>;
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
  setDraft: Dispatch<SetStateAction<Settings>>;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
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

/**
 * One part of a realm's settings edited as a draft: checked with the contract, saved, and refused field by field,
 * the first refused field taking the focus.
 */
export function useSettingsDraft<Settings, Request>({
  realmId,
  part,
  initial,
  check,
  send,
  savedTitle,
  fieldId,
  reveal,
}: SettingsDraftOptions<Settings, Request>): SettingsDraft<Settings> {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender(summaryRef);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  function showErrors(fields: FieldErrors) {
    setErrors(fields);
    const first = Object.keys(fields)[0] ?? '';
    reveal?.(first);
    // What reveal changed is rendered first, then the field takes the focus.
    focusAfterRender(fieldId(first));
  }

  async function save() {
    setFormError(undefined);
    const checked = check(draft);
    if (!checked.success) {
      showErrors(fieldErrorsOfIssues(checked.error.issues));
      return;
    }
    setIsSaving(true);
    try {
      const answer = await send(realmId, checked.data);
      setSaved(answer);
      setDraft(answer);
      setErrors({});
      toast({ variant: 'success', title: savedTitle });
      await afterRealmSettingsSaved(queryClient, realmId, part, answer);
    } catch (error) {
      const { fields, form } = serverFieldErrors(error);
      setFormError(form);
      showErrors(fields);
    } finally {
      setIsSaving(false);
    }
  }

  function discard() {
    setDraft(saved);
    setErrors({});
    setFormError(undefined);
  }

  return {
    saved,
    draft,
    setDraft,
    errors,
    setErrors,
    formError,
    isSaving,
    isDirty,
    save,
    discard,
    summaryRef,
  };
}
