import { describe, expect, it } from 'vitest';
import {
  accountKey,
  createLoginThrottle,
  lockoutDurationMs,
  tooManyAttemptsMessage,
  type LoginAttempt,
} from './login-throttle.ts';

function throttleWithClock() {
  let time = Date.UTC(2026, 0, 1);
  const throttle = createLoginThrottle(() => new Date(time));
  return {
    throttle,
    advance: (milliseconds: number) => {
      time += milliseconds;
    },
  };
}

const attempt = (username: string, address = '10.0.0.1', realmId = 'realm-a'): LoginAttempt => ({
  realmId,
  username,
  address,
});

describe('login throttle', () => {
  it('lets the 1st to 5th attempts through and refuses the 6th for 60 seconds', () => {
    const { throttle } = throttleWithClock();
    for (let failure = 1; failure <= 5; failure += 1) {
      expect(throttle.admit(attempt('ada'))).toBeUndefined();
    }
    expect(throttle.admit(attempt('ada'))).toBe(60);
  });

  it('keeps realms apart: the same username in another realm is another account', () => {
    const { throttle } = throttleWithClock();
    for (let failure = 1; failure <= 5; failure += 1) throttle.admit(attempt('ada'));
    expect(throttle.admit(attempt('ada', '10.0.0.2', 'realm-b'))).toBeUndefined();
  });

  it('forgets the lockout history once an account has been quiet for 15 minutes', () => {
    const { throttle, advance } = throttleWithClock();
    for (let failure = 1; failure <= 5; failure += 1) throttle.admit(attempt('ada'));
    advance(60_000 + 15 * 60_000);
    for (let failure = 1; failure <= 5; failure += 1) throttle.admit(attempt('ada'));
    expect(throttle.admit(attempt('ada'))).toBe(60);
  });

  it('takes a successful attempt off the account and the address', () => {
    const { throttle } = throttleWithClock();
    for (let failure = 1; failure <= 20; failure += 1) {
      throttle.admit(attempt(failure === 20 ? 'ada' : `guess-${failure}`));
    }
    throttle.recordSuccess(attempt('ada'));
    expect(throttle.admit(attempt('ada'))).toBeUndefined();
    expect(throttle.admit(attempt('grace'))).toBe(60);
  });

  it('names the account by its trimmed, lower-case username within its realm', () => {
    expect(accountKey('realm-a', '  Ada@Example.COM ')).toBe(accountKey('realm-a', 'ada@example.com'));
    expect(accountKey('realm-a', 'ada')).not.toBe(accountKey('realm-b', 'ada'));
  });

  it('doubles each lockout from 1 minute up to 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((lockout) => lockoutDurationMs(lockout) / 1000)).toEqual([
      60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('says how long to wait', () => {
    expect(tooManyAttemptsMessage(60)).toBe('Too many sign-in attempts. Try again in 60 seconds.');
  });
});
