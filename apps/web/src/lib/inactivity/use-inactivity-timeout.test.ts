import { toastStore } from '@ecc/ui';
import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInactivityTimeout } from './use-inactivity-timeout.ts';

// The texts, variants and durations are copied from the specification (sections 4, 8 and 9), never read from the
// product's messages or constants, so a wording drift from the specification fails here.
const WARNING = {
  variant: 'warning',
  title: 'Your session will expire soon',
  description: 'You will be logged out in 1 minute due to inactivity.',
  duration: 60000,
};
const LOGGED_OUT = {
  variant: 'destructive',
  title: 'You have been logged out due to inactivity.',
  description: 'Please log in again to continue.',
};

describe('the inactivity timeout of a signed-in user (session length 120 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toastStore.dispatch({ type: 'REMOVE_TOAST' }));
    vi.useRealTimers();
  });

  function start(isEnabled = true) {
    const onLoggedOut = vi.fn();
    const hook = renderHook(() =>
      useInactivityTimeout({ isEnabled, sessionLengthSeconds: 120, onLoggedOut }),
    );
    return { onLoggedOut, hook };
  }
  const openToasts = () => toastStore.getState().toasts.filter((toast) => toast.isOpen);
  const advance = (milliseconds: number) => act(() => vi.advanceTimersByTime(milliseconds));

  it('shows the warning toast of the specification 60 s before the end, with a Cancel action', () => {
    const { onLoggedOut } = start();
    advance(59_999);
    expect(openToasts()).toEqual([]);
    advance(1);
    expect(openToasts()).toEqual([
      expect.objectContaining({ ...WARNING, action: expect.objectContaining({ label: 'Cancel' }) }),
    ]);
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('logs out at the end with the destructive toast of the specification, closing the warning', () => {
    const { onLoggedOut } = start();
    advance(119_999);
    expect(onLoggedOut).not.toHaveBeenCalled();
    advance(1);
    expect(onLoggedOut).toHaveBeenCalledOnce();
    expect(openToasts()).toEqual([expect.objectContaining(LOGGED_OUT)]);
  });

  it('Cancel restarts both timers: nothing happens at the original end, the new end logs out', () => {
    const { onLoggedOut } = start();
    advance(70_000);
    const [warning] = openToasts();
    act(() => warning?.action?.onClick());
    expect(openToasts()).toEqual([]);
    // 121 s after the start, past the original deadline of 120 s: still signed in, no toast.
    advance(51_000);
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(openToasts()).toEqual([]);
    // The new warning falls 60 s after Cancel, the new end 120 s after it.
    advance(9_000);
    expect(openToasts()).toEqual([expect.objectContaining({ title: WARNING.title })]);
    advance(59_999);
    expect(onLoggedOut).not.toHaveBeenCalled();
    advance(1);
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('activity (a key press, debounced 300 ms) restarts both timers', () => {
    const { onLoggedOut } = start();
    advance(100_000);
    fireEvent.keyDown(window);
    advance(300);
    advance(119_999);
    expect(onLoggedOut).not.toHaveBeenCalled();
    advance(1);
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('does nothing for a signed-out user, or once unmounted', () => {
    const signedOut = start(false);
    advance(600_000);
    expect(signedOut.onLoggedOut).not.toHaveBeenCalled();
    const signedIn = start();
    signedIn.hook.unmount();
    advance(600_000);
    expect(signedIn.onLoggedOut).not.toHaveBeenCalled();
    expect(openToasts()).toEqual([]);
  });
});
