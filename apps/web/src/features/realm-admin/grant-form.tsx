import {
  GRANT_REALM_PATTERNS,
  PERMISSION_TYPES,
  newGrantRequestSchema,
  type NewGrantRequest,
  type RightRow,
  type z,
} from '@ecc/contracts';
import {
  compileGrantPattern,
  ID_PATTERN_PRINCIPAL,
  PERMISSION_ACTIONS,
  PERMISSION_SUBJECTS,
} from '@ecc/domain';
import { Alert, AlertDescription, Button, FormField, Input, selectClasses } from '@ecc/ui';
import { PlusIcon } from 'lucide-react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

export interface GrantFormProps {
  roleName: string;
  rights: readonly RightRow[];
  /** Adds the grant; a refusal is shown on the field it names, anything else above the form. */
  onAdd: (grant: NewGrantRequest) => Promise<void>;
}

type NewGrantOutput = z.output<typeof newGrantRequestSchema>;

interface GrantFormValues {
  type: string;
  subject: string;
  action: string;
  realm: string;
  id: string;
  right: string;
}
type GrantFormField = keyof GrantFormValues;

const INITIAL: GrantFormValues = {
  type: 'REGEX_GRANT',
  subject: 'Equipment',
  action: 'read',
  realm: '\\own',
  id: '.*',
  right: '',
};

/** Why the id pattern would be refused (it runs on the linear-time engine the server uses), or undefined. */
function idPatternProblem(pattern: string): string | undefined {
  if (pattern === ID_PATTERN_PRINCIPAL) return undefined;
  const compilation = compileGrantPattern(pattern);
  return compilation.isValid ? undefined : `The server cannot run this pattern: ${compilation.reason}`;
}

/** The grant the fields describe; an id pattern the server's engine cannot run is refused on its field. */
function grantRequestOf(values: GrantFormValues, refuse: (field: GrantFormField, message: string) => void) {
  const problem = values.type === 'REGEX_GRANT' ? idPatternProblem(values.id.trim()) : undefined;
  if (problem !== undefined) refuse('id', problem);
  return {
    type: values.type,
    right: values.right,
    active: true,
    data: { realm: values.realm, subject: values.subject, id: values.id, action: values.action },
  };
}

/** A problem's field: `data/id` → `id`, `right` → `right`; the rest goes above the form. */
function grantFieldOf(path: readonly string[]): GrantFormField | undefined {
  const named = path[0] === 'data' ? path[1] : path.length === 1 ? path[0] : undefined;
  return (Object.keys(INITIAL) as GrantFormField[]).find((field) => field === named);
}

/** A new grant for one role: what (subject, action), where (realm and id patterns) and under which right. */
export function GrantForm({ roleName, rights, onAdd }: GrantFormProps) {
  const { form, submit, formError } = useContractForm<GrantFormValues, NewGrantOutput>({
    schema: newGrantRequestSchema,
    defaultValues: { ...INITIAL, right: rights[0]?.id ?? '' },
    toRequest: grantRequestOf,
    fieldOf: grantFieldOf,
  });
  const {
    register,
    resetField,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(async (grant) => {
    await onAdd(grant);
    resetField('id');
  });

  const select = (
    field: GrantFormField,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <FormField label={label} error={errors[field]?.message}>
      <select className={selectClasses} {...register(field)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
  const plain = (list: readonly string[]) => list.map((value) => ({ value, label: value }));

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Add a grant to ${roleName}`}
      className="grid gap-4 rounded-lg border p-4"
    >
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {select('type', 'Type', plain(PERMISSION_TYPES))}
        {select('subject', 'Subject', plain(PERMISSION_SUBJECTS))}
        {select('action', 'Action', plain(PERMISSION_ACTIONS))}
        {select(
          'right',
          'Right',
          rights.map((right) => ({ value: right.id, label: right.name })),
        )}
        {select('realm', 'Realm pattern', plain(GRANT_REALM_PATTERNS))}
        <FormField label="Id pattern" error={errors.id?.message}>
          <Input {...register('id')} />
        </FormField>
      </div>
      <div>
        <Button type="submit" isLoading={isSubmitting}>
          <PlusIcon aria-hidden="true" /> Add grant
        </Button>
      </div>
    </form>
  );
}
