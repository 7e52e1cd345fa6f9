import { ConfirmDialog } from '@ecc/ui';
import { useBlocker } from '@tanstack/react-router';

/** Signing out, by the user, a 401 or the inactivity timeout, is never held up by unsaved changes. */
const UNBLOCKED_PATHS: readonly string[] = ['/logout', '/login'];

/**
 * While `isDirty`, leaving the page asks first: a navigation inside the app through a dialog, closing or reloading
 * the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => !UNBLOCKED_PATHS.includes(next.pathname),
    disabled: !isDirty,
    enableBeforeUnload: isDirty,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(isOpen) => {
        if (!isOpen) blocker.reset?.();
      }}
      title="Leave without saving?"
      description="Your changes on this page are not saved. They are lost if you leave."
      confirmLabel="Leave without saving"
      cancelLabel="Stay"
      variant="destructive"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
