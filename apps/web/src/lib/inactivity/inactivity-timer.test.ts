import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInactivityTimer, inactivityDelays, listenForActivity } from './inactivity-timer.ts';

describe('the inactivity timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(sessionLengthSeconds = 1800) {
    const onWarning = vi.fn();
    const onTimeout = vi.fn();
    const timer = createInactivityTimer({ sessionLengthSeconds, onWarning, onTimeout });
    return { timer, onWarning, onTimeout };
  }

  it('warns 60 seconds before the session length and times out at it', () => {
    const { onWarning, onTimeout } = start(1800);
    vi.advanceTimersByTime(1740_000 - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('restarts both timers from now', () => {
    const { timer, onWarning, onTimeout } = start(120);
    vi.advanceTimersByTime(100_000);
    expect(onWarning).toHaveBeenCalledTimes(1);
    timer.restart();
    vi.advanceTimersByTime(59_000);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', () => {
    const { timer, onWarning, onTimeout } = start(120);
    timer.stop();
    vi.advanceTimersByTime(600_000);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('warns at once when the session is no longer than the warning', () => {
    expect(inactivityDelays(45)).toEqual({ warningMs: 0, timeoutMs: 45_000 });
    expect(inactivityDelays(90)).toEqual({ warningMs: 30_000, timeoutMs: 90_000 });
  });
});

describe('listening for activity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports clicks, mouse moves and key presses once they pause for 300 ms', () => {
    const target = new EventTarget();
    const onActivity = vi.fn();
    listenForActivity(target, onActivity);
    target.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(200);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(299);
    expect(onActivity).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onActivity).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(300);
    expect(onActivity).toHaveBeenCalledTimes(2);
  });

  it('ignores other events and stops listening when asked', () => {
    const target = new EventTarget();
    const onActivity = vi.fn();
    const stop = listenForActivity(target, onActivity);
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(300);
    expect(onActivity).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('click'));
    stop();
    vi.advanceTimersByTime(300);
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(300);
    expect(onActivity).not.toHaveBeenCalled();
  });
});
