import { ACTIVITY_DEBOUNCE_MS, SESSION_WARNING_BEFORE_END_SECONDS, TIME } from '@ecc/contracts';

export interface InactivityTimerOptions {
  /** The application's `authSessionLength`, in seconds. */
  sessionLengthSeconds: number;
  /** 60 seconds before the end without activity. */
  onWarning: () => void;
  /** At the end without activity. */
  onTimeout: () => void;
}

export interface InactivityTimer {
  /** Starts both timers again from now: activity, or Cancel on the warning. */
  restart: () => void;
  stop: () => void;
}

/** When the warning and the logout fall, in milliseconds after the last activity (spec sections 4 and 9). */
export function inactivityDelays(sessionLengthSeconds: number): { warningMs: number; timeoutMs: number } {
  return {
    warningMs: Math.max(0, sessionLengthSeconds - SESSION_WARNING_BEFORE_END_SECONDS) * TIME.second,
    timeoutMs: sessionLengthSeconds * TIME.second,
  };
}

/** The two timers of the inactivity timeout, started at once. */
export function createInactivityTimer(options: InactivityTimerOptions): InactivityTimer {
  const { warningMs, timeoutMs } = inactivityDelays(options.sessionLengthSeconds);
  let timers: ReturnType<typeof setTimeout>[] = [];
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  const restart = () => {
    stop();
    timers = [setTimeout(options.onWarning, warningMs), setTimeout(options.onTimeout, timeoutMs)];
  };
  restart();
  return { restart, stop };
}

/** The user activity that resets the timers (spec section 4). */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown'] as const;

/**
 * Calls `onActivity` once activity has paused for the debounce (300 ms), so a moving mouse restarts the timers
 * a few times rather than on every event. Returns the function that stops listening.
 */
export function listenForActivity(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  onActivity: () => void,
  debounceMs = ACTIVITY_DEBOUNCE_MS,
): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  const handle = () => {
    clearTimeout(pending);
    pending = setTimeout(onActivity, debounceMs);
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, handle, { passive: true });
  return () => {
    clearTimeout(pending);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, handle);
  };
}
