import {
  GRANT_REALM_PATTERNS,
  PERMISSION_TYPES,
  newGrantRequestSchema,
  type NewGrantRequest,
  type RightRow,
} from '@ecc/contracts';
import {
  compileGrantPattern,
  ID_PATTERN_PRINCIPAL,
  PERMISSION_ACTIONS,
  PERMISSION_SUBJECTS,
} from '@ecc/domain';
import { Alert, AlertDescription, Button, FormField, Input, controlClasses } from '@ecc/ui';
import { PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';

export interface GrantFormProps {
  roleName: string;
  rights: readonly RightRow[];
  /** Adds the grant; a rejection's message is shown above the form. */
  onAdd: (grant: NewGrantRequest) => Promise<void>;
}

const INITIAL = {
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
  return compilation.isValid ? undefined : `Id pattern: ${compilation.reason}`;
}

/** A new grant for one role: what (subject, action), where (realm and id patterns) and under which right. */
export function GrantForm({ roleName, rights, onAdd }: GrantFormProps) {
  const [values, setValues] = useState({ ...INITIAL, right: rights[0]?.id ?? '' });
  const [errorMessage, setErrorMessage] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const set = (field: keyof typeof INITIAL) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = newGrantRequestSchema.safeParse({
      type: values.type,
      right: values.right,
      active: true,
      data: { realm: values.realm, subject: values.subject, id: values.id, action: values.action },
    });
    if (!parsed.success) {
      setErrorMessage(
        parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
      return;
    }
    const patternProblem =
      parsed.data.type === 'REGEX_GRANT' ? idPatternProblem(parsed.data.data.id) : undefined;
    if (patternProblem) {
      setErrorMessage(patternProblem);
      return;
    }
    setErrorMessage(undefined);
    setIsSubmitting(true);
    try {
      await onAdd(parsed.data);
      setValues((current) => ({ ...current, id: INITIAL.id }));
    } catch (error) {
      setErrorMessage((error as Error).message);
    } finally {
      setIsSubmitting(false);
    }
  }

  const select = (
    field: keyof typeof INITIAL,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <FormField label={label}>
      <select
        className={`${controlClasses} h-9`}
        value={values[field]}
        onChange={(event) => set(field)(event.target.value)}
      >
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
      onSubmit={(event) => void submit(event)}
      aria-label={`Add a grant to ${roleName}`}
      className="grid gap-4 rounded-lg border p-4"
    >
      {errorMessage ? (
        <Alert kind="error">
          <AlertDescription>{errorMessage}</AlertDescription>
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
        <FormField label="Id pattern">
          <Input value={values.id} onChange={(event) => set('id')(event.target.value)} />
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
