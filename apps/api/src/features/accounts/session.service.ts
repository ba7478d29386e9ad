import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, type AccountSession } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { UNKNOWN_DEVICE } from './device.js';
import {
  findLiveSession,
  insertSession,
  listLiveSessions,
  priorSessionsOf,
  revokeOwnSession,
  revokeSessionById,
  revokeSessionsOfAccount,
  rotateSessionToken,
  setSessionConfirmed,
  touchSession,
} from './session.repo.js';

/**
 * Sessions (docs/security.md#sessions): an opaque random token of which only the SHA-256 is
 * stored, checked against the database on every call (no cache on any instance, so an ended
 * session answers 401 at once everywhere), with the device and address it began from.
 */

/** Who is calling: the account behind a live session token. */
export type Caller = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** Where a request comes from: the caller's address and the device its browser names. */
export interface ClientInfo {
  address: string;
  device: string;
}
const NO_CLIENT: ClientInfo = { address: '', device: UNKNOWN_DEVICE };

const HOUR_MS = 3_600_000;
/** A rotated token still opens its session this long, for calls already under way. */
const ROTATION_GRACE_MS = 60_000;
/** `last_used_at` is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const idleSince = (now: Date) => new Date(now.getTime() - LIMITS.sessionIdleHours * HOUR_MS);

/** Issues a new session; answers its token (for the `auth` header) and id. */
export async function openSession(db: Db | Tx, accountId: number, client: ClientInfo, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LIMITS.sessionDays * 24 * HOUR_MS);
  const id = await insertSession(db, { accountId, tokenHash: hashToken(token), expiresAt, ...client, now });
  return { token, id };
}

/** Issues an opaque random token; only its hash is stored (docs/product.md#passwords-and-sessions). */
export async function createSession(db: Db | Tx, accountId: number, now = new Date(), client = NO_CLIENT) {
  return (await openSession(db, accountId, client, now)).token;
}

export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Caller | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  const caller = await findLiveSession(
    db,
    hashToken(token),
    now,
    idleSince(now),
    new Date(now.getTime() - ROTATION_GRACE_MS),
  );
  if (caller && now.getTime() - caller.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await touchSession(db, caller.sessionId, now, new Date(now.getTime() - TOUCH_EVERY_MS));
  }
  return caller;
}

/**
 * A new token for the caller's session after a sensitive action (a new password, two-factor
 * sign-in turned on or off, the password entered again, the other sessions ended): whoever
 * copied the old token loses it a minute later. Answers the token for the `auth` header.
 */
export async function rotateSession(db: Db | Tx, caller: Pick<Caller, 'sessionId'>, now = new Date()) {
  const token = newToken();
  if (!(await rotateSessionToken(db, caller.sessionId, hashToken(token), now))) throw notFound('Session');
  return token;
}

export async function revokeSession(db: Db, caller: Caller, now = new Date()) {
  await revokeSessionById(db, caller.sessionId, now);
}

/** Ends every session of an account, e.g. when its password is set anew with a mailed code. */
export async function revokeAllSessions(db: Db | Tx, accountId: number, now = new Date()) {
  return revokeSessionsOfAccount(db, accountId, now);
}

/** Ends every session of an account but the caller's (a password change, DELETE v1/auth/sessions). */
export async function revokeOtherSessions(db: Db | Tx, caller: Caller, now = new Date()) {
  return revokeSessionsOfAccount(db, caller.accountId, now, caller.sessionId);
}

/** GET v1/auth/sessions. */
export async function listSessions(db: Db, caller: Caller, now = new Date()): Promise<AccountSession[]> {
  const rows = await listLiveSessions(db, caller.accountId, now, idleSince(now));
  const current = rows.filter((r) => r.id === caller.sessionId);
  return [...current, ...rows.filter((r) => r.id !== caller.sessionId)].map((r) => ({
    id: r.id,
    device: r.device,
    address: r.address,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt.toISOString(),
    expires_at: new Date(
      Math.min(
        r.expiresAt.getTime(),
        r.lastUsedAt.getTime() + (caller.type !== 'user' ? LIMITS.sessionIdleHours * HOUR_MS : Infinity),
      ),
    ).toISOString(),
    current: r.id === caller.sessionId,
  }));
}

/** DELETE v1/auth/sessions/{id}: one of the caller's own sessions; anyone else's is not found. */
export async function endSession(db: Db | Tx, caller: Caller, sessionId: number, now = new Date()) {
  if (!(await revokeOwnSession(db, caller.accountId, sessionId, now))) throw notFound('Session');
}

/** Whether the account has signed in before, and from this device (the new-device mail). */
export const priorSessions = (db: Db | Tx, accountId: number, device: string) => priorSessionsOf(db, accountId, device);

/** POST v1/auth/confirm has just checked the password: this session may export for a few minutes. */
export async function markConfirmed(db: Db | Tx, caller: Caller, now = new Date()) {
  await setSessionConfirmed(db, caller.sessionId, now);
  return new Date(now.getTime() + LIMITS.confirmMinutes * 60_000);
}

/**
 * Refuses a call that needs the password entered again in this session within the last few
 * minutes (exporting attendee data): 403 `auth.confirm_required`, so the web asks for it and
 * tries again (docs/security.md#re-entering-the-password).
 */
export function requireRecentConfirmation(caller: Pick<Caller, 'confirmedAt'>, now = new Date()) {
  const since = now.getTime() - LIMITS.confirmMinutes * 60_000;
  if (!caller.confirmedAt || caller.confirmedAt.getTime() < since) {
    throw forbidden('Enter your password again to download attendee data', 'auth.confirm_required');
  }
}
