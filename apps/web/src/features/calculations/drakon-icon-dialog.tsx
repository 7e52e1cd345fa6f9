import type { CalculationDiagnostic, DrakonEditResult } from '@ecc/domain';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
} from '@ecc/ui';
import { useState, type FormEvent } from 'react';

export interface DrakonDialogField {
  readonly name: string;
  readonly label: string;
  readonly initialText: string;
  readonly description?: string;
}

export interface DrakonIconDialogProps {
  title: string;
  description: string;
  fields: readonly DrakonDialogField[];
  submitLabel: string;
  /** Applies the texts; its errors are shown at the field they came from. */
  onSubmit: (texts: Readonly<Record<string, string>>) => DrakonEditResult & { readonly field?: string };
  onClose: () => void;
}

function errorText(errors: readonly CalculationDiagnostic[]): string {
  return errors.map((error) => `Line ${error.line}, column ${error.column}: ${error.message}`).join(' ');
}

/** The dialog that edits an icon's text (or adds an icon), the parser judging each field before it is applied. */
export function DrakonIconDialog({
  title,
  description,
  fields,
  submitLabel,
  onSubmit,
  onClose,
}: DrakonIconDialogProps) {
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, field.initialText])),
  );
  const [error, setError] = useState<{ field: string; message: string }>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = onSubmit(texts);
    if (result.errors !== undefined) {
      setError({ field: result.field ?? fields[0]?.name ?? '', message: errorText(result.errors) });
      return;
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {fields.map((field) => (
            <FormField
              key={field.name}
              label={field.label}
              description={field.description}
              error={error?.field === field.name ? error.message : undefined}
            >
              <Textarea
                value={texts[field.name] ?? ''}
                rows={2}
                className="font-mono"
                spellCheck={false}
                onChange={(event) => {
                  setTexts({ ...texts, [field.name]: event.target.value });
                  setError(undefined);
                }}
                onKeyDown={(event) => {
                  // Enter applies, as in a one-line field; Shift+Enter starts a new line of a long SWITCH.
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
            </FormField>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{submitLabel}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
