import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog.tsx';

export interface FormDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  /** While the submission runs the dialog stays open, Cancel is disabled and the submit button is busy. */
  isSaving: boolean;
  /** A refusal that names no field, announced above the buttons. */
  saveError?: string | undefined;
  /** Runs instead of the browser's own submission. */
  onSubmit: () => void;
  onClose: () => void;
  /** Classes for the dialog's box, e.g. its width. */
  className?: string;
  /** The form's fields. */
  children: ReactNode;
  /** Shown in the dialog after the form, e.g. a confirmation that the submission asks for. */
  afterForm?: ReactNode;
}

/**
 * An open dialog holding one form: title and description, the fields, the error of the last submission, and
 * Cancel beside the submit button. Escape, the overlay and Cancel close it unless a submission is running.
 */
export function FormDialog({
  title,
  description,
  formLabel,
  submitLabel,
  isSaving,
  saveError,
  onSubmit,
  onClose,
  className,
  children,
  afterForm,
}: FormDialogProps) {
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && !isSaving && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          className="grid gap-4"
          aria-label={formLabel}
        >
          {children}
          <div aria-live="polite">
            {saveError && (
              <p role="alert" className="text-destructive text-sm">
                {saveError}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSaving}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
        {afterForm}
      </DialogContent>
    </Dialog>
  );
}
