import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@ecc/ui';
import { useState, type ReactNode } from 'react';

export interface ImportDialogButtonProps {
  /** The button's text, also the dialog's title. */
  label: string;
  /** A decorative icon before the label. */
  icon: ReactNode;
  description: ReactNode;
  size: 'sm' | 'default';
  /** Classes for the dialog's box, e.g. its width. */
  className?: string;
  /** The dialog's steps, given a way to close it; they start afresh each time it opens. */
  children: (close: () => void) => ReactNode;
}

/** An outlined button that opens an import dialog. */
export function ImportDialogButton({
  label,
  icon,
  description,
  size,
  className,
  children,
}: ImportDialogButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size}>
          {icon}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {isOpen ? children(() => setIsOpen(false)) : null}
      </DialogContent>
    </Dialog>
  );
}
