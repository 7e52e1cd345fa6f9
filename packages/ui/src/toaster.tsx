import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_VIEWPORT_HOTKEY,
} from '@ecc/contracts';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';
import { toastStore, useToast, type ToastStore } from './toast-store.ts';

export interface ToasterProps {
  /** The store to render; the application's shared store by default. */
  store?: ToastStore;
  /** Accessible label of the close button of each toast. */
  closeLabel?: string;
}

/** Renders the toasts of a store: the newest on top, closing after their duration, swiped away to the right. */
export function Toaster({ store = toastStore, closeLabel }: ToasterProps) {
  const { toasts, dismiss } = useToast(store);
  return (
    <ToastProvider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map(({ id, title, description, variant, duration, action, isOpen }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={isOpen}
          onOpenChange={(isNowOpen) => {
            if (!isNowOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title !== undefined && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction altText={action.altText ?? action.label} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport hotkey={[...TOAST_VIEWPORT_HOTKEY]} />
    </ToastProvider>
  );
}
