/** Failed sign-ins one account may have within ACCOUNT_WINDOW_MS before it is locked. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** The first lockout; each further one doubles, up to the cap. */
export const FIRST_LOCKOUT_MS = 60_000;
export const MAX_LOCKOUT_MS = 15 * 60_000;
/** Failed sign-ins one client address may have within ADDRESS_WINDOW_MS; the next attempt is refused. */
export const ADDRESS_FAILURE_LIMIT = 20;
export const ADDRESS_WINDOW_MS = 60_000;
/** Forgotten entries are swept at most this often, so the maps cannot grow without bound. */
const SWEEP_INTERVAL_MS = 60_000;

/** Who is trying to sign in: the realm, the username as typed and the client's address. */
export interface LoginAttempt {
  realmId: string;
  username: string;
  address: string;
}

export interface LoginThrottle {
  /**
   * Seconds to wait when the attempt is refused. Otherwise undefined, and the attempt counts as a failure of its
   * account and address until recordSuccess says otherwise: counting before the slow password check stops
   * attempts sent in parallel from all slipping through while the first ones are still being checked.
   */
  admit(attempt: LoginAttempt): number | undefined;
  /** The admitted attempt signed in: the account starts afresh and the attempt no longer counts for the address. */
  recordSuccess(attempt: LoginAttempt): void;
}

interface AccountState {
  /** Times of the failures since the last lockout, oldest first. */
  failures: number[];
  /** Lockouts so far; sets the next lockout's length. */
  lockouts: number;
  lockedUntil: number;
}

/** Case variants and stray spaces name the same account, so they share one counter. */
export function accountKey(realmId: string, username: string): string {
  return `${realmId}\u0000${username.trim().toLowerCase()}`;
}

export function lockoutDurationMs(lockoutNumber: number): number {
  return Math.min(FIRST_LOCKOUT_MS * 2 ** (lockoutNumber - 1), MAX_LOCKOUT_MS);
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`;
}

const toSeconds = (milliseconds: number) => Math.max(1, Math.ceil(milliseconds / 1000));

/**
 * Login throttling kept in this process's memory (see docs/decisions/005-login-throttle-state.md): per account,
 * 5 failures within 15 minutes lock it for 1 minute, doubling per further lockout up to 15 minutes; per
 * address, more than 20 failures a minute are refused. Times come from the app's clock.
 */
export function createLoginThrottle(now: () => Date): LoginThrottle {
  const accounts = new Map<string, AccountState>();
  const addresses = new Map<string, number[]>();
  let lastSweep = now().getTime();

  const recentOnly = (times: number[], windowMs: number, currentTime: number) =>
    times.filter((time) => currentTime - time < windowMs);

  /** An account is forgotten, lockout history included, once it has been quiet for a whole window. */
  function isAccountForgotten(state: AccountState, currentTime: number): boolean {
    const lastEvent = Math.max(state.lockedUntil, state.failures.at(-1) ?? 0);
    return currentTime - lastEvent >= ACCOUNT_WINDOW_MS;
  }

  function sweep(currentTime: number): void {
    if (currentTime - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = currentTime;
    for (const [key, state] of accounts) {
      if (isAccountForgotten(state, currentTime)) accounts.delete(key);
    }
    for (const [address, failures] of addresses) {
      const recent = recentOnly(failures, ADDRESS_WINDOW_MS, currentTime);
      if (recent.length === 0) addresses.delete(address);
      else addresses.set(address, recent);
    }
  }

  function accountOf(key: string, currentTime: number): AccountState {
    const state = accounts.get(key);
    if (state && !isAccountForgotten(state, currentTime)) return state;
    const fresh = { failures: [], lockouts: 0, lockedUntil: 0 };
    accounts.set(key, fresh);
    return fresh;
  }

  return {
    admit(attempt) {
      const currentTime = now().getTime();
      sweep(currentTime);
      const waits: number[] = [];
      const account = accountOf(accountKey(attempt.realmId, attempt.username), currentTime);
      if (account.lockedUntil > currentTime) waits.push(account.lockedUntil - currentTime);
      const addressFailures = recentOnly(
        addresses.get(attempt.address) ?? [],
        ADDRESS_WINDOW_MS,
        currentTime,
      );
      if (addressFailures.length >= ADDRESS_FAILURE_LIMIT) {
        // Open again once enough of the oldest failures have left the window to bring the count under the limit.
        const oldestToExpire = addressFailures[addressFailures.length - ADDRESS_FAILURE_LIMIT] ?? currentTime;
        waits.push(oldestToExpire + ADDRESS_WINDOW_MS - currentTime);
      }
      if (waits.length > 0) return toSeconds(Math.max(...waits));

      addresses.set(attempt.address, [...addressFailures, currentTime]);
      account.failures = [...recentOnly(account.failures, ACCOUNT_WINDOW_MS, currentTime), currentTime];
      if (account.failures.length >= ACCOUNT_FAILURE_LIMIT) {
        account.lockouts += 1;
        account.lockedUntil = currentTime + lockoutDurationMs(account.lockouts);
        account.failures = [];
      }
      return undefined;
    },

    recordSuccess(attempt) {
      accounts.delete(accountKey(attempt.realmId, attempt.username));
      // Which of the address's entries was this attempt does not matter: only their number and age do.
      addresses.get(attempt.address)?.pop();
    },
  };
}
