import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { dialogContentClasses, overlayClasses } from './dialog.tsx';

export interface ConfirmDialogProps {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'destructive' for actions that delete or cannot be undone. */
  variant?: 'default' | 'destructive';
  /** Runs on confirmation; while its promise is pending the confirm button shows it is busy. */
  onConfirm: () => void | Promise<void>;
  /** The element that opens the dialog; leave it out and control the dialog with open / onOpenChange. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Asks the user to confirm an action. The dialog closes once onConfirm has finished; if it fails, the dialog
 * stays open so the user can try again or cancel.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'default',
  onConfirm,
  trigger,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const [isOpenInternally, setIsOpenInternally] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const isOpen = open ?? isOpenInternally;

  function setOpen(isNowOpen: boolean) {
    setIsOpenInternally(isNowOpen);
    onOpenChange?.(isNowOpen);
  }

  async function confirm() {
    setIsConfirming(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      console.error('The confirmed action failed', error);
    } finally {
      setIsConfirming(false);
    }
  }

  return (
    <AlertDialog.Root
      open={isOpen}
      onOpenChange={(isNowOpen) => {
        // Escape and the overlay cannot close the dialog while the action is still running.
        if (!isConfirming) setOpen(isNowOpen);
      }}
    >
      {trigger !== undefined && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={dialogContentClasses}
          {...(description === undefined && { 'aria-describedby': undefined })}
        >
          <div className="flex flex-col gap-2 text-center sm:text-left">
            <AlertDialog.Title className="text-lg leading-none font-semibold">{title}</AlertDialog.Title>
            {description !== undefined ? (
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {description}
              </AlertDialog.Description>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isConfirming}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={variant} isLoading={isConfirming} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
