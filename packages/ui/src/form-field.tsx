import { Slot } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { Label } from './label.tsx';

export interface FormFieldProps {
  label: ReactNode;
  /** The control: one element (Input, Textarea, a select…) that receives the id and the aria attributes. */
  children: ReactNode;
  /** Help text under the control. */
  description?: ReactNode;
  /** The validation message; when present the control is marked invalid. */
  error?: string;
  /** The control's id; generated when absent. */
  id?: string;
  className?: string;
}

/**
 * A label, a control, its help text and its error, tied together for assistive technology. Its rows start at the
 * top (`content-start`): beside a field with a longer help text in the same grid row, the label and control stay
 * level instead of spreading over the stretched height.
 */
export function FormField({ label, children, description, error, id, className }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== '';
  const describedBy = [description !== undefined && descriptionId, hasError && errorId]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={controlId} className={cn(hasError && 'text-destructive')}>
        {label}
      </Label>
      <Slot.Root
        id={controlId}
        aria-describedby={describedBy || undefined}
        aria-invalid={hasError || undefined}
      >
        {children}
      </Slot.Root>
      {description !== undefined && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {hasError && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
