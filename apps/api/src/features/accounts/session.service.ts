import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import {
  findLiveSession,
  insertSession,
  revokeSessionById,
  revokeSessionsOfAccount,
  type SessionScope,
} from './session.repo.js';

/** Who is calling: the account behind a live session token. */
export type Caller = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque random token; only its hash is stored (docs/product.md#passwords-and-sessions). */
export async function createSession(db: Db, accountId: number, now = new Date()): Promise<string> {
  return (await openSession(db, accountId, 'full', now)).token;
}

/**
 * A new token for the session a guest gets at checkout, reaching only the bookings made with
 * it (docs/security.md, "Guest checkout"). Checkout stores it (its hash) in the same call
 * that books, so a refused booking opens no session.
 */
export function newCheckoutToken(now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + LIMITS.sessionDays * 86_400_000) };
}

async function openSession(db: Db, accountId: number, scope: SessionScope, now: Date) {
  const { token, tokenHash, expiresAt } = newCheckoutToken(now);
  const sessionId = await insertSession(db, accountId, tokenHash, expiresAt, scope);
  return { token, sessionId };
}

export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Caller | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  return findLiveSession(db, hashToken(token), now);
}

export async function revokeSession(db: Db, caller: Caller, now = new Date()) {
  await revokeSessionById(db, caller.sessionId, now);
}

/** Ends every session of an account, e.g. when its password is set anew. */
export async function revokeAllSessions(db: Db, accountId: number, now = new Date()) {
  await revokeSessionsOfAccount(db, accountId, now);
}
