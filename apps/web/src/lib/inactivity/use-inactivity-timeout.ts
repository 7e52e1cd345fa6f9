import { messages, SESSION_WARNING_TOAST_MS } from '@ecc/contracts';
import { toast, type ToastHandle } from '@ecc/ui';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { useApplication } from '../realm/realm-queries.ts';
import { useSession } from '../session/session-queries.ts';
import { createInactivityTimer, listenForActivity } from './inactivity-timer.ts';

export interface InactivityTimeoutOptions {
  /** Only signed-in users time out. */
  isEnabled: boolean;
  sessionLengthSeconds: number | undefined;
  /** Where the timed-out user goes: /logout. */
  onLoggedOut: () => void;
}

/**
 * The inactivity timeout of spec section 4: a warning toast (Cancel restarts both timers) 60 seconds before
 * the application's session length passes without a click, mouse move or key press, then a destructive toast
 * and /logout.
 */
export function useInactivityTimeout({
  isEnabled,
  sessionLengthSeconds,
  onLoggedOut,
}: InactivityTimeoutOptions) {
  useEffect(() => {
    if (!isEnabled || sessionLengthSeconds === undefined) return undefined;
    let warning: ToastHandle | undefined;
    const dismissWarning = () => {
      warning?.dismiss();
      warning = undefined;
    };
    const timer = createInactivityTimer({
      sessionLengthSeconds,
      onWarning: () => {
        warning = toast({
          variant: 'warning',
          title: messages.sessionExpireSoonTitle,
          description: messages.sessionExpireSoonDescription,
          duration: SESSION_WARNING_TOAST_MS,
          action: {
            label: 'Cancel',
            altText: 'Stay signed in',
            onClick: () => {
              dismissWarning();
              timer.restart();
            },
          },
        });
      },
      onTimeout: () => {
        dismissWarning();
        stopListening();
        toast({
          variant: 'destructive',
          title: messages.loggedOutInactiveTitle,
          description: messages.loggedOutInactiveDescription,
        });
        onLoggedOut();
      },
    });
    const stopListening = listenForActivity(window, () => timer.restart());
    return () => {
      stopListening();
      timer.stop();
      dismissWarning();
    };
  }, [isEnabled, sessionLengthSeconds, onLoggedOut]);
}

/** The inactivity timeout for whoever is signed in, with the application's session length. */
export function useSessionInactivityTimeout() {
  const { isLoggedIn } = useSession();
  const application = useApplication();
  const router = useRouter();
  const onLoggedOut = useCallback(() => void router.navigate({ to: '/logout' }), [router]);
  useInactivityTimeout({
    isEnabled: isLoggedIn,
    sessionLengthSeconds: application?.authSessionLength,
    onLoggedOut,
  });
}
