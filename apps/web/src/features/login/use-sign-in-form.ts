import { loginRequestSchema, type LoginRequest } from '@ecc/contracts';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';

export type SignInField = keyof LoginRequest;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The fields in the order the form shows them: the first refused one takes the focus. */
const SIGN_IN_FIELDS: readonly SignInField[] = ['username', 'password'];

function isSignInField(name: string): name is SignInField {
  return (SIGN_IN_FIELDS as readonly string[]).includes(name);
}

export type SignInCheck = { isValid: true; request: LoginRequest } | { isValid: false; errors: SignInErrors };

/** The contract's schema on the typed values: the request, or the first problem of each field. */
export function checkSignIn(values: LoginRequest): SignInCheck {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { isValid: true, request: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (isSignInField(field)) errors[field] ??= issue.message;
  }
  return { isValid: false, errors };
}

export interface SignInFieldProps {
  name: SignInField;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface SignInForm {
  /** What an input spreads to be one of the form's fields (as react-hook-form's `register`). */
  field: (name: SignInField) => SignInFieldProps;
  /** The form's submit handler: checks, then sends; the server's refusal lands on its fields or `formError`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  errors: SignInErrors;
  formError: string | undefined;
  isSubmitting: boolean;
}

/**
 * The sign-in form, checked with the contract's schema like every form, without react-hook-form, whose 16 kB
 * the sign-in page cannot carry before it paints (decision 031). It keeps react-hook-form's behaviour as
 * `useContractForm` sets it up: checked on submit, then again on each change of a field; the first refused
 * field takes the focus; the server's refusal goes to the fields it names, the rest to `formError`.
 */
export function useSignInForm(send: (request: LoginRequest) => Promise<void>): SignInForm {
  const values = useRef<LoginRequest>({ username: '', password: '' });
  const elements = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});
  const isSubmitted = useRef(false);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const focus = (name: SignInField | undefined) => {
    if (name) elements.current[name]?.focus();
  };

  const field = (name: SignInField): SignInFieldProps => ({
    name,
    ref: (element) => {
      elements.current[name] = element;
    },
    onChange: (event) => {
      values.current = { ...values.current, [name]: event.target.value };
      if (!isSubmitted.current) return;
      const check = checkSignIn(values.current);
      const message = check.isValid ? undefined : check.errors[name];
      setErrors((current) => ({ ...current, [name]: message }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitting(true);
    const check = checkSignIn(values.current);
    setFormError(undefined);
    if (!check.isValid) {
      setErrors(check.errors);
      focus(SIGN_IN_FIELDS.find((name) => check.errors[name] !== undefined));
    } else {
      setErrors({});
      try {
        await send(check.request);
      } catch (error) {
        const refusal = serverFieldErrors(error);
        const placed = Object.entries(refusal.fields).filter(
          (entry): entry is [SignInField, string] => isSignInField(entry[0]) && entry[1] !== undefined,
        );
        setErrors(Object.fromEntries(placed));
        focus(placed[0]?.[0]);
        setFormError(refusal.form);
      }
    }
    isSubmitted.current = true;
    setIsSubmitting(false);
  };

  return { field, onSubmit, errors, formError, isSubmitting };
}
