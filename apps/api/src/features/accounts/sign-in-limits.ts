import type { Db } from '../../db/client.js';
import { countHit, releaseHit, clearRateLimit, hitRateLimit } from '../../lib/rate-limit.js';
import { usernameKey, type Username } from './usernames.js';

/**
 * Limits per window (seconds) on attempts that guess or that send mail (docs/security.md,
 * "Sign-in limits"). Guessing is bounded three ways: per username and address (the
 * lockout a person meets), per address across usernames (one machine spraying), and per
 * username across addresses (many machines on one account).
 */
export const SIGN_IN_LIMITS = {
  loginPerUsernameAndAddress: { limit: 5, window: 15 * 60 },
  loginPerAddress: { limit: 20, window: 15 * 60 },
  loginPerUsername: { limit: 50, window: 60 * 60 },
  codeChecksPerUsername: { limit: 10, window: 15 * 60 },
  codeChecksPerAddress: { limit: 30, window: 15 * 60 },
  codeMailsPerUsername: { limit: 5, window: 15 * 60 },
  codeMailsPerAddress: { limit: 20, window: 15 * 60 },
  registrationsPerAddress: { limit: 30, window: 60 * 60 },
  googleSignInsPerAddress: { limit: 30, window: 15 * 60 },
} as const;

type Limit = { limit: number; window: number };

/** Counts one attempt on `key`; 429 once more than the limit fall in the window. */
export const hit = (db: Db, key: string, l: Limit) => hitRateLimit(db, key, l.limit, l.window);

/** The 429 of a refused sign-in: what to do next. */
export const LOCKED_OUT = 'Too many failed sign-in attempts. Please wait 15 minutes or reset your password.';

/** The counters one sign-in attempt is held against. */
function loginKeys(username: Username, ip: string) {
  const user = usernameKey(username);
  return [
    { key: `login:pair:${user}:${ip}`, ...SIGN_IN_LIMITS.loginPerUsernameAndAddress },
    { key: `login:ip:${ip}`, ...SIGN_IN_LIMITS.loginPerAddress },
    { key: `login:user:${user}`, ...SIGN_IN_LIMITS.loginPerUsername },
  ] as const;
}

/**
 * The outcome of counting one attempt: admitted to the password check, or refused; a
 * refusal says whether it is the one that started a lockout naming the username, so the
 * account's owner is told once.
 */
export type LoginAdmission = { admitted: true } | { admitted: false; lockoutStarted: boolean };

/**
 * Counts a sign-in attempt BEFORE the password is checked, one atomic statement per
 * counter, so no number of parallel attempts gets more than the limit through to the
 * password check. Over any limit the attempt is refused and the password is not checked at
 * all (the right one included, until the window has passed). A successful attempt is given
 * back (`admitSuccess`), so only failures use up the allowance.
 */
export async function admitLoginAttempt(db: Db, username: Username, ip: string): Promise<LoginAdmission> {
  const keys = loginKeys(username, ip);
  for (const [i, k] of keys.entries()) {
    const n = await countHit(db, k.key, k.window);
    if (n > k.limit) {
      // This attempt never reaches a password: what it counted on the earlier counters goes back.
      for (const earlier of keys.slice(0, i)) await releaseHit(db, earlier.key);
      return { admitted: false, lockoutStarted: n === k.limit + 1 && !k.key.startsWith('login:ip:') };
    }
  }
  return { admitted: true };
}

/**
 * A right password (or, with two-factor sign-in, a right code after it): this address's lockout
 * count for the username is wiped, and the `attempts` this sign-in counted are released.
 */
export async function admitSuccess(db: Db, username: Username, ip: string, attempts = 1) {
  const [pair, ...others] = loginKeys(username, ip);
  await clearRateLimit(db, pair.key);
  for (let i = 0; i < attempts; i++) for (const k of others) await releaseHit(db, k.key);
}
