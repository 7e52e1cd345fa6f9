import { z } from '@ecc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { serverFieldErrors, type FieldOfPath } from './field-errors.ts';

/** Where a form keeps what its check or the server refused that names none of its fields. */
const FORM_ERROR_PATH = 'root';

export interface ContractFormOptions<Values extends FieldValues, Request> extends Omit<
  UseFormProps<Values, unknown, Request>,
  'resolver'
> {
  /** The contract's schema of the request the form sends. */
  schema: z.ZodType<Request>;
  /**
   * The request the values stand for, when the fields are not the request's (numbers typed as text, lists).
   * What cannot become part of a request at all (JSON that does not parse) is refused on its field with `refuse`.
   */
  toRequest?: (values: Values, refuse: (field: Path<Values>, message: string) => void) => unknown;
  /** The field a problem's path names (`['gases', 'CO2', 'unit']` → `unit`); by default the dotted path. */
  fieldOf?: FieldOfPath<Path<Values>>;
  /**
   * How a problem the schema finds reads on its field, when its path says more than the field does (the entry
   * of a list typed as text: `domains/1` → `not_a_host: Must be a host name…`); by default its message.
   */
  messageOf?: (path: readonly string[], message: string, values: Values) => string;
}

export interface ContractForm<Values extends FieldValues, Request> {
  form: UseFormReturn<Values, unknown, Request>;
  /**
   * The form's submit handler: checks the values with the schema (`onInvalid` runs with the refusals when they
   * fail, the first refused field taking the focus), then sends the request. The server's refusal goes on the fields it names
   * (the first one takes the focus), the rest to `formError`.
   */
  submit: (
    send: (request: Request) => Promise<void>,
    onInvalid?: SubmitErrorHandler<Values>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** What the last check or save refused that names no field of the form, for above the form. */
  formError: string | undefined;
}

const dottedPath = <Field extends string>(path: readonly string[]) =>
  (path.length > 0 ? path.join('.') : undefined) as Field | undefined;

/**
 * The contract's schema as the form's resolver. A form whose fields are not the request's checks the request its
 * values stand for, and each problem is moved to the field that shows it.
 */
function contractResolver<Values extends FieldValues, Request>(
  schema: z.ZodType<Request>,
  toRequest: ContractFormOptions<Values, Request>['toRequest'],
  fieldOf: FieldOfPath<Path<Values>>,
  messageOf: ContractFormOptions<Values, Request>['messageOf'],
): Resolver<Values, unknown, Request> {
  if (toRequest === undefined && messageOf === undefined) {
    return zodResolver(schema as z.ZodType<Request, Values>);
  }
  const formSchema = z.custom<Values>().transform((values, context): Request => {
    let isRefused = false;
    const refuse = (field: Path<Values>, message: string) => {
      isRefused = true;
      context.addIssue({ code: 'custom', message, path: field.split('.') });
    };
    const request = toRequest ? toRequest(values, refuse) : values;
    const parsed = schema.safeParse(request);
    if (parsed.success) return isRefused ? z.NEVER : parsed.data;
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const field = fieldOf(path);
      context.addIssue({
        code: 'custom',
        message: messageOf ? messageOf(path, issue.message, values) : issue.message,
        path: field === undefined ? [FORM_ERROR_PATH] : field.split('.'),
      });
    }
    return z.NEVER;
  });
  return zodResolver(formSchema);
}

/**
 * A form built the one way the app builds forms: react-hook-form checked with the contract's zod schema
 * (`@hookform/resolvers/zod`), and the server's refusal placed on the fields its `fieldErrors` name.
 */
export function useContractForm<Values extends FieldValues, Request>({
  schema,
  toRequest,
  fieldOf = dottedPath,
  messageOf,
  ...options
}: ContractFormOptions<Values, Request>): ContractForm<Values, Request> {
  const form = useForm<Values, unknown, Request>({
    ...options,
    resolver: contractResolver(schema, toRequest, fieldOf, messageOf),
  });

  const submit: ContractForm<Values, Request>['submit'] = (send, onInvalid) =>
    form.handleSubmit(async (request) => {
      try {
        await send(request);
      } catch (error) {
        const { fields, form: message } = serverFieldErrors(error, fieldOf);
        const placed: [string, string | undefined][] = Object.entries(fields);
        placed.forEach(([field, fieldMessage], index) => {
          if (fieldMessage === undefined) return;
          form.setError(
            field as Path<Values>,
            { type: 'server', message: fieldMessage },
            { shouldFocus: index === 0 },
          );
        });
        if (message !== undefined) form.setError(FORM_ERROR_PATH, { type: 'server', message });
      }
    }, onInvalid);

  const formError = form.formState.errors.root?.message;
  return { form, submit, formError: typeof formError === 'string' ? formError : undefined };
}
